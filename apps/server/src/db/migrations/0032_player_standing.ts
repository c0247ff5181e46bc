import { sql, type Kysely } from 'kysely';

/**
 * `player_standing_changes`: every freeze and unfreeze of a player by staff, with the reason and who
 * decided, as the player page's history shows them (the audit log keeps the call as well).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table player_standing_changes (
      id bigint generated always as identity primary key,
      player_id bigint not null references players (id),
      from_status smallint not null,
      to_status smallint not null,
      reason text not null,
      actor_kind text not null check (actor_kind in ('staff', 'key')),
      actor_id bigint not null,
      actor_name text not null,
      at timestamptz not null default now()
    )`.execute(db);
  await sql`create index player_standing_changes_player on player_standing_changes (player_id, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists player_standing_changes`.execute(db);
}
