-- Many independent transfers in one statement, for when a process has several waiting at once: one
-- round trip and one commit for all of them. The application guarantees that no player wallet
-- appears in two transfers of a batch, so each overdraft can be judged on its own against the
-- locked balance, exactly as if the transfers ran one after another. Accounts must exist already
-- (a batch never creates any, which would break the lock order); the application sends first-use
-- transfers, and any batch that fails, through ledger_post_transfer one by one. Rows are locked in
-- the same global order as ledger_post_transfer.
--
-- Time is linear in the legs: reading element i of a text array walks the i before it, so each
-- leg's transfer status is read from a boolean array, whose elements are read directly, and entries
-- find their transfer by a join (looking statuses up in a text array made 8,000 transfers take 8 s).
-- Every join here is of in-memory arrays with each other or with keyed rows: hash joins. A merge join
-- would sort both sides of a round's 18,000 legs by their text keys first (a tenth of the call).
create or replace function ledger_post_transfers(
  p_keys text[],
  p_kinds text[],
  p_references text[],
  p_metadata jsonb,
  p_leg_transfers integer[],
  p_account_kinds text[],
  p_owner_ids bigint[],
  p_currencies text[],
  p_amounts bigint[]
) returns table (o_transfer_id bigint, o_status text, o_kind text)
language plpgsql
set enable_mergejoin = off
as $$
declare
  v_transfers integer := coalesce(cardinality(p_keys), 0);
  v_legs integer := coalesce(cardinality(p_amounts), 0);
  v_ids bigint[];
  v_status text[];
  v_posted boolean[];
  v_kinds text[];
  v_failed integer[];
  v_needed integer;
  v_index integer;
  v_replay_id bigint;
  v_replay_kind text;
  v_acc_ids bigint[];
  v_acc_kinds text[];
  v_acc_owners bigint[];
  v_acc_currencies text[];
  v_acc_balances bigint[];
begin
  if v_transfers = 0 or v_legs = 0
    or coalesce(cardinality(p_kinds), 0) <> v_transfers
    or coalesce(cardinality(p_references), 0) <> v_transfers
    or jsonb_typeof(p_metadata) is distinct from 'array' or jsonb_array_length(p_metadata) <> v_transfers
    or coalesce(cardinality(p_leg_transfers), 0) <> v_legs
    or coalesce(cardinality(p_account_kinds), 0) <> v_legs
    or coalesce(cardinality(p_owner_ids), 0) <> v_legs
    or coalesce(cardinality(p_currencies), 0) <> v_legs then
    raise exception 'ledger batch: arrays are missing or of unequal length' using errcode = '22023';
  end if;
  if exists (select 1 from unnest(p_leg_transfers, p_amounts) as l(t, amount)
             where t is null or t < 1 or t > v_transfers or amount is null or amount = 0)
    or (select count(distinct t) from unnest(p_leg_transfers) as l(t)) <> v_transfers
    or (select count(distinct k) from unnest(p_keys) as x(k)) <> v_transfers
    or exists (
      select 1 from unnest(p_leg_transfers, p_currencies, p_amounts) as l(t, currency, amount)
      group by t, currency having sum(amount) <> 0)
    or exists (
      select 1 from unnest(p_account_kinds, p_owner_ids, p_currencies) as l(kind, owner_id, currency)
      where kind in ('player', 'player_bonus') group by kind, owner_id, currency having count(*) > 1) then
    raise exception 'ledger batch: legs must be non-zero, sum to zero per transfer and currency, keys and player wallets distinct'
      using errcode = '22023';
  end if;

  -- Keys are inserted in one fixed order so two batches waiting on each other's keys cannot deadlock.
  with inserted as (
    insert into ledger_transfers (idempotency_key, kind, reference, metadata)
    select x.key, x.kind, x.reference, coalesce(p_metadata -> (x.n::integer - 1), '{}'::jsonb)
    from unnest(p_keys, p_kinds, p_references) with ordinality as x(key, kind, reference, n)
    order by x.key collate "C"
    on conflict (idempotency_key) do nothing
    returning id, idempotency_key
  )
  select array_agg(i.id order by x.n) into v_ids
  from unnest(p_keys) with ordinality as x(key, n) left join inserted i on i.idempotency_key = x.key;

  v_status := array_fill('posted'::text, array[v_transfers]);
  v_posted := array_fill(true, array[v_transfers]);
  v_kinds := p_kinds;
  if array_position(v_ids, null) is not null then
    -- A new statement, so a conflicting transfer that committed while we waited is visible.
    for i in 1 .. v_transfers loop
      continue when v_ids[i] is not null;
      select t.id, t.kind into v_replay_id, v_replay_kind from ledger_transfers t where t.idempotency_key = p_keys[i];
      if not found then
        raise exception 'ledger batch: concurrent transfer with key % is not visible', p_keys[i] using errcode = '40001';
      end if;
      v_ids[i] := v_replay_id;
      v_kinds[i] := v_replay_kind;
      v_status[i] := 'replayed';
      v_posted[i] := false;
    end loop;
  end if;

  -- Lock every account the new transfers touch, in the ledger's one lock order.
  with needed as (
    select distinct l.kind, l.owner_id, l.currency
    from unnest(p_leg_transfers, p_account_kinds, p_owner_ids, p_currencies) as l(t, kind, owner_id, currency)
    where v_posted[l.t]
  ), locked as (
    select a.id, a.kind, a.owner_id, a.currency, a.balance
    from ledger_accounts a
    join needed n on a.kind = n.kind and a.owner_id = n.owner_id and a.currency = n.currency
    order by case when a.kind in ('player', 'player_bonus') then 0 when a.kind = 'house' then 2 else 1 end, a.kind collate "C", a.owner_id, a.currency collate "C"
    for no key update of a
  )
  select (select count(*) from needed), array_agg(id), array_agg(kind), array_agg(owner_id), array_agg(currency), array_agg(balance)
  into v_needed, v_acc_ids, v_acc_kinds, v_acc_owners, v_acc_currencies, v_acc_balances
  from locked;
  if coalesce(cardinality(v_acc_ids), 0) <> v_needed then
    raise exception 'ledger batch: an account is used for the first time' using errcode = 'P0002';
  end if;

  -- A player wallet is in at most one transfer here, so its locked balance alone decides.
  select array_agg(distinct l.t) into v_failed
  from unnest(p_leg_transfers, p_account_kinds, p_owner_ids, p_currencies, p_amounts) as l(t, kind, owner_id, currency, amount)
  join unnest(v_acc_kinds, v_acc_owners, v_acc_currencies, v_acc_balances) as a(kind, owner_id, currency, balance)
    on a.kind = l.kind and a.owner_id = l.owner_id and a.currency = l.currency
  where v_posted[l.t] and l.kind in ('player', 'player_bonus') and a.balance + l.amount < 0;
  if v_failed is not null then
    delete from ledger_transfers where id in (select v_ids[f] from unnest(v_failed) as f);
    foreach v_index in array v_failed loop
      v_status[v_index] := 'insufficient';
      v_posted[v_index] := false;
      v_ids[v_index] := null;
    end loop;
  end if;

  with accounts as (
    select * from unnest(v_acc_ids, v_acc_kinds, v_acc_owners, v_acc_currencies) as a(id, kind, owner_id, currency)
  ), legs as (
    select l.n, l.t, a.id as account_id, l.currency, l.amount
    from unnest(p_leg_transfers, p_account_kinds, p_owner_ids, p_currencies, p_amounts)
      with ordinality as l(t, kind, owner_id, currency, amount, n)
    join accounts a on a.kind = l.kind and a.owner_id = l.owner_id and a.currency = l.currency
    where v_posted[l.t]
  ), moved as (
    update ledger_accounts a set balance = a.balance + d.delta
    from (select account_id, sum(amount)::bigint as delta from legs group by account_id) d
    where a.id = d.account_id
  )
  insert into ledger_entries (transfer_id, account_id, currency, amount)
  select i.id, legs.account_id, legs.currency, legs.amount
  from legs join unnest(v_ids) with ordinality as i(id, t) on i.t = legs.t
  order by legs.n;

  return query select * from unnest(v_ids, v_status, v_kinds);
end $$;
