import { Migrator, type Migration } from 'kysely';
import type { Db } from './database.ts';
import { migrations } from './migrations/index.ts';
import { applySqlFunctions } from './sql-functions.ts';

/**
 * Applies every pending migration, in name order, then every database function whose file in
 * `functions/` changed (see sql-functions.ts). Several instances starting at once are safe: Kysely
 * locks the migrations, an advisory lock the functions. Returns the migrations applied.
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations as Record<string, Migration> },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  await applySqlFunctions(db);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
