-- A bonus credit counts in the operator figures as paid, and as released at once when it carries no
-- wagering requirement (it was paid as cash) (ops_figures_fold.sql).
create or replace function ops_figures_bonus_credit() returns trigger language plpgsql as $$
begin
  insert into ops_figures_pending (currency, bonus_paid, bonus_released)
  values (new.currency, new.amount, case when new.wagering_added = 0 then new.amount else 0 end);
  return null;
end $$;

create or replace trigger ops_figures_bonus_credit after insert on bonus_credits
for each row execute function ops_figures_bonus_credit();
