import { sql, type Kysely } from 'kysely';

/**
 * Aggregator categories read by meaning, and the player's own shelves of games.
 *
 * `games.category` keeps the aggregator's category as it wrote it, so a game can be shown again under
 * another type when an operator maps its category, and operators can list the categories nobody has
 * mapped. `game_category_rules` holds those operator decisions, by category key (lower case, no accents
 * or punctuation): a game type, or hidden.
 *
 * `player_favourite_games` and `player_recent_games`: the games a player marked, and the ones they
 * entered lately (one row per game, moved to the front on each entry; the service keeps a few).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table games add column category text not null default ''`.execute(db);
  await sql`
    create table game_category_rules (
      category_key text primary key check (length(category_key) between 1 and 100),
      game_type integer check (game_type in (2, 10, 11, 12, 13, 14, 15)),
      hidden boolean not null default false,
      updated_at timestamptz not null default now(),
      constraint game_category_rules_decides check (game_type is not null or hidden)
    )`.execute(db);

  await sql`
    create table player_favourite_games (
      player_id integer not null references players(id),
      game_id integer not null references games(id),
      created_at timestamptz not null default now(),
      primary key (player_id, game_id)
    )`.execute(db);
  await sql`
    create table player_recent_games (
      player_id integer not null references players(id),
      game_id integer not null references games(id),
      played_at timestamptz not null default now(),
      primary key (player_id, game_id)
    )`.execute(db);
  await sql`create index player_recent_games_latest_idx on player_recent_games (player_id, played_at desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists player_recent_games`.execute(db);
  await sql`drop table if exists player_favourite_games`.execute(db);
  await sql`drop table if exists game_category_rules`.execute(db);
  await sql`alter table games drop column if exists category`.execute(db);
}
