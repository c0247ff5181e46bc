import { sql, type Kysely } from 'kysely';

/**
 * The ledger's write path, as database functions so a transfer costs one round trip and its steps
 * cannot be separated: record the transfer under its idempotency key, move each balance with a
 * `balance = balance + amount` update (the player CHECK has the last word on overdrafts), append one
 * entry per leg.
 *
 * The house account is sharded: rows of kind 'house' with owner_id 0..N-1 per currency, picked by
 * the application, so concurrent bets do not queue on one hot row. The house balance is the sum of
 * its shards; the existing unique (kind, owner_id, currency) is all the schema that needs.
 *
 * Both functions lock account rows in one global order (players, then system accounts, then house
 * shards; then kind, owner, currency), so no two transfers can deadlock on each other.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function ledger_post_transfer(
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
    end $$`.execute(db);

  // Many independent transfers in one statement, for when a process has several waiting at once: one
  // round trip and one commit for all of them. The application guarantees that no player wallet
  // appears in two transfers of a batch, so each overdraft can be judged on its own against the
  // locked balance, exactly as if the transfers ran one after another. Accounts must exist already
  // (a batch never creates any, which would break the lock order); the application sends first-use
  // transfers, and any batch that fails, through ledger_post_transfer one by one.
  await sql`
    create function ledger_post_transfers(
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
    language plpgsql as $$
    declare
      v_transfers integer := coalesce(cardinality(p_keys), 0);
      v_legs integer := coalesce(cardinality(p_amounts), 0);
      v_ids bigint[];
      v_status text[];
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
          where kind = 'player' group by owner_id, currency having count(*) > 1) then
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
        end loop;
      end if;

      -- Lock every account the new transfers touch, in the ledger's one lock order.
      with needed as (
        select distinct l.kind, l.owner_id, l.currency
        from unnest(p_leg_transfers, p_account_kinds, p_owner_ids, p_currencies) as l(t, kind, owner_id, currency)
        where v_status[l.t] = 'posted'
      ), locked as (
        select a.id, a.kind, a.owner_id, a.currency, a.balance
        from ledger_accounts a
        join needed n on a.kind = n.kind and a.owner_id = n.owner_id and a.currency = n.currency
        order by case a.kind when 'player' then 0 when 'house' then 2 else 1 end, a.kind collate "C", a.owner_id, a.currency collate "C"
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
      where v_status[l.t] = 'posted' and l.kind = 'player' and a.balance + l.amount < 0;
      if v_failed is not null then
        delete from ledger_transfers where id in (select v_ids[f] from unnest(v_failed) as f);
        foreach v_index in array v_failed loop
          v_status[v_index] := 'insufficient';
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
        where v_status[l.t] = 'posted'
      ), moved as (
        update ledger_accounts a set balance = a.balance + d.delta
        from (select account_id, sum(amount)::bigint as delta from legs group by account_id) d
        where a.id = d.account_id
      )
      insert into ledger_entries (transfer_id, account_id, currency, amount)
      select v_ids[legs.t], legs.account_id, legs.currency, legs.amount from legs order by legs.n;

      return query select * from unnest(v_ids, v_status, v_kinds);
    end $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists ledger_post_transfers(text[], text[], text[], jsonb, integer[], text[], bigint[], text[], bigint[])`.execute(db);
  await sql`drop function if exists ledger_post_transfer(text, text, text, jsonb, text[], bigint[], text[], bigint[])`.execute(db);
}
