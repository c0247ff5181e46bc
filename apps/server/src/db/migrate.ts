import { Migrator, type Migration } from 'kysely';
import type { Db } from './database.ts';
import { migrations } from './migrations/index.ts';

/** Applies every pending migration, in name order. Several instances starting at once are safe: Kysely locks. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations as Record<string, Migration> },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
