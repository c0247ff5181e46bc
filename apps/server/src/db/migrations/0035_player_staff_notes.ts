import { sql, type Kysely } from 'kysely';

/**
 * `player_staff_notes`: what staff wrote down about a player on the player page (CONSOLE.md "Screens"
 * 3). Append-only: a note is never edited or deleted; a correction is a new note. The author is the
 * signed-in member or API key, kept by kind, id and the name shown at the time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table player_staff_notes (
      id bigint generated always as identity primary key,
      player_id integer not null references players (id),
      staff_kind text not null check (staff_kind in ('staff', 'key')),
      staff_id bigint not null,
      staff_name text not null,
      body text not null check (char_length(body) between 1 and 2000),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index player_staff_notes_player on player_staff_notes (player_id, id desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists player_staff_notes`.execute(db);
}
