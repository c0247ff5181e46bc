-- Folds what a transaction's money paths added to `ops_figures_pending` (migration 0031) into the
-- day's operator figures, at commit: a deferred constraint trigger, so the daily rows are locked
-- after every other lock the transaction takes, in key order, and held only for the commit. The
-- first event of a transaction folds all its rows; the others find none. The day is the UTC day the
-- transaction started; the slot (transaction id modulo 8) spreads concurrent writers over 8 rows.
create or replace function ops_figures_fold() returns trigger language plpgsql as $$
declare
  v_tx bigint := txid_current();
  v_day date := (now() at time zone 'UTC')::date;
  v_slot smallint := (txid_current() % 8)::smallint;
begin
  with moved as (
    delete from ops_figures_pending where tx = v_tx returning *
  ),
  registered as (
    insert into ops_daily_registrations as r (day, slot, registrations)
    select v_day, v_slot, sum(m.registrations) from moved m where m.currency is null having count(*) > 0
    on conflict (day, slot) do update set registrations = r.registrations + excluded.registrations
  )
  insert into ops_daily_figures as f (
    day, currency, game_type, slot, deposits, deposit_amount, first_deposits, first_deposit_amount, withdrawals, withdrawal_amount,
    bets, stake, payout, bonus_paid, bonus_released, bonus_forfeited)
  select v_day, m.currency, m.game_type, v_slot, sum(m.deposits), sum(m.deposit_amount), sum(m.first_deposits), sum(m.first_deposit_amount),
         sum(m.withdrawals), sum(m.withdrawal_amount), sum(m.bets), sum(m.stake), sum(m.payout),
         sum(m.bonus_paid), sum(m.bonus_released), sum(m.bonus_forfeited)
  from moved m
  where m.currency is not null
  group by m.currency, m.game_type
  order by m.currency, m.game_type
  on conflict (day, currency, game_type, slot) do update
    set deposits = f.deposits + excluded.deposits, deposit_amount = f.deposit_amount + excluded.deposit_amount,
        first_deposits = f.first_deposits + excluded.first_deposits, first_deposit_amount = f.first_deposit_amount + excluded.first_deposit_amount,
        withdrawals = f.withdrawals + excluded.withdrawals, withdrawal_amount = f.withdrawal_amount + excluded.withdrawal_amount,
        bets = f.bets + excluded.bets, stake = f.stake + excluded.stake, payout = f.payout + excluded.payout,
        bonus_paid = f.bonus_paid + excluded.bonus_paid, bonus_released = f.bonus_released + excluded.bonus_released,
        bonus_forfeited = f.bonus_forfeited + excluded.bonus_forfeited;
  return null;
end $$;

-- A constraint trigger cannot be replaced in place.
drop trigger if exists ops_figures_fold on ops_figures_pending;
create constraint trigger ops_figures_fold after insert on ops_figures_pending
deferrable initially deferred for each row execute function ops_figures_fold();
