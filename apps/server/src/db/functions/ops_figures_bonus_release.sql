-- Bonus money released to cash when a requirement reaches 0 (wagering_release.sql posts it, keyed by
-- the requirement's cycle, just before this runs) counts in the operator figures as released
-- (ops_figures_fold.sql). A requirement ended with no bonus money left posts nothing and adds nothing.
create or replace function ops_figures_bonus_release() returns trigger language plpgsql as $$
begin
  insert into ops_figures_pending (currency, bonus_released)
  select new.currency, e.amount
  from ledger_transfers t
  join ledger_entries e on e.transfer_id = t.id and e.amount > 0
  where t.idempotency_key = 'bonus:release:' || new.player_id || ':' || new.currency || ':' || new.cycle
    and t.kind = 'bonus_release';
  return null;
end $$;

create or replace trigger ops_figures_bonus_release after update of outstanding on wagering
for each row when (old.outstanding > 0 and new.outstanding = 0 and not new.locked) execute function ops_figures_bonus_release();
