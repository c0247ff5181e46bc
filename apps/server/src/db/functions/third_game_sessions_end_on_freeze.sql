-- A player whose standing leaves good (frozen, disabled, however it is set) has every open game
-- session ended at once, in the same transaction: an aggregator's bets on them are refused as expired
-- from then on, and unfreezing does not revive them (the player enters the game again).
create or replace function third_game_sessions_end_on_freeze() returns trigger language plpgsql as $$
begin
  update third_game_sessions set ended_at = now() where player_id = new.id and ended_at is null;
  return null;
end $$;

create or replace trigger third_game_sessions_end_on_freeze after update of status on players
for each row when (old.status = 0 and new.status <> 0) execute function third_game_sessions_end_on_freeze();
