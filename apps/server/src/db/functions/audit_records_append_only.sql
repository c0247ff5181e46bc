-- The audit is history: the database itself refuses to change or delete a record, as for ledger
-- entries. The trigger lives here with its function because it cannot exist before it.
create or replace function audit_records_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'audit records are append-only';
end $$;

create or replace trigger audit_records_no_update before update or delete on audit_records
for each row execute function audit_records_append_only();

create or replace trigger audit_records_no_truncate before truncate on audit_records
for each statement execute function audit_records_append_only();
