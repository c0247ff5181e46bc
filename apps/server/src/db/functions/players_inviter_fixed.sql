-- The inviter is set at registration and never changes: the tree copied into referral_ancestors
-- stays true, and a cycle cannot form since a parent always exists before its child.
create or replace function players_inviter_fixed() returns trigger language plpgsql as $$
begin
  raise exception 'inviter of player % is set at registration and never changes', old.id using errcode = 'check_violation';
end $$;

create or replace trigger players_inviter_fixed before update of inviter_id on players
for each row when (old.inviter_id is distinct from new.inviter_id) execute function players_inviter_fixed();
