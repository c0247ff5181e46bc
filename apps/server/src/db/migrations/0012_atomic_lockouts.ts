import { sql, type Kysely } from 'kysely';

/**
 * Wrong passwords are counted before the password is checked: each try first reserves a failure
 * row (under a lock per player), is refused outright when the window is full, and gives its row
 * back only when the password was right. The rows therefore need an id to be given back by.
 *
 * Login failures also name the account they were against, so an account can be locked however
 * many addresses the guesses come from; and the sessions are looked up by (player, address) to tell
 * the addresses a player has signed in from before, which the account-wide lock leaves open.
 *
 * A fund-password try that has not been answered yet is `pending`: a right PIN clears the answered
 * failures but leaves the ones still being checked, so a concurrent burst cannot be wiped by one hit.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table login_failures add column id bigint generated always as identity primary key`.execute(db);
  await sql`alter table login_failures add column player_id integer`.execute(db);
  await sql`create index login_failures_player_idx on login_failures (player_id, failed_at) where player_id is not null`.execute(db);
  await sql`create index player_sessions_login_ip_idx on player_sessions (player_id, login_ip, created_at)`.execute(db);

  await sql`alter table fund_password_failures add column id bigint generated always as identity primary key`.execute(db);
  await sql`alter table fund_password_failures add column pending boolean not null default false`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table fund_password_failures drop column pending`.execute(db);
  await sql`alter table fund_password_failures drop column id`.execute(db);
  await sql`drop index if exists player_sessions_login_ip_idx`.execute(db);
  await sql`drop index if exists login_failures_player_idx`.execute(db);
  await sql`alter table login_failures drop column player_id`.execute(db);
  await sql`alter table login_failures drop column id`.execute(db);
}
