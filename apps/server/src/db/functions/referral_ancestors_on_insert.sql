-- Keeps the referral tree: when a player is inserted with an inviter, one row per ancestor up to
-- three levels (level 1 = the inviter), copied from the inviter's own rows. A trigger on insert
-- means every way of creating a player keeps the tree, and the inviter always exists first.
create or replace function referral_ancestors_on_insert() returns trigger language plpgsql as $$
begin
  insert into referral_ancestors (player_id, level, ancestor_id, joined_at)
  select new.id, 1, new.inviter_id, new.created_at
  union all
  select new.id, a.level + 1, a.ancestor_id, new.created_at
  from referral_ancestors a where a.player_id = new.inviter_id and a.level < 3;
  return null;
end $$;

create or replace trigger players_referral_ancestors after insert on players
for each row when (new.inviter_id is not null) execute function referral_ancestors_on_insert();
