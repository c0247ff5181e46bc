import { sql, type Kysely } from 'kysely';

/** Money columns of a figures row, in the order the pending and the daily rows both list them. */
const FIGURE_COLUMNS = `
  deposits bigint not null default 0,
  deposit_amount bigint not null default 0,
  first_deposits bigint not null default 0,
  first_deposit_amount bigint not null default 0,
  withdrawals bigint not null default 0,
  withdrawal_amount bigint not null default 0,
  bets bigint not null default 0,
  stake bigint not null default 0,
  payout bigint not null default 0,
  bonus_paid bigint not null default 0,
  bonus_released bigint not null default 0,
  bonus_forfeited bigint not null default 0`;

/**
 * The operators' figures (CONSOLE.md "Dashboard"), kept as money moves rather than read from bets:
 * - `ops_daily_figures`: per UTC day, currency, game type (0 for money that belongs to no game) and
 *   slot, the sums the dashboard shows. A slot (the writing transaction's id modulo 8) keeps writers
 *   of one day from queuing on one row, as the house account's shards do; readers add the slots up.
 * - `ops_daily_registrations`: registrations per UTC day and slot (they have no currency).
 * - `ops_figures_pending`: what the money paths of a transaction add (the turnover recording, and
 *   the triggers on players, deposits, withdrawals, bonus credits, wagering and forfeits), folded
 *   into the daily rows by a deferred trigger at commit (functions/ops_figures_fold.sql): the daily
 *   rows are locked last, in key order, so they never take part in a deadlock and are held only
 *   for the commit.
 * - `player_vip.last_played_on`: the UTC day of the player's last recorded round, set by the
 *   statement that already adds their XP; active players are counted from it.
 * Figures of the money moved before this migration are rebuilt from the records once, here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table ops_daily_figures (
      day date not null,
      currency text not null check (currency in ('USDT', 'TRX')),
      game_type smallint not null,
      slot smallint not null,
      ${sql.raw(FIGURE_COLUMNS)},
      primary key (day, currency, game_type, slot)
    ) with (fillfactor = 70)`.execute(db);
  await sql`
    create table ops_daily_registrations (
      day date not null,
      slot smallint not null,
      registrations bigint not null default 0,
      primary key (day, slot)
    ) with (fillfactor = 70)`.execute(db);
  await sql`
    create table ops_figures_pending (
      tx bigint not null default txid_current(),
      currency text check (currency in ('USDT', 'TRX')),
      game_type smallint not null default 0,
      registrations bigint not null default 0,
      ${sql.raw(FIGURE_COLUMNS)},
      check ((currency is null) = (registrations <> 0))
    )`.execute(db);
  await sql`create index ops_figures_pending_tx on ops_figures_pending (tx)`.execute(db);
  await sql`alter table player_vip add column last_played_on date`.execute(db);
  // Counting active players reads this index alone; its entry changes once a day per player, so the
  // recording's updates stay heap-only the rest of the day.
  await sql`create index player_vip_last_played on player_vip (last_played_on) where last_played_on is not null`.execute(db);
  // The console finds players by the beginning of their account (modules/figures/players-ops.repo.ts).
  await sql`create index players_account_prefix on players (lower(account) text_pattern_ops)`.execute(db);

  await backfill(db);
}

async function backfill(db: Kysely<any>): Promise<void> {
  const utcDay = (column: string) => sql.raw(`(${column} at time zone 'UTC')::date`);
  await sql`
    insert into ops_daily_registrations (day, slot, registrations)
    select ${utcDay('created_at')}, 0, count(*) from players group by 1`.execute(db);
  await sql`
    insert into ops_daily_figures (day, currency, game_type, slot, bets, stake, payout)
    select ${utcDay('settled_at')}, currency, game_type, 0, count(*), sum(stake), sum(payout)
    from turnover_records group by 1, 2, 3`.execute(db);
  await sql`
    update player_vip v set last_played_on = t.day
    from (select player_id, max(${utcDay('settled_at')}) as day from turnover_records group by player_id) t
    where t.player_id = v.player_id`.execute(db);
  const money = (columns: string, select: ReturnType<typeof sql>) => sql`
    insert into ops_daily_figures as f (day, currency, game_type, slot, ${sql.raw(columns)})
    ${select}
    on conflict (day, currency, game_type, slot) do update
      set ${sql.raw(
        columns
          .split(',')
          .map((column) => `${column.trim()} = f.${column.trim()} + excluded.${column.trim()}`)
          .join(', '),
      )}`;
  await money(
    'deposits, deposit_amount',
    sql`select ${utcDay('credited_at')}, currency, 0, 0, count(*), sum(amount) from deposits where status = 'credited' group by 1, 2`,
  ).execute(db);
  await money(
    'first_deposits, first_deposit_amount',
    sql`select ${utcDay('credited_at')}, currency, 0, 0, count(*), sum(amount) from (
          select distinct on (player_id) credited_at, currency, amount from deposits where status = 'credited' order by player_id, credited_at, id
        ) first group by 1, 2`,
  ).execute(db);
  await money(
    'withdrawals, withdrawal_amount',
    sql`select ${utcDay('completed_at')}, currency, 0, 0, count(*), sum(amount) from withdrawals where status = 'confirmed' group by 1, 2`,
  ).execute(db);
  await money(
    'bonus_paid, bonus_released',
    sql`select ${utcDay('created_at')}, currency, 0, 0, sum(amount), sum(amount) filter (where wagering_added = 0) from bonus_credits group by 1, 2`,
  ).execute(db);
  await money(
    'bonus_released',
    sql`select ${utcDay('t.created_at')}, e.currency, 0, 0, sum(e.amount)
        from ledger_transfers t join ledger_entries e on e.transfer_id = t.id and e.amount > 0
        where t.kind = 'bonus_release' group by 1, 2`,
  ).execute(db);
  await money(
    'bonus_forfeited',
    sql`select ${utcDay('created_at')}, currency, 0, 0, sum(amount) from bonus_forfeits where action = 'forfeit' group by 1, 2`,
  ).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const trigger of [
    'ops_figures_registration on players',
    'ops_figures_first_deposit on players',
    'ops_figures_deposit on deposits',
    'ops_figures_withdrawal on withdrawals',
    'ops_figures_bonus_credit on bonus_credits',
    'ops_figures_bonus_release on wagering',
    'ops_figures_bonus_forfeit on bonus_forfeits',
  ]) {
    await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
  }
  await sql`drop index if exists players_account_prefix`.execute(db);
  await sql`drop index if exists player_vip_last_played`.execute(db);
  await sql`alter table player_vip drop column if exists last_played_on`.execute(db);
  await sql`drop table if exists ops_figures_pending`.execute(db);
  await sql`drop table if exists ops_daily_registrations`.execute(db);
  await sql`drop table if exists ops_daily_figures`.execute(db);
  for (const name of [
    'ops_figures_fold',
    'ops_figures_registration',
    'ops_figures_first_deposit',
    'ops_figures_payment',
    'ops_figures_bonus_credit',
    'ops_figures_bonus_release',
    'ops_figures_bonus_forfeit',
  ]) {
    // The next start applies the function files again once a function of their name is missing.
    await sql.raw(`drop function if exists ${name}()`).execute(db);
  }
}
