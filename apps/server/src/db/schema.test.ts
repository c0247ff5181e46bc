import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useMigratedTestDatabase } from '../testing/migrated-database.ts';
import { DECLARED_TABLES } from './schema.ts';

/** Kysely's migrator keeps these for itself; no module reads them. */
const MIGRATOR_TABLES = ['kysely_migration', 'kysely_migration_lock'];

describe('the declared table types', () => {
  const handle = useMigratedTestDatabase();

  async function migratedTables(): Promise<string[]> {
    const { rows } = await sql<{ table_name: string }>`
      select table_name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(handle().db);
    return rows.map((row) => row.table_name).filter((name) => !MIGRATOR_TABLES.includes(name));
  }

  it('declare a type for every table of the latest migration, and none for a table it lacks', async () => {
    const migrated = await migratedTables();
    expect(migrated.length).toBeGreaterThan(50);
    expect([...migrated].sort()).toEqual([...DECLARED_TABLES].sort());
  });

  it('name each table once', () => {
    expect(new Set(DECLARED_TABLES).size).toBe(DECLARED_TABLES.length);
  });
});
