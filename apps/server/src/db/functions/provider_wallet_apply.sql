-- Seamless-wallet bets and wins of a game aggregator, many at a time in one statement (one round
-- trip and one commit for all of them): each call judged, its transaction row recorded, its round
-- opened or added to, and every ledger transfer posted through the ledger's own batch function. The
-- caller sends at most one call per player and per uuid, and answers every call this function does
-- not apply (o_applied false) one by one on its own path, which owns every refusal of the protocol;
-- so only the plain case is applied here:
--   a bet:  a new uuid, the session under its token is the player's, live (not ended, not idle for
--           p_idle_seconds) and of that game, the player in good standing, the currency the wallet's,
--           and the wallet holds the stake;
--   a win:  a new uuid, the session under its token is the player's (ended or not), the currency the
--           wallet's, it names that player's bet, not rolled back, its round is not closed, and it is
--           plausible: at most p_hold_multiple times the round's stakes and at most p_hold_cap (a win
--           above either is held for an operator, on the one-by-one path).
-- Both only for a player without bonus money, on a round without bonus stakes (a bet that closes its
-- round included): a stake or payout to split between cash and bonus goes one by one. So the answered
-- balance, the cash after the call, is the player's whole stakeable balance.
-- Every applied call's session is marked seen now, at most once per p_touch_seconds.
-- Anything found changed meanwhile (a uuid recorded by another transaction, a transfer the ledger
-- does not post) raises, so the whole statement moves nothing and the caller goes one by one.
--
-- Locks, in the order the one-by-one path takes them: the bets the wins name (by uuid), the rounds the
-- wins pay (by player and round), then the players' wallets (by player id), then the settlement and
-- house rows inside the ledger call.
-- Balances answered are the locked ones plus this call's amount, exact while the locks are held.
--
-- Plans are generic and kept for the life of a connection, so every lookup is a single-row lateral
-- probe on its unique index (see hash_place_bets.sql for what a plan made on a small table does).
--
-- p_keys, p_transfer_kinds and p_metadata are each call's ledger transfer as the application names
-- it (`settlementTransfer`); p_micros is the player's side of it (negative for a bet, 0 for none).
create or replace function provider_wallet_apply(
  p_aggregator text,
  p_wallet_currency text,
  p_ledger_currency text,
  p_settlement_owner bigint,
  p_kinds text[],
  p_tokens text[],
  p_uuids text[],
  p_refs text[],
  p_player_ids integer[],
  p_user_ids text[],
  p_rounds text[],
  p_game_codes text[],
  p_currencies text[],
  p_amounts bigint[],
  p_micros bigint[],
  p_closed boolean[],
  p_keys text[],
  p_transfer_kinds text[],
  p_metadata jsonb,
  p_idle_seconds integer,
  p_touch_seconds integer,
  p_hold_multiple bigint,
  p_hold_cap bigint
) returns table (
  o_n integer,
  o_applied boolean,
  o_balance bigint,
  o_player_id integer,
  o_round text,
  o_game_type smallint,
  o_bet_total bigint,
  o_win_total bigint,
  o_closes boolean
) language plpgsql
set plan_cache_mode = force_generic_plan
as $$
declare
  v_count integer := coalesce(cardinality(p_player_ids), 0);
  v_fit boolean[];
  v_balances bigint[];
  v_game_types smallint[];
  v_studios text[];
  v_fit_count integer;
  v_recorded integer;
  v_moving integer[];
  v_leg_transfers integer[];
  v_leg_kinds text[];
  v_leg_owners bigint[];
  v_leg_currencies text[];
  v_leg_amounts bigint[];
  v_bet_totals bigint[];
  v_win_totals bigint[];
  v_round_closed boolean[];
begin
  if v_count = 0 or (select count(distinct p) from unnest(p_player_ids) as x(p)) <> v_count then
    raise exception 'provider wallet: one call per player per batch' using errcode = '22023';
  end if;

  -- The bets the wins name, locked in uuid order.
  perform 1
  from (select distinct r from unnest(p_refs) as x(r) where r is not null order by r) named
  cross join lateral (
    select b.id from provider_transactions b
    where b.aggregator = p_aggregator and b.transaction_uuid = named.r
    limit 1
    for update
  ) b;

  -- The rounds the wins pay, locked in player and round order: a win judged on a round's stakes and
  -- standing sees them as they are until the commit.
  perform 1
  from (
    select distinct x.player_id, x.round from unnest(p_kinds, p_player_ids, p_rounds) as x(kind, player_id, round)
    where x.kind = 'win' order by 1, 2
  ) paid
  cross join lateral (
    select r.id from provider_rounds r
    where r.aggregator = p_aggregator and r.player_id = paid.player_id and r.round = paid.round
    limit 1
    for update
  ) r;

  -- Every wallet of the batch's players, locked in player order and read once.
  select array_agg(w.balance order by x.n) into v_balances
  from unnest(p_player_ids) with ordinality as x(player_id, n)
  left join (
    select l.owner_id, l.balance
    from (select p.id::bigint as id from unnest(p_player_ids) as p(id) order by 1) p
    cross join lateral (
      select a.owner_id, a.balance from ledger_accounts a
      where a.kind = 'player' and a.owner_id = p.id and a.currency = p_ledger_currency
      limit 1
      for no key update
    ) l
  ) w on w.owner_id = x.player_id;

  -- Each call judged against its session, its uuid, the bet it names and its player's wallet.
  select array_agg(fit order by n), array_agg(game_type order by n), array_agg(manufacturer order by n)
  into v_fit, v_game_types, v_studios
  from (
    select x.n,
           coalesce(k.known is null and s.player_id = x.player_id and x.currency = p_wallet_currency and x.balance is not null
             and bonus.held is null and coalesce(r.bonus_total, 0) = 0
             and case x.kind
                   when 'bet' then s.ended_at is null and s.last_seen_at >= now() - make_interval(secs => p_idle_seconds)
                                   and s.status = 0 and s.game_code = x.game_code and x.balance + x.micro >= 0
                   when 'win' then b.kind = 'bet' and b.player_id = x.player_id and not b.rolled_back
                                   and r.closed_at is null and x.micro <= p_hold_cap
                                   and x.micro::numeric <= r.bet_total::numeric * p_hold_multiple
                   else false
                 end, false) as fit,
           s.game_type, s.manufacturer
    from unnest(p_kinds, p_tokens, p_uuids, p_refs, p_player_ids, p_rounds, p_game_codes, p_currencies, p_micros, v_balances, p_closed)
      with ordinality as x(kind, token, uuid, ref, player_id, round, game_code, currency, micro, balance, closed, n)
    left join lateral (
      select s.player_id, s.game_code, s.game_type, s.manufacturer, s.ended_at, s.last_seen_at, p.status
      from third_game_sessions s join players p on p.id = s.player_id
      where s.token = x.token
      limit 1
    ) s on true
    left join lateral (
      select r.closed_at, r.bet_total, r.bonus_total from provider_rounds r
      where (x.kind = 'win' or x.closed) and r.aggregator = p_aggregator and r.player_id = x.player_id and r.round = x.round
      limit 1
    ) r on true
    left join lateral (
      select true as held from ledger_accounts a
      where a.kind = 'player_bonus' and a.owner_id = x.player_id and a.currency = p_ledger_currency and a.balance > 0
      limit 1
    ) bonus on true
    left join lateral (
      select true as known from provider_transactions k where k.aggregator = p_aggregator and k.transaction_uuid = x.uuid limit 1
    ) k on true
    left join lateral (
      select b.kind, b.player_id, b.rolled_back from provider_transactions b
      where x.ref is not null and b.aggregator = p_aggregator and b.transaction_uuid = x.ref
      limit 1
    ) b on true
  ) judged;

  select count(*) into v_fit_count from unnest(v_fit) as f(fit) where fit;
  if v_fit_count = 0 then
    return query select x.n::integer, false, null::bigint, null::integer, null::text, null::smallint, null::bigint, null::bigint, false
      from generate_series(1, v_count) as x(n);
    return;
  end if;

  with recorded as (
    insert into provider_transactions (aggregator, transaction_uuid, kind, player_id, user_id, round, game_code, currency, amount,
                                       reference_transaction_uuid, placeholder, rolled_back)
    select p_aggregator, x.uuid, x.kind, x.player_id, x.user_id, x.round, x.game_code, x.currency, x.amount, x.ref, false, false
    from unnest(p_uuids, p_kinds, p_player_ids, p_user_ids, p_rounds, p_game_codes, p_currencies, p_amounts, p_refs, v_fit)
      as x(uuid, kind, player_id, user_id, round, game_code, currency, amount, ref, fit)
    where x.fit
    order by x.uuid
    on conflict (aggregator, transaction_uuid) do nothing
    returning 1
  )
  select count(*) into v_recorded from recorded;
  if v_recorded <> v_fit_count then
    raise exception 'provider wallet: a uuid of the batch was recorded meanwhile' using errcode = '40001';
  end if;

  with changed as (
    insert into provider_rounds as r (aggregator, round, player_id, game_code, game_type, manufacturer, currency,
                                      bet_total, win_total, bet_count, win_count, closed_at)
    select p_aggregator, x.round, x.player_id, x.game_code, x.game_type, x.manufacturer, p_ledger_currency,
           case when x.kind = 'bet' then -x.micro else 0 end, case when x.kind = 'win' then x.micro else 0 end,
           case when x.kind = 'bet' then 1 else 0 end, case when x.kind = 'win' then 1 else 0 end, case when x.closed then now() end
    from unnest(p_rounds, p_player_ids, p_game_codes, v_game_types, v_studios, p_kinds, p_micros, p_closed, v_fit)
      as x(round, player_id, game_code, game_type, manufacturer, kind, micro, closed, fit)
    where x.fit
    order by x.player_id, x.round
    on conflict (aggregator, player_id, round) do update set
      bet_total = r.bet_total + excluded.bet_total,
      win_total = r.win_total + excluded.win_total,
      bet_count = r.bet_count + excluded.bet_count,
      win_count = r.win_count + excluded.win_count,
      updated_at = now(),
      closed_at = coalesce(r.closed_at, excluded.closed_at)
    returning r.player_id, r.bet_total, r.win_total, r.closed_at is not null as closed
  )
  select array_agg(c.bet_total order by x.n), array_agg(c.win_total order by x.n), array_agg(c.closed order by x.n)
  into v_bet_totals, v_win_totals, v_round_closed
  from unnest(p_player_ids) with ordinality as x(player_id, n)
  left join changed c on c.player_id = x.player_id;

  -- Every applied call that moves money: the player's leg, then the settlement's, per transfer.
  select array_agg(x.n::integer order by x.n) into v_moving
  from unnest(v_fit, p_micros) with ordinality as x(fit, micro, n)
  where x.fit and x.micro <> 0;
  if v_moving is not null then
    select array_agg(m.t order by m.t, leg.side), array_agg(leg.kind order by m.t, leg.side), array_agg(leg.owner order by m.t, leg.side),
           array_agg(p_ledger_currency order by m.t, leg.side), array_agg(leg.amount order by m.t, leg.side)
    into v_leg_transfers, v_leg_kinds, v_leg_owners, v_leg_currencies, v_leg_amounts
    from unnest(v_moving) with ordinality as m(n, t)
    cross join lateral (
      values (0, 'player'::text, p_player_ids[m.n]::bigint, p_micros[m.n]),
             (1, 'provider_settlement'::text, p_settlement_owner, -p_micros[m.n])
    ) as leg(side, kind, owner, amount);

    if exists (
      select 1 from ledger_post_transfers(
        (select array_agg(p_keys[n] order by t) from unnest(v_moving) with ordinality as m(n, t)),
        (select array_agg(p_transfer_kinds[n] order by t) from unnest(v_moving) with ordinality as m(n, t)),
        (select array_agg(p_uuids[n] order by t) from unnest(v_moving) with ordinality as m(n, t)),
        (select jsonb_agg(p_metadata -> (n - 1)::integer order by t) from unnest(v_moving) with ordinality as m(n, t)),
        v_leg_transfers, v_leg_kinds, v_leg_owners, v_leg_currencies, v_leg_amounts
      ) t
      where t.o_status <> 'posted'
    ) then
      raise exception 'provider wallet: the ledger did not post every transfer of the batch' using errcode = '40001';
    end if;
  end if;

  -- The applied calls' sessions, seen now (written at most once per p_touch_seconds; an ended one stays ended).
  update third_game_sessions s set last_seen_at = now()
  from (select distinct x.token from unnest(p_tokens, v_fit) as x(token, fit) where x.fit order by 1) seen
  where s.token = seen.token and s.ended_at is null and s.last_seen_at < now() - make_interval(secs => p_touch_seconds);

  -- o_closes: this call closed its round (now or before), whose totals are the round's after it.
  return query
    select x.n::integer, x.fit, case when x.fit then x.balance + x.micro end, x.player_id, x.round,
           case when x.fit then x.game_type end, v_bet_totals[x.n::integer], v_win_totals[x.n::integer],
           x.fit and x.closed and coalesce(v_round_closed[x.n::integer], false)
    from unnest(v_fit, v_balances, p_micros, v_game_types, p_player_ids, p_rounds, p_closed)
      with ordinality as x(fit, balance, micro, game_type, player_id, round, closed, n)
    order by x.n;
end $$;
