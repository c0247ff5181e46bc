import { sql, type Kysely } from 'kysely';

/**
 * Login failures name the account they were against, so an account can be locked however many
 * addresses the guesses come from; and sessions are looked up by (player, address) to tell the
 * addresses a player has signed in from lately, which the account-wide lock leaves open.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table login_failures add column player_id integer`.execute(db);
  await sql`create index login_failures_player_idx on login_failures (player_id, failed_at) where player_id is not null`.execute(db);
  await sql`create index player_sessions_login_ip_idx on player_sessions (player_id, login_ip, created_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists player_sessions_login_ip_idx`.execute(db);
  await sql`drop index if exists login_failures_player_idx`.execute(db);
  await sql`alter table login_failures drop column player_id`.execute(db);
}
