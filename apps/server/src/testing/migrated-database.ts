import { afterAll, beforeAll } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createTestDatabase } from './test-database.ts';

/**
 * A database of its own for the calling test file (or describe block), migrated before its tests
 * and dropped after them. Read `handle()` inside tests: it exists only once `beforeAll` has run.
 */
export function useMigratedTestDatabase(): () => DatabaseHandle {
  let database: DatabaseHandle | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateToLatest(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });
  return () => {
    if (!database) throw new Error('the test database is opened in beforeAll');
    return database;
  };
}
