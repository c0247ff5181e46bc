-- Page bets, many at a time in one statement (one round trip and one commit for all of them): the
-- idempotency lookup, the round check under the head lock, the bet rows, and one ledger transfer
-- through the ledger's own function debiting every player of the batch to the house. Each step is
-- one set-based statement over the whole batch, so a batch costs a handful of statements whatever
-- its size. The caller sends at most one bet per player, so each bet is judged against its own
-- player's locked balance.
--
-- Ordering against block ingestion: the engine stores a block while holding the head lock
-- exclusively (pg_advisory_xact_lock), bets hold it shared until they commit. The head is read
-- after the lock is granted, and a VOLATILE function reads with a fresh snapshot per statement, so
-- it sees every block stored before; blocks stored later wait for these bets to commit. The caller
-- computes each bet's round from the package's schedule and passes the head range in which that
-- round takes bets; a head outside it answers 'closed' with the head, and the caller recomputes.
-- A head older than p_min_head_time means the engine has stopped following the chain: the deciding
-- block may already be public, so the bet is refused too.
--
-- Locks are taken in the ledger's one lock order, written out in apps/server/src/money/lock-order.ts
-- (`compareLockOrder`): the players' wallets first (by player id), before any bet row is written,
-- then the house shard through the ledger call, whose legs are sorted by the same rank, kind and
-- owner; two batches with a player in common queue on that wallet and never deadlock.
--
-- Cash first, then bonus (ECONOMY.md "Bonus money and wagering"): a bet draws on the player's cash,
-- and on their bonus balance (`player_bonus`) for what cash does not cover; it is refused only when
-- cash + bonus < amount. Its bonus part is kept on the bet (`stake_bonus`) and added to
-- `wagering.bonus_at_stake` until it settles. Only players who hold bonus money in the bet's currency
-- (an unlocked probe finds them; everyone else pays that probe and nothing more) lock anything more,
-- and in the order every writer of wagering keeps: their `wagering` rows first (for update, by
-- player), then every cash account, then their bonus accounts (rank 0, kind 'player_bonus' after
-- 'player', by owner). A bet whose player's wagering row was not locked (a bonus credited after the
-- probe) draws on cash only: bonus money is credited under that lock, so what was read stays true.
--
-- Plans are generic and kept for the life of a connection, and a plan made while a table was nearly
-- empty may scan it whole: lookups of earlier bets once read every bet on every batch as hash_bets
-- grew, so bets slowed down the longer a server ran. Each lookup of a bet is therefore a single-row
-- lateral probe, which has no plan but the index, and the replay lookup only runs when a request was
-- seen before. The players' wallets are locked the same way, one probe per player in player order:
-- as `owner_id = any(players)` its generic plan read every player wallet on every batch.
create or replace function hash_place_bets(
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
  o_trx bigint,
  o_bonus_usdt bigint,
  o_bonus_trx bigint
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
  -- Per bet: the player's bonus balances (read unlocked, then the bet's currency under lock), whether
  -- the bet may draw on bonus (its wagering row is locked), and the part of its stake drawn on bonus.
  v_bonus_usdt bigint[];
  v_bonus_trx bigint[];
  v_may_draw boolean[];
  v_stake_bonus bigint[];
  v_any_bonus boolean;
  v_bet record;
begin
  if v_count = 0 or (select count(distinct p) from unnest(p_player_ids) as x(p)) <> v_count then
    raise exception 'hash bets: one bet per player per call' using errcode = '22023';
  end if;

  perform pg_advisory_xact_lock_shared(p_head_lock);
  select h.height, h.block_time into v_head, v_head_time from hash_blocks h order by h.height desc limit 1;

  -- Who holds bonus money in their bet's currency: an unlocked probe, one index lookup per player.
  select array_agg(coalesce(b.usdt, 0) order by x.n), array_agg(coalesce(b.trx, 0) order by x.n),
         bool_or(case x.currency when 'USDT' then b.usdt > 0 else b.trx > 0 end)
  into v_bonus_usdt, v_bonus_trx, v_any_bonus
  from unnest(p_player_ids, p_currencies) with ordinality as x(player_id, currency, n)
  left join lateral (
    select max(a.balance) filter (where a.currency = 'USDT') as usdt, max(a.balance) filter (where a.currency = 'TRX') as trx
    from ledger_accounts a
    where a.kind = 'player_bonus' and a.owner_id = x.player_id
  ) b on true;

  -- Their wagering rows, locked by player before any ledger account (as every writer of wagering does).
  if v_any_bonus then
    select array_agg(w.player_id is not null order by x.n) into v_may_draw
    from unnest(p_player_ids) with ordinality as x(player_id, n)
    left join (
      select l.player_id
      from (
        select p.player_id, p.currency from unnest(p_player_ids, p_currencies, v_bonus_usdt, v_bonus_trx) as p(player_id, currency, usdt, trx)
        where (case p.currency when 'USDT' then p.usdt else p.trx end) > 0
        order by 1
      ) p
      cross join lateral (
        select w.player_id from wagering w where w.player_id = p.player_id and w.currency = p.currency
        for no key update
      ) l
    ) w on w.player_id = x.player_id;
  end if;

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
    from (select p.id::bigint as id from unnest(p_player_ids) as p(id) order by 1) p
    cross join lateral (
      select a.owner_id, a.currency, a.balance from ledger_accounts a
      where a.kind = 'player' and a.owner_id = p.id
      order by a.currency
      for no key update
    ) l
    group by l.owner_id
  ) w on w.owner_id = x.player_id;

  -- Then the bonus accounts of those who may draw on them (after every cash account), by player: a
  -- bet cash does not cover takes the rest from bonus, and is refused only beyond cash + bonus.
  if v_may_draw is not null then
    select array_agg(case when x.outcome = 'insufficient' and b.balance is not null and c.cash + b.balance >= x.amount then 'placed'
                          else x.outcome end order by x.n),
           array_agg(case when b.balance is not null and x.outcome in ('placed', 'insufficient') and c.cash + b.balance >= x.amount
                          then greatest(x.amount - c.cash, 0) else 0 end order by x.n),
           array_agg(case when b.balance is not null and x.currency = 'USDT' then b.balance else x.usdt end order by x.n),
           array_agg(case when b.balance is not null and x.currency = 'TRX' then b.balance else x.trx end order by x.n)
    into v_outcome, v_stake_bonus, v_bonus_usdt, v_bonus_trx
    from unnest(p_player_ids, p_currencies, p_amounts, v_outcome, v_usdt, v_trx, v_bonus_usdt, v_bonus_trx)
      with ordinality as x(player_id, currency, amount, outcome, cash_usdt, cash_trx, usdt, trx, n)
    cross join lateral (select case x.currency when 'USDT' then x.cash_usdt else x.cash_trx end as cash) c
    left join (
      select l.owner_id, l.balance
      from (
        select p.player_id, p.currency from unnest(p_player_ids, p_currencies, v_may_draw) as p(player_id, currency, may)
        where p.may
        order by 1
      ) p
      cross join lateral (
        select a.owner_id, a.balance from ledger_accounts a
        where a.kind = 'player_bonus' and a.owner_id = p.player_id and a.currency = p.currency
        for no key update
      ) l
    ) b on b.owner_id = x.player_id;
  end if;

  -- A request placed before conflicts here and is answered below with its first bet.
  with inserted as (
    insert into hash_bets (source, player_id, request_id, game_id, level, round, area, currency, amount, odds_bp, stake_bonus)
    select 'page', x.player_id, x.request_id, x.game_id, x.level, x.round, x.area, x.currency, x.amount, x.odds_bp, coalesce(v_stake_bonus[x.n::integer], 0)
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
  if array_position(v_ids, null) is not null then
    select array_agg(case when b.id is not null then 'replayed'
                          when x.outcome = 'placed' and x.id is null then 'replayed'
                          else x.outcome end order by x.n),
           array_agg(coalesce(x.id, b.id) order by x.n)
    into v_outcome, v_ids
    from unnest(v_outcome, v_ids, p_player_ids, p_request_ids) with ordinality as x(outcome, id, player_id, request_id, n)
    left join lateral (
      select r.id from hash_bets r
      where x.id is null and r.player_id = x.player_id and r.request_id = x.request_id
      limit 1
    ) b on true;
  end if;

  -- Cash legs, then bonus legs (rank 0, kind, owner), then the house; a zero part has no leg.
  select array_agg(l.kind order by l.rank, l.kind, l.owner), array_agg(l.owner order by l.rank, l.kind, l.owner),
         array_agg(l.currency order by l.rank, l.kind, l.owner), array_agg(l.amount order by l.rank, l.kind, l.owner),
         (select array_agg(x.id order by x.id) from unnest(v_outcome, v_ids) as x(outcome, id) where x.outcome = 'placed')
  into v_kinds, v_owners, v_currencies, v_amounts, v_placed
  from (
    select 0 as rank, k.kind, x.player_id::bigint as owner, x.currency, -k.amount as amount
    from unnest(p_player_ids, p_currencies, p_amounts, v_outcome, v_stake_bonus) as x(player_id, currency, amount, outcome, bonus)
    cross join lateral (values ('player'::text, x.amount - coalesce(x.bonus, 0)), ('player_bonus', coalesce(x.bonus, 0))) as k(kind, amount)
    where x.outcome = 'placed' and k.amount > 0
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

  -- The bonus parts now at stake, until the bets settle (the rows were locked above).
  -- One key lookup per such bet: a set-based update's kept generic plan could scan the whole table.
  if v_stake_bonus is not null then
    for v_bet in
      select x.player_id, x.currency, x.bonus
      from unnest(p_player_ids, p_currencies, v_outcome, v_stake_bonus) as x(player_id, currency, outcome, bonus)
      where x.outcome = 'placed' and x.bonus > 0
    loop
      update wagering set bonus_at_stake = bonus_at_stake + v_bet.bonus
      where player_id = v_bet.player_id and currency = v_bet.currency;
    end loop;
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
      v_usdt[x.n::integer] - case when placed and x.currency = 'USDT' then x.amount - d.bonus else 0 end,
      v_trx[x.n::integer] - case when placed and x.currency = 'TRX' then x.amount - d.bonus else 0 end,
      v_bonus_usdt[x.n::integer] - case when placed and x.currency = 'USDT' then d.bonus else 0 end,
      v_bonus_trx[x.n::integer] - case when placed and x.currency = 'TRX' then d.bonus else 0 end
    from unnest(p_player_ids, p_game_ids, p_levels, p_rounds, p_areas, p_currencies, p_amounts, p_odds_bp)
      with ordinality as x(player_id, game_id, level, round, area, currency, amount, odds_bp, n)
    cross join lateral (select v_outcome[x.n::integer] = 'placed' as placed) p
    cross join lateral (select coalesce(v_stake_bonus[x.n::integer], 0) as bonus) d
    left join lateral (
      select r.game_id, r.level, r.round, r.area, r.currency, r.amount, r.odds_bp, r.status, r.payout, r.created_at, r.settled_at
      from hash_bets r
      where not p.placed and r.id = v_ids[x.n::integer]
      limit 1
    ) b on true
    order by x.n;
end $$;
