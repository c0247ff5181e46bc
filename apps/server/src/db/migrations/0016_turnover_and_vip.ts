import { sql, type Kysely } from 'kysely';

/**
 * Valid turnover and VIP.
 *
 * `turnover_records`: one row per (player, round, currency) when the round settles, for hash games
 * (`hash:<game>:<level>:<round>`) and third-party rounds (`tp:<aggregator>:<round>`): total stake,
 * total payout and `valid = min(stake, |payout - stake|)`, with its USDT equivalent (the XP it gave).
 * A unique key makes recording a third-party round idempotent (a hash round is recorded once by
 * its block's claim).
 * `player_vip`: lifetime XP (USDT-equivalent valid turnover, micro-units) and the level it reached
 * (levels never drop), and the XP of the current and the previous Asia/Shanghai month
 * ('YYYY-MM'), which the monthly gift asks for, kept in the same update as the XP.
 * `vip_gift_claims`: one row per gift paid, level gifts by level number and monthly gifts by
 * Asia/Shanghai month ('YYYY-MM'), so a gift is paid once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table turnover_records (
      player_id integer not null,
      round_key text not null check (length(round_key) between 1 and 200),
      game_type smallint not null,
      currency text not null check (currency in ('USDT', 'TRX')),
      stake bigint not null check (stake >= 0),
      payout bigint not null check (payout >= 0),
      valid bigint not null check (valid >= 0 and valid <= stake),
      usdt_equivalent bigint not null check (usdt_equivalent >= 0),
      settled_at timestamptz not null default now()
    )`.execute(db);
  // Only third-party rounds can be reported twice (an aggregator's retry); a hash round is recorded
  // once under its block's claim, so its 100,000-bet rounds maintain no unique index.
  await sql`create unique index turnover_records_third_party_key on turnover_records (player_id, round_key, currency) where round_key like 'tp:%'`.execute(db);

  await sql`
    create table player_vip (
      player_id integer primary key,
      xp bigint not null default 0 check (xp >= 0),
      vip_level smallint not null default 0 check (vip_level >= 0),
      level_reached_at timestamptz not null default now(),
      month text not null default '',
      month_xp bigint not null default 0 check (month_xp >= 0),
      prev_month text not null default '',
      prev_month_xp bigint not null default 0 check (prev_month_xp >= 0),
      updated_at timestamptz not null default now()
    )`.execute(db);

  // Written for every player of a settled round: no foreign keys on these hot rows (hash_bets has
  // none either); recording reads players once, through this small index, to skip experience accounts.
  await sql`create index players_experience_idx on players (id) where experience_type = 1`.execute(db);
  await sql`alter table rebate_accruals drop constraint if exists rebate_accruals_player_id_fkey`.execute(db);

  await sql`
    create table vip_gift_claims (
      player_id integer not null references players(id),
      kind text not null check (kind in ('level', 'month')),
      period text not null check (period ~ '^([0-9]{1,3}|[0-9]{4}-[0-9]{2})$'),
      vip_level smallint not null,
      currency text not null check (currency in ('USDT', 'TRX')),
      amount bigint not null check (amount > 0),
      request_id text not null,
      created_at timestamptz not null default now(),
      primary key (player_id, kind, period)
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists players_experience_idx`.execute(db);
  for (const table of ['vip_gift_claims', 'player_vip', 'turnover_records']) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
