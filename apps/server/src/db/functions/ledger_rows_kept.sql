-- What ledger entries name is never taken from under them (they carry no foreign keys: see migration
-- 0044): accounts are never deleted or emptied by truncation, ids never change, and a transfer may be
-- deleted only while no entry names it (ledger_post_transfers drops the transfers of a batch it
-- refused before writing their entries). The triggers live here with their function.
create or replace function ledger_rows_kept() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' and tg_table_name = 'ledger_transfers' then
    if exists (select 1 from gone g join ledger_entries e on e.transfer_id = g.id) then
      raise exception 'ledger transfers with entries are never deleted';
    end if;
    return null;
  end if;
  raise exception '% of % refused: ledger entries name these rows', lower(tg_op), tg_table_name;
end $$;

create or replace trigger ledger_accounts_kept before delete or truncate or update of id on ledger_accounts
for each statement execute function ledger_rows_kept();

create or replace trigger ledger_transfers_ids_kept before truncate or update of id on ledger_transfers
for each statement execute function ledger_rows_kept();

create or replace trigger ledger_transfers_kept after delete on ledger_transfers
referencing old table as gone
for each statement execute function ledger_rows_kept();
