-- Registrations count in the operator figures of their day (ops_figures_fold.sql). One pending row
-- per statement, not per player: an import of 100,000 players adds one row to fold, not 100,000.
create or replace function ops_figures_registration() returns trigger language plpgsql as $$
begin
  insert into ops_figures_pending (registrations) select count(*) from inserted having count(*) > 0;
  return null;
end $$;

-- A trigger's level cannot be changed in place.
drop trigger if exists ops_figures_registration on players;
create trigger ops_figures_registration after insert on players
referencing new table as inserted
for each statement execute function ops_figures_registration();
