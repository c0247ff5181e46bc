-- The ledger's write path for one transfer, as a database function so a transfer costs one round
-- trip and its steps cannot be separated: record the transfer under its idempotency key, move each
-- balance with a `balance = balance + amount` update (the player CHECK has the last word on
-- overdrafts), append one entry per leg.
--
-- The house account and most system accounts are sharded: rows of their kind with owner_id 0..N-1
-- per currency, picked by the application (one shard per transfer), so concurrent transfers do not
-- queue on one hot row. Such an account's balance is the sum of its shards; the unique
-- (kind, owner_id, currency) of ledger_accounts is all the schema that needs.
--
-- This function and ledger_post_transfers lock account rows in one global order (players, then
-- system accounts, then house shards; then kind, owner, currency), so no two transfers can deadlock
-- on each other.
create or replace function ledger_post_transfer(
  p_idempotency_key text,
  p_kind text,
  p_reference text,
  p_metadata jsonb,
  p_account_kinds text[],
  p_owner_ids bigint[],
  p_currencies text[],
  p_amounts bigint[],
  out o_transfer_id bigint,
  out o_replayed boolean,
  out o_kind text
) language plpgsql as $$
declare
  v_legs integer := coalesce(cardinality(p_amounts), 0);
  v_account bigint;
  v_accounts bigint[] := '{}';
begin
  if v_legs = 0
    or coalesce(cardinality(p_account_kinds), 0) <> v_legs
    or coalesce(cardinality(p_owner_ids), 0) <> v_legs
    or coalesce(cardinality(p_currencies), 0) <> v_legs then
    raise exception 'ledger transfer %: legs are missing or of unequal length', p_idempotency_key
      using errcode = '22023';
  end if;
  -- The application checks this too; repeating it here means no caller can ever unbalance the books.
  if exists (select 1 from unnest(p_amounts) as a(amount) where amount is null or amount = 0)
    or exists (
      select 1 from unnest(p_currencies, p_amounts) as l(currency, amount)
      group by currency having sum(amount) <> 0) then
    raise exception 'ledger transfer %: legs must be non-zero and sum to zero per currency', p_idempotency_key
      using errcode = '22023';
  end if;

  -- First, so an identical request running concurrently waits here on the unique index for the
  -- first one to finish, then finds its committed transfer and moves nothing.
  insert into ledger_transfers (idempotency_key, kind, reference, metadata)
  values (p_idempotency_key, p_kind, p_reference, coalesce(p_metadata, '{}'::jsonb))
  on conflict (idempotency_key) do nothing
  returning id into o_transfer_id;
  if not found then
    select t.id, t.kind into o_transfer_id, o_kind
    from ledger_transfers t where t.idempotency_key = p_idempotency_key;
    if not found then
      -- Only under a snapshot older than the conflicting commit (repeatable read or serializable).
      raise exception 'ledger transfer %: concurrent transfer with this key is not visible', p_idempotency_key
        using errcode = '40001';
    end if;
    o_replayed := true;
    return;
  end if;

  -- The application sends the legs sorted in the lock order.
  for i in 1 .. v_legs loop
    update ledger_accounts a set balance = a.balance + p_amounts[i]
    where a.kind = p_account_kinds[i] and a.owner_id = p_owner_ids[i] and a.currency = p_currencies[i]
    returning a.id into v_account;
    if not found then
      -- First use of the account: it is created holding this leg, so a first debit of a player
      -- wallet meets the same CHECK as any other overdraft.
      insert into ledger_accounts (kind, owner_id, currency, balance)
      values (p_account_kinds[i], p_owner_ids[i], p_currencies[i], p_amounts[i])
      on conflict (kind, owner_id, currency) do nothing
      returning id into v_account;
      if not found then
        update ledger_accounts a set balance = a.balance + p_amounts[i]
        where a.kind = p_account_kinds[i] and a.owner_id = p_owner_ids[i] and a.currency = p_currencies[i]
        returning a.id into v_account;
      end if;
    end if;
    v_accounts[i] := v_account;
  end loop;

  insert into ledger_entries (transfer_id, account_id, currency, amount)
  select o_transfer_id, l.account_id, l.currency, l.amount
  from unnest(v_accounts, p_currencies, p_amounts) as l(account_id, currency, amount);

  o_replayed := false;
  o_kind := p_kind;
end $$;
