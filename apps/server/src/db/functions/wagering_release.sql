-- The release of bonus money (ECONOMY.md "Bonus money and wagering"): when a requirement reaches 0,
-- the player's whole bonus balance of that currency becomes cash in one ledger transfer, keyed by the
-- requirement's cycle, so whatever lowered it (a settled hash round, a closed third-party round, an
-- operator's waiver) releases exactly once, in its own transaction. Experience gold (`locked`) is
-- never released. A requirement met also stops guarding cash (`legacy`, see migration 0022).
--
-- Lock order: the player's cash, then their bonus account (both players' accounts, rank 0, by kind);
-- every caller has locked the wagering row before, as all writers of wagering do before the ledger.
create or replace function wagering_release() returns trigger language plpgsql as $$
declare
  v_bonus bigint;
begin
  if new.outstanding = 0 and old.outstanding > 0 then
    new.legacy := false;
    if not new.locked then
      select a.balance into v_bonus from ledger_accounts a
      where a.kind = 'player_bonus' and a.owner_id = new.player_id and a.currency = new.currency
      for no key update;
      if coalesce(v_bonus, 0) > 0 then
        perform ledger_post_transfer(
          'bonus:release:' || new.player_id || ':' || new.currency || ':' || new.cycle, 'bonus_release', new.player_id::text,
          jsonb_build_object('cycle', new.cycle, 'required', new.required),
          array['player', 'player_bonus'], array[new.player_id::bigint, new.player_id::bigint],
          array[new.currency, new.currency], array[v_bonus, -v_bonus]);
      end if;
    end if;
  end if;
  return new;
end $$;

create or replace trigger wagering_release before update of outstanding on wagering
for each row when (old.outstanding > 0 and new.outstanding = 0) execute function wagering_release();
