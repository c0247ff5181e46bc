import { type Kysely, sql } from 'kysely';

/**
 * PROTECTION.md "Account security": players' two-factor (a sealed TOTP secret, the last step taken,
 * hashed single-use recovery codes, the devices that passed it), the user agent of each session for
 * the login history, and the operator's wait before a new withdrawal address may be used.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table player_two_factor (
      player_id integer primary key references players (id),
      secret_sealed text not null,
      enabled_at timestamptz,
      last_step bigint,
      failures integer not null default 0,
      failures_since timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table player_recovery_codes (
      id bigint generated always as identity primary key,
      player_id integer not null references players (id),
      code_hash text not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index player_recovery_codes_player on player_recovery_codes (player_id) where used_at is null`.execute(db);
  await sql`
    create table player_known_devices (
      player_id integer not null references players (id),
      device_hash text not null,
      created_at timestamptz not null default now(),
      primary key (player_id, device_hash)
    )`.execute(db);
  await sql`
    create table account_security_settings (
      id smallint primary key check (id = 1),
      address_wait_hours integer not null check (address_wait_hours between 0 and 720),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`insert into account_security_settings (id, address_wait_hours) values (1, 24)`.execute(db);
  await sql`alter table player_sessions add column user_agent text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table player_sessions drop column if exists user_agent`.execute(db);
  for (const table of ['account_security_settings', 'player_known_devices', 'player_recovery_codes', 'player_two_factor']) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
