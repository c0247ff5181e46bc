-- One transfer through ledger_post_transfer, then one account's balance as it stands after it (the
-- player's wallet a seamless-wallet callback answers with), in the same round trip. The balance is
-- read by its own statement, so it sees what the transfer just wrote; on a replay it is the balance
-- now. A sharded account's balance is the sum of its shards when p_read_owner is null.
create or replace function ledger_post_transfer_read(
  p_idempotency_key text,
  p_kind text,
  p_reference text,
  p_metadata jsonb,
  p_account_kinds text[],
  p_owner_ids bigint[],
  p_currencies text[],
  p_amounts bigint[],
  p_read_kind text,
  p_read_owner bigint,
  p_read_currency text,
  out o_transfer_id bigint,
  out o_replayed boolean,
  out o_kind text,
  out o_balance bigint
) language plpgsql as $$
begin
  select t.o_transfer_id, t.o_replayed, t.o_kind into o_transfer_id, o_replayed, o_kind
  from ledger_post_transfer(p_idempotency_key, p_kind, p_reference, p_metadata,
                            p_account_kinds, p_owner_ids, p_currencies, p_amounts) t;
  select coalesce(sum(a.balance), 0)::bigint into o_balance
  from ledger_accounts a
  where a.kind = p_read_kind and (p_read_owner is null or a.owner_id = p_read_owner) and a.currency = p_read_currency;
end $$;
