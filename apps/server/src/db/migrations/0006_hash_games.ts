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
   * Page bets, many at a time in one statement (one round trip and one commit for all of them): the
   * idempotency lookup, the round check under the head lock, the bet rows, and one ledger transfer
   * through the ledger's own function debiting every player of the batch to the house. Each step is
   * one set-based statement over the whole batch, so a batch costs a handful of statements whatever
   * its size. The caller sends at most one bet per player, so each bet is judged against its own
   * player's locked balance.
   *
   * Ordering against block ingestion: the engine stores a block while holding the head lock
   * exclusively (pg_advisory_xact_lock), bets hold it shared until they commit. The head is read
   * after the lock is granted, and a VOLATILE function reads with a fresh snapshot per statement, so
   * it sees every block stored before; blocks stored later wait for these bets to commit. The caller
   * computes each bet's round from the package's schedule and passes the head range in which that
   * round takes bets; a head outside it answers 'closed' with the head, and the caller recomputes.
   * A head older than p_min_head_time means the engine has stopped following the chain: the deciding
   * block may already be public, so the bet is refused too.
   *
   * Locks are taken in the ledger's order: the players' wallets first (by player id), before any bet
   * row is written, then the house shard through the ledger call; two batches with a player in
   * common queue on that wallet and never deadlock.
   */
  await sql`
    create function hash_place_bets(
      p_player_ids integer[],
      p_request_ids text[],
      p_game_ids smallint[],
      p_levels smallint[],
      p_areas text[],
      p_currencies text[],
      p_amounts bigint[],
      p_odds_bp integer[],
      p_rounds bigint[],
      p_opens_at_head bigint[],
      p_last_bet_head bigint[],
      p_min_head_time bigint,
      p_head_lock bigint,
      p_house_shard bigint
    ) returns table (
      o_n integer,
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
    ) language plpgsql
    -- Its statements are planned once per session, not per call: planning them was most of the cost of a small batch.
    set plan_cache_mode = force_generic_plan
    as $$
    declare
      v_count integer := coalesce(cardinality(p_player_ids), 0);
      v_outcome text[];
      v_ids bigint[];
      v_created timestamptz[];
      v_usdt bigint[];
      v_trx bigint[];
      v_head bigint;
      v_head_time bigint;
      v_kinds text[];
      v_owners bigint[];
      v_currencies text[];
      v_amounts bigint[];
      v_placed bigint[];
    begin
      if v_count = 0 or (select count(distinct p) from unnest(p_player_ids) as x(p)) <> v_count then
        raise exception 'hash bets: one bet per player per call' using errcode = '22023';
      end if;

      perform pg_advisory_xact_lock_shared(p_head_lock);
      select h.height, h.block_time into v_head, v_head_time from hash_blocks h order by h.height desc limit 1;

      -- Every wallet of the batch's players is locked (in player order) and read once.
      select array_agg(
               case
                 when v_head is null or v_head < x.opens or v_head > x.lasts or v_head_time < p_min_head_time then 'closed'
                 when (case x.currency when 'USDT' then w.usdt else w.trx end) is null
                   or (case x.currency when 'USDT' then w.usdt else w.trx end) < x.amount then 'insufficient'
                 else 'placed'
               end order by x.n),
             array_agg(coalesce(w.usdt, 0) order by x.n),
             array_agg(coalesce(w.trx, 0) order by x.n)
      into v_outcome, v_usdt, v_trx
      from unnest(p_player_ids, p_currencies, p_amounts, p_opens_at_head, p_last_bet_head)
        with ordinality as x(player_id, currency, amount, opens, lasts, n)
      left join (
        select l.owner_id, max(l.balance) filter (where l.currency = 'USDT') as usdt, max(l.balance) filter (where l.currency = 'TRX') as trx
        from (
          select a.owner_id, a.currency, a.balance from ledger_accounts a
          where a.kind = 'player' and a.owner_id = any(p_player_ids::bigint[])
          order by a.owner_id, a.currency
          for no key update
        ) l
        group by l.owner_id
      ) w on w.owner_id = x.player_id;

      -- A request placed before conflicts here and is answered below with its first bet.
      with inserted as (
        insert into hash_bets (source, player_id, request_id, game_id, level, round, area, currency, amount, odds_bp)
        select 'page', x.player_id, x.request_id, x.game_id, x.level, x.round, x.area, x.currency, x.amount, x.odds_bp
        from unnest(p_player_ids, p_request_ids, p_game_ids, p_levels, p_rounds, p_areas, p_currencies, p_amounts, p_odds_bp)
          with ordinality as x(player_id, request_id, game_id, level, round, area, currency, amount, odds_bp, n)
        where v_outcome[x.n::integer] = 'placed'
        order by x.player_id
        on conflict (player_id, request_id) where request_id is not null do nothing
        returning id, player_id, created_at
      )
      select array_agg(i.id order by x.n), array_agg(i.created_at order by x.n) into v_ids, v_created
      from unnest(p_player_ids) with ordinality as x(player_id, n)
      left join inserted i on i.player_id = x.player_id;

      -- Replays: every bet not written just now whose request was placed before, whatever the round
      -- or the balance is now. Only those bets are looked up.
      select array_agg(case when b.id is not null then 'replayed'
                            when x.outcome = 'placed' and x.id is null then 'replayed'
                            else x.outcome end order by x.n),
             array_agg(coalesce(x.id, b.id) order by x.n)
      into v_outcome, v_ids
      from unnest(v_outcome, v_ids, p_player_ids, p_request_ids) with ordinality as x(outcome, id, player_id, request_id, n)
      left join hash_bets b on x.id is null and b.player_id = x.player_id and b.request_id = x.request_id;

      select array_agg(l.kind order by l.rank, l.owner), array_agg(l.owner order by l.rank, l.owner),
             array_agg(l.currency order by l.rank, l.owner), array_agg(l.amount order by l.rank, l.owner),
             (select array_agg(x.id order by x.id) from unnest(v_outcome, v_ids) as x(outcome, id) where x.outcome = 'placed')
      into v_kinds, v_owners, v_currencies, v_amounts, v_placed
      from (
        select 0 as rank, 'player'::text as kind, x.player_id::bigint as owner, x.currency, -x.amount as amount
        from unnest(p_player_ids, p_currencies, p_amounts, v_outcome) as x(player_id, currency, amount, outcome)
        where x.outcome = 'placed'
        union all
        select 2, 'house', p_house_shard, x.currency, sum(x.amount)::bigint
        from unnest(p_currencies, p_amounts, v_outcome) as x(currency, amount, outcome)
        where x.outcome = 'placed'
        group by x.currency
      ) l;

      if v_placed is not null then
        perform ledger_post_transfer(
          'hash:bets:' || v_placed[1], 'hash_bet', v_placed[1]::text, jsonb_build_object('bets', to_jsonb(v_placed)),
          v_kinds, v_owners, v_currencies, v_amounts);
      end if;

      -- A bet written now is answered from the request itself, a replayed one from its row; balances
      -- are the locked ones less what this batch debited.
      return query
        select x.n::integer, v_outcome[x.n::integer], v_head,
          v_ids[x.n::integer],
          case when placed then x.game_id else b.game_id end,
          case when placed then x.level else b.level end,
          case when placed then x.round else b.round end,
          case when placed then x.area else b.area end,
          case when placed then x.currency else b.currency end,
          case when placed then x.amount else b.amount end,
          case when placed then x.odds_bp else b.odds_bp end,
          case when placed then 1::smallint else b.status end,
          case when placed then null::bigint else b.payout end,
          case when placed then v_created[x.n::integer] else b.created_at end,
          case when placed then null::timestamptz else b.settled_at end,
          v_usdt[x.n::integer] - case when placed and x.currency = 'USDT' then x.amount else 0 end,
          v_trx[x.n::integer] - case when placed and x.currency = 'TRX' then x.amount else 0 end
        from unnest(p_player_ids, p_game_ids, p_levels, p_rounds, p_areas, p_currencies, p_amounts, p_odds_bp)
          with ordinality as x(player_id, game_id, level, round, area, currency, amount, odds_bp, n)
        cross join lateral (select v_outcome[x.n::integer] = 'placed' as placed) p
        left join hash_bets b on not p.placed and b.id = v_ids[x.n::integer]
        order by x.n;
    end $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists hash_place_bets`.execute(db);
  for (const table of ['hash_transfer_cursors', 'hash_payout_attempts', 'hash_chain_payouts', 'hash_transfer_receipts', 'hash_bets', 'hash_blocks']) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
