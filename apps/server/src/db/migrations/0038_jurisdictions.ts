import { sql, type Kysely } from 'kysely';

/**
 * PROTECTION.md "Jurisdictions": the country a session signed in from, as the offline IP database
 * placed the address at sign-in (null for a private or unknown address, and for sessions older than
 * this). Staff read it on the player's sessions and the login history. The blocked countries
 * themselves live in the site configuration (`site_config`, key `jurisdiction`), seeded empty.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table player_sessions add column country char(2)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table player_sessions drop column if exists country`.execute(db);
}
