import { sql, type Kysely } from 'kysely';

/**
 * Valid turnover and VIP.
 *
 * `turnover_records`: one row per (player, round, currency) when the round settles, for hash games
 * (`hash:<game>:<level>:<round>`) and third-party rounds (`tp:<aggregator>:<round>`): total stake,
 * total payout and `valid = min(stake, |payout - stake|)`, with its USDT equivalent (the XP it gave).
 * The primary key makes recording a round idempotent. Read by player and time for the monthly gift.
 * `player_vip`: lifetime XP (USDT-equivalent valid turnover, micro-units) and the level it reached;
 * levels never drop. `vip_gift_claims`: one row per gift paid, level gifts by level number and
 * monthly gifts by Asia/Shanghai month ('YYYY-MM'), so a gift is paid once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table turnover_records (
      player_id integer not null references players(id),
      round_key text not null check (length(round_key) between 1 and 200),
      game_type smallint not null,
      currency text not null check (currency in ('USDT', 'TRX')),
      stake bigint not null check (stake >= 0),
      payout bigint not null check (payout >= 0),
      valid bigint not null check (valid >= 0 and valid <= stake),
      usdt_equivalent bigint not null check (usdt_equivalent >= 0),
      settled_at timestamptz not null default now(),
      primary key (player_id, round_key, currency)
    )`.execute(db);
  await sql`create index turnover_records_player_time_idx on turnover_records (player_id, settled_at)`.execute(db);

  await sql`
    create table player_vip (
      player_id integer primary key references players(id),
      xp bigint not null default 0 check (xp >= 0),
      vip_level smallint not null default 0 check (vip_level >= 0),
      level_reached_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);

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
  for (const table of ['vip_gift_claims', 'player_vip', 'turnover_records']) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
