import { sql, type Kysely } from 'kysely';

/**
 * Hash games: the blocks the round engine has seen, every bet (placed in the app or sent as a
 * transfer), the incoming transfers to the game addresses, and the on-chain payouts and refunds.
 *
 * A round has no row of its own: it is named by its deciding height, and `hash_blocks` holds the
 * block that decides it and whether its bets were settled (`settled_at`, claimed once).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table hash_blocks (
      height bigint primary key,
      block_id text not null check (block_id ~ '^[0-9a-f]{64}$'),
      parent_hash text not null,
      block_time bigint not null,
      ingested_at timestamptz not null default now(),
      settled_at timestamptz,
      settled_bets integer
    )`.execute(db);
  // The engine's to-do list after a crash: blocks stored but not yet settled.
  await sql`create index hash_blocks_unsettled on hash_blocks (height) where settled_at is null`.execute(db);

  // No foreign key to players: checking it would take a key-share lock on the player row for every
  // bet, and a player's concurrent bets would then queue on one another for nothing.
  // Settlement changes status, payout and settled_at, none of which is indexed, so those updates can
  // stay on the row's page (HOT) instead of touching every index; the free space is kept for that.
  await sql`
    create table hash_bets (
      id bigserial primary key,
      source text not null check (source in ('page', 'transfer')),
      player_id integer,
      request_id text,
      game_id smallint not null,
      level smallint not null check (level in (0, 1)),
      round bigint not null check (round > 0),
      area text not null,
      currency text not null check (currency in ('USDT', 'TRX')),
      amount bigint not null check (amount > 0),
      odds_bp integer not null check (odds_bp >= 10000),
      status smallint not null default 1 check (status between 0 and 9),
      payout bigint check (payout >= 0),
      tx_id text,
      from_address text,
      created_at timestamptz not null default now(),
      settled_at timestamptz,
      constraint hash_bets_page_has_request check (source <> 'page' or (player_id is not null and request_id is not null)),
      constraint hash_bets_transfer_has_tx check (source <> 'transfer' or (tx_id is not null and from_address is not null))
    ) with (fillfactor = 50)`.execute(db);
  await sql`create unique index hash_bets_request on hash_bets (player_id, request_id) where request_id is not null`.execute(db);
  // One transaction id is one bet, ever.
  await sql`create unique index hash_bets_tx on hash_bets (tx_id) where tx_id is not null`.execute(db);
  await sql`create index hash_bets_round on hash_bets (round)`.execute(db);
  await sql`create index hash_bets_player on hash_bets (player_id, id) where player_id is not null`.execute(db);
  await sql`create index hash_bets_player_round on hash_bets (player_id, round) where player_id is not null`.execute(db);

  // Every transfer to a game address the watcher has acted on, bet or refund: the primary key is what
  // makes a transfer seen twice count once.
  await sql`
    create table hash_transfer_receipts (
      tx_id text primary key,
      game_id smallint not null,
      level smallint not null,
      currency text not null check (currency in ('USDT', 'TRX')),
      from_address text not null,
      to_address text not null,
      amount bigint not null check (amount > 0),
      block_height bigint not null,
      player_id integer,
      outcome text not null check (outcome in ('bet', 'refund')),
      bet_id bigint references hash_bets(id),
      refund_amount bigint,
      refund_code integer,
      created_at timestamptz not null default now()
    )`.execute(db);

  // At most one payout per incoming transfer (unique receipt), and every signed transaction recorded
  // before it is broadcast, so a crash can always be reconciled from the chain.
  await sql`
    create table hash_chain_payouts (
      id bigserial primary key,
      receipt_tx_id text not null unique references hash_transfer_receipts(tx_id),
      bet_id bigint references hash_bets(id),
      purpose text not null check (purpose in ('payout', 'refund')),
      to_address text not null,
      currency text not null check (currency in ('USDT', 'TRX')),
      amount bigint not null check (amount > 0),
      status text not null default 'pending' check (status in ('pending', 'signed', 'broadcast', 'confirmed', 'failed')),
      tx_id text unique,
      signed_tx text,
      tx_expiration bigint,
      attempts integer not null default 0,
      last_error text,
      block_number bigint,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      completed_at timestamptz
    )`.execute(db);
  await sql`create index hash_chain_payouts_open on hash_chain_payouts (id) where status in ('pending', 'signed', 'broadcast')`.execute(db);
  await sql`create index hash_chain_payouts_bet on hash_chain_payouts (bet_id) where bet_id is not null`.execute(db);

  // Every transaction ever signed for a payout, so an older attempt is never forgotten.
  await sql`
    create table hash_payout_attempts (
      tx_id text primary key,
      payout_id bigint not null references hash_chain_payouts(id),
      attempt integer not null,
      expiration bigint not null,
      outcome text check (outcome in ('confirmed', 'reverted', 'expired', 'refused')),
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table hash_transfer_cursors (
      address text not null,
      currency text not null check (currency in ('USDT', 'TRX')),
      cursor_ms bigint not null,
      primary key (address, currency)
    )`.execute(db);

  // Page bets are placed by `hash_place_bets`, in functions/hash_place_bets.sql.
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists hash_place_bets`.execute(db);
  for (const table of ['hash_transfer_cursors', 'hash_payout_attempts', 'hash_chain_payouts', 'hash_transfer_receipts', 'hash_bets', 'hash_blocks']) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
