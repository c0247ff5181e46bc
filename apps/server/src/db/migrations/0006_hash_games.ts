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

  /*
   * A page bet in one statement: the idempotency lookup, the round check under the head lock, the bet
   * row and the player's debit through the ledger's own function.
   *
   * Ordering against block ingestion: the engine stores a block while holding the head lock
   * exclusively (pg_advisory_xact_lock), a bet holds it shared until it commits. The head is read
   * after the lock is granted, and a VOLATILE function reads with a fresh snapshot per statement, so
   * it sees every block stored before; blocks stored later wait for this bet to commit. The caller
   * computes the round from the package's schedule and passes the head range in which that round
   * takes bets; a head outside it answers 'closed' with the head, and the caller recomputes.
   * A head older than p_min_head_time means the engine has stopped following the chain: the
   * deciding block may already be public, so the bet is refused too.
   */
  await sql`
    create function hash_place_bet(
      p_player_id integer,
      p_request_id text,
      p_game_id smallint,
      p_level smallint,
      p_area text,
      p_currency text,
      p_amount bigint,
      p_odds_bp integer,
      p_round bigint,
      p_opens_at_head bigint,
      p_last_bet_head bigint,
      p_min_head_time bigint,
      p_head_lock bigint,
      p_house_shard bigint
    ) returns table (
      o_outcome text,
      o_head bigint,
      o_id bigint,
      o_game_id smallint,
      o_level smallint,
      o_round bigint,
      o_area text,
      o_currency text,
      o_amount bigint,
      o_odds_bp integer,
      o_status smallint,
      o_payout bigint,
      o_created_at timestamptz,
      o_settled_at timestamptz,
      o_usdt bigint,
      o_trx bigint
    ) language plpgsql as $$
    declare
      v_bet hash_bets%rowtype;
      v_head bigint;
      v_head_time bigint;
      v_outcome text := 'placed';
    begin
      select * into v_bet from hash_bets b where b.player_id = p_player_id and b.request_id = p_request_id;
      if found then
        v_outcome := 'replayed';
      else
        perform pg_advisory_xact_lock_shared(p_head_lock);
        select h.height, h.block_time into v_head, v_head_time from hash_blocks h order by h.height desc limit 1;
        if v_head is null or v_head < p_opens_at_head or v_head > p_last_bet_head or v_head_time < p_min_head_time then
          return query select 'closed'::text, v_head, null::bigint, null::smallint, null::smallint, null::bigint, null::text,
            null::text, null::bigint, null::integer, null::smallint, null::bigint, null::timestamptz, null::timestamptz,
            null::bigint, null::bigint;
          return;
        end if;
        insert into hash_bets (source, player_id, request_id, game_id, level, round, area, currency, amount, odds_bp)
        values ('page', p_player_id, p_request_id, p_game_id, p_level, p_round, p_area, p_currency, p_amount, p_odds_bp)
        on conflict (player_id, request_id) where request_id is not null do nothing
        returning * into v_bet;
        if not found then
          -- The same request committed meanwhile on another connection: answer with that bet.
          select * into v_bet from hash_bets b where b.player_id = p_player_id and b.request_id = p_request_id;
          v_outcome := 'replayed';
        else
          perform ledger_post_transfer(
            'hash:bet:' || v_bet.id, 'hash_bet', v_bet.id::text, null,
            array['player', 'house'], array[p_player_id::bigint, p_house_shard],
            array[p_currency, p_currency], array[-p_amount, p_amount]);
        end if;
      end if;
      return query
        select v_outcome, v_head, v_bet.id, v_bet.game_id, v_bet.level, v_bet.round, v_bet.area, v_bet.currency,
          v_bet.amount, v_bet.odds_bp, v_bet.status, v_bet.payout, v_bet.created_at, v_bet.settled_at,
          coalesce(sum(a.balance) filter (where a.currency = 'USDT'), 0)::bigint,
          coalesce(sum(a.balance) filter (where a.currency = 'TRX'), 0)::bigint
        from ledger_accounts a where a.kind = 'player' and a.owner_id = p_player_id;
    end $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists hash_place_bet`.execute(db);
  for (const table of ['hash_transfer_cursors', 'hash_payout_attempts', 'hash_chain_payouts', 'hash_transfer_receipts', 'hash_bets', 'hash_blocks']) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
