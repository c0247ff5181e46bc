-- A player's first deposit counts in the operator figures when the player is stamped as having
-- recharged (ops_figures_fold.sql): once, under the player's row lock, with the amount and currency of
-- their earliest credited deposit, which the same transaction has just credited. A stamp with no
-- credited deposit behind it adds nothing.
create or replace function ops_figures_first_deposit() returns trigger language plpgsql as $$
begin
  insert into ops_figures_pending (currency, first_deposits, first_deposit_amount)
  select d.currency, 1, d.amount from deposits d
  where d.player_id = new.id and d.status = 'credited'
  order by d.credited_at, d.id
  limit 1;
  return null;
end $$;

create or replace trigger ops_figures_first_deposit after update of first_recharge_at on players
for each row when (old.first_recharge_at is null and new.first_recharge_at is not null) execute function ops_figures_first_deposit();
