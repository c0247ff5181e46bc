import { sql, type Kysely } from 'kysely';

/**
 * Third-party games played through an aggregator's seamless wallet.
 *
 * `third_game_sessions`: one row per game launch, named by the token handed to the aggregator; the
 * wallet refuses bets on an unknown or ended session.
 *
 * `provider_transactions`: every bet, win and rollback the aggregator sent, once per
 * (aggregator, transaction_uuid), with the ledger transfer that applied it. A rollback of a transaction
 * never seen leaves a `placeholder` bet row under the referenced uuid, so that bet, arriving late, is
 * refused instead of debited. Amounts are the aggregator's units (1/100000 of the currency).
 *
 * `provider_rounds`: one row per aggregator round of a player, with bet and win totals in
 * micro-units of the backing ledger currency, for bet records and turnover.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table third_game_sessions (
      id bigserial primary key,
      token text not null unique,
      player_id integer not null references players(id),
      aggregator text not null,
      game_code text not null,
      game_type smallint not null,
      manufacturer text not null,
      created_at timestamptz not null default now(),
      ended_at timestamptz
    )`.execute(db);
  await sql`create index third_game_sessions_open_idx on third_game_sessions (player_id, game_code) where ended_at is null`.execute(db);

  await sql`
    create table provider_transactions (
      id bigserial primary key,
      aggregator text not null,
      transaction_uuid text not null,
      kind text not null check (kind in ('bet', 'win', 'rollback')),
      player_id integer not null references players(id),
      user_id text not null,
      round text,
      game_code text,
      currency text not null,
      amount bigint not null check (amount >= 0),
      reference_transaction_uuid text,
      placeholder boolean not null default false,
      rolled_back boolean not null default false,
      ledger_transfer_id bigint,
      created_at timestamptz not null default now(),
      constraint provider_transactions_once unique (aggregator, transaction_uuid),
      constraint provider_transactions_placeholder_is_bet check (not placeholder or (kind = 'bet' and amount = 0 and rolled_back))
    )`.execute(db);
  await sql`create index provider_transactions_reference_idx on provider_transactions (aggregator, reference_transaction_uuid) where reference_transaction_uuid is not null`.execute(
    db,
  );

  await sql`
    create table provider_rounds (
      id bigserial primary key,
      aggregator text not null,
      round text not null,
      player_id integer not null references players(id),
      game_code text not null,
      game_type smallint not null,
      manufacturer text not null,
      currency text not null check (currency in ('USDT', 'TRX')),
      bet_total bigint not null default 0 check (bet_total >= 0),
      win_total bigint not null default 0 check (win_total >= 0),
      bet_count integer not null default 0,
      opened_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      closed_at timestamptz,
      constraint provider_rounds_once unique (aggregator, player_id, round)
    )`.execute(db);
  await sql`create index provider_rounds_player_idx on provider_rounds (player_id, opened_at desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists provider_rounds`.execute(db);
  await sql`drop table if exists provider_transactions`.execute(db);
  await sql`drop table if exists third_game_sessions`.execute(db);
}
