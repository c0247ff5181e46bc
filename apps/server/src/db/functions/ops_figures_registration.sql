-- A registration counts in the operator figures of its day (ops_figures_fold.sql).
create or replace function ops_figures_registration() returns trigger language plpgsql as $$
begin
  insert into ops_figures_pending (registrations) values (1);
  return null;
end $$;

create or replace trigger ops_figures_registration after insert on players
for each row execute function ops_figures_registration();
