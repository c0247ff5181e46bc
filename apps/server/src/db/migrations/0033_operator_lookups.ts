import { sql, type Kysely } from 'kysely';

/**
 * Indexes for the operator's risk and finance reads: accounts linked by a sign-in address, a device
 * code, a deposit's source address or a bet address, and the big winners of a period. Each was a
 * sequential scan. `player_daily_bets` rows are updated in place by settlement without touching
 * `day` or `currency`, so the new index keeps those updates heap-only.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index if not exists player_sessions_login_ip on player_sessions (login_ip)`.execute(db);
  await sql`create index if not exists player_sessions_device_code on player_sessions (device_code) where device_code is not null`.execute(db);
  await sql`create index if not exists deposits_from_address on deposits (from_address)`.execute(db);
  await sql`create index if not exists bet_addresses_activated_address on bet_addresses (address) where activated_at is not null`.execute(db);
  await sql`create index if not exists player_daily_bets_day_currency on player_daily_bets (day, currency)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    'player_daily_bets_day_currency',
    'bet_addresses_activated_address',
    'deposits_from_address',
    'player_sessions_device_code',
    'player_sessions_login_ip',
  ]) {
    await sql`drop index if exists ${sql.ref(index)}`.execute(db);
  }
}
