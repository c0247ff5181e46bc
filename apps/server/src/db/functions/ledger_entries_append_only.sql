-- Entries are history: the database itself refuses to change or delete them. The trigger lives here
-- with its function because it cannot exist before it.
create or replace function ledger_entries_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'ledger entries are append-only';
end $$;

create or replace trigger ledger_entries_no_update before update or delete on ledger_entries
for each row execute function ledger_entries_append_only();
