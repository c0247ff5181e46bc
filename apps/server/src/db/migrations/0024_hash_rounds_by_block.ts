import { sql, type Kysely } from 'kysely';

/**
 * A hash round is its deciding block (ECONOMY.md "Valid turnover"): per player and currency, every
 * hash bet settled by block T, whatever the game, level or way, is one round `hash:<T>`.
 *
 * Page bets of T settle when T is stored; transfer bets in T are seen when the transfer scan reaches
 * them, later. A player who can have both (a bound bet address, or a transfer already seen) keeps the
 * round open in `hash_open_rounds` (running stake, payout and bet count) until the scan has passed
 * the block for good; then the round's turnover is recorded once, from its totals.
 * `hash_blocks.turnover_closed_at` says a block's rounds were closed: a transfer of that block seen
 * afterwards adds no turnover. Blocks settled before this migration are closed as they stand.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table hash_open_rounds (
      height bigint not null,
      player_id integer not null,
      currency text not null check (currency in ('USDT', 'TRX')),
      stake bigint not null check (stake >= 0),
      payout bigint not null check (payout >= 0),
      bets integer not null check (bets > 0),
      primary key (height, player_id, currency)
    )`.execute(db);
  await sql`alter table hash_blocks add column turnover_closed_at timestamptz`.execute(db);
  await sql`update hash_blocks set turnover_closed_at = settled_at where settled_at is not null`.execute(db);
  // The blocks still open: a handful (those within the transfer scan's reach).
  await sql`create index hash_blocks_turnover_open on hash_blocks (height) where turnover_closed_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists hash_blocks_turnover_open`.execute(db);
  await sql`alter table hash_blocks drop column if exists turnover_closed_at`.execute(db);
  await sql`drop table if exists hash_open_rounds`.execute(db);
}
