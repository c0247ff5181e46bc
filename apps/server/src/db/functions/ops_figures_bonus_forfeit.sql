-- Bonus money forfeited counts in the operator figures (ops_figures_fold.sql).
create or replace function ops_figures_bonus_forfeit() returns trigger language plpgsql as $$
begin
  insert into ops_figures_pending (currency, bonus_forfeited) values (new.currency, new.amount);
  return null;
end $$;

create or replace trigger ops_figures_bonus_forfeit after insert on bonus_forfeits
for each row when (new.action = 'forfeit') execute function ops_figures_bonus_forfeit();
