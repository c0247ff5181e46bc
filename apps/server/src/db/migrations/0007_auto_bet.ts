import { sql, type Kysely } from 'kysely';

/**
 * Auto-bet: each player's saved strategies, the runs (one open per player), their bets and the
 * rounds they watched, and the runner's cursor (the last block it processed), so a restarted or
 * failed-over runner carries on from the tables alone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table auto_bet_strategies (
      player_id integer not null,
      game_id smallint not null,
      strategy jsonb not null,
      wake_up jsonb not null,
      updated_at timestamptz not null default now(),
      primary key (player_id, game_id)
    )`.execute(db);

  // `state` is the runner's working memory of a run (progression step, side, wake-up streak, the bet
  // in flight); it is rewritten whole at every block, so it is one document rather than columns.
  await sql`
    create table auto_bet_runs (
      id bigserial primary key,
      player_id integer not null,
      game_id smallint not null,
      level smallint not null check (level in (0, 1)),
      currency text not null check (currency in ('USDT', 'TRX')),
      simulate boolean not null,
      settings jsonb not null,
      state jsonb not null,
      is_open boolean not null default true,
      pending_round bigint,
      stop_type smallint not null default 0 check (stop_type between 0 and 5),
      total_num integer not null default 0,
      win_num integer not null default 0,
      reward bigint not null default 0,
      virtual_balance bigint,
      cleared boolean not null default false,
      started_at timestamptz not null default now(),
      stopped_at timestamptz
    )`.execute(db);
  await sql`create unique index auto_bet_runs_one_open on auto_bet_runs (player_id) where is_open`.execute(db);
  // What the runner loads every block: open runs, and closed ones whose last bet is still to settle.
  await sql`create index auto_bet_runs_active on auto_bet_runs (id) where is_open or pending_round is not null`.execute(db);
  await sql`create index auto_bet_runs_log on auto_bet_runs (player_id, game_id, simulate, id)`.execute(db);

  await sql`
    create table auto_bet_records (
      run_id bigint not null references auto_bet_runs (id) on delete cascade,
      round bigint not null,
      amount bigint not null check (amount > 0),
      area text not null,
      odds_bp integer not null,
      status smallint not null default 1,
      profit bigint,
      bet_id bigint,
      created_at timestamptz not null default now(),
      primary key (run_id, round)
    )`.execute(db);

  await sql`
    create table auto_bet_results (
      run_id bigint not null references auto_bet_runs (id) on delete cascade,
      block_num bigint not null,
      announce_area text,
      block_hash text not null,
      stop_type smallint not null default 0,
      time timestamptz not null default now(),
      primary key (run_id, block_num)
    )`.execute(db);

  await sql`
    create table auto_bet_cursor (
      name text primary key,
      height bigint not null
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['auto_bet_cursor', 'auto_bet_results', 'auto_bet_records', 'auto_bet_runs', 'auto_bet_strategies']) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
