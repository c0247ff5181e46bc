import { sql, type Kysely } from 'kysely';

/**
 * Four eyes on API keys (CONSOLE.md): a key made in the console works only once a second person has
 * approved it. Keys made before, and keys made by the host's `npm run console -- create-api-key`,
 * count as approved when made.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table staff_api_keys add column approved_at timestamptz`.execute(db);
  await sql`update staff_api_keys set approved_at = created_at`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table staff_api_keys drop column if exists approved_at`.execute(db);
}
