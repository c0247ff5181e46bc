-- A deposit counts in the operator figures when it is credited, a withdrawal when it is confirmed on
-- chain (ops_figures_fold.sql).
create or replace function ops_figures_payment() returns trigger language plpgsql as $$
begin
  if tg_table_name = 'deposits' then
    insert into ops_figures_pending (currency, deposits, deposit_amount) values (new.currency, 1, new.amount);
  else
    insert into ops_figures_pending (currency, withdrawals, withdrawal_amount) values (new.currency, 1, new.amount);
  end if;
  return null;
end $$;

create or replace trigger ops_figures_deposit after update of status on deposits
for each row when (new.status = 'credited' and old.status is distinct from 'credited') execute function ops_figures_payment();

create or replace trigger ops_figures_withdrawal after update of status on withdrawals
for each row when (new.status = 'confirmed' and old.status is distinct from 'confirmed') execute function ops_figures_payment();
