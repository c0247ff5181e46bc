import { sql, type Kysely } from 'kysely';

/**
 * Third-party games come from the aggregator's list instead of the starting catalogue: each row
 * remembers where it came from and whether the aggregator still lists it (a game it drops is hidden,
 * never deleted, so records and logos keep resolving). The operator's hot, new and sort choices are
 * kept apart from the aggregator's, so a refresh never undoes them; `enabled` stays the operator's
 * visibility switch. Aggregator games take their ids from a sequence above every catalogue id.
 *
 * Player marks: experience gold grants (one per operator request id) and special invite codes with
 * the accounts registered through them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table games add column source text not null default 'catalogue' check (source in ('catalogue', 'aggregator'))`.execute(db);
  await sql`alter table games add column listed boolean not null default true`.execute(db);
  await sql`alter table games add column hot_override boolean`.execute(db);
  await sql`alter table games add column new_override boolean`.execute(db);
  await sql`alter table games add column sort_override integer`.execute(db);
  await sql`alter table games add column synced_at timestamptz`.execute(db);
  await sql`create sequence games_id_seq start with 100001`.execute(db);
  await sql`alter table games alter column id set default nextval('games_id_seq')`.execute(db);
  await sql`create unique index games_aggregator_code_key on games (aggregator, game_code) where source = 'aggregator'`.execute(db);
  // The placeholder third-party titles of the starting catalogue were never playable: hidden, not deleted.
  await sql`update games set listed = false where source = 'catalogue' and game_type <> 1`.execute(db);
  await sql`drop index if exists games_listing_idx`.execute(db);
  await sql`create index games_listing_idx on games (game_type, sort, id) where enabled and listed`.execute(db);

  await sql`
    create table experience_gold_grants (
      request_id text primary key check (length(request_id) between 1 and 100),
      player_id integer not null references players(id),
      amount bigint not null check (amount > 0),
      note text,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index experience_gold_grants_player_idx on experience_gold_grants (player_id)`.execute(db);

  await sql`
    create table special_invite_codes (
      code text primary key check (code ~ '^[A-Z0-9]{6,32}$'),
      max_uses integer not null check (max_uses > 0),
      used integer not null default 0,
      note text,
      enabled boolean not null default true,
      created_at timestamptz not null default now(),
      constraint special_invite_codes_within_uses check (used <= max_uses)
    )`.execute(db);
  await sql`
    create table special_invite_redemptions (
      player_id integer primary key references players(id),
      code text not null references special_invite_codes(code),
      created_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists special_invite_redemptions`.execute(db);
  await sql`drop table if exists special_invite_codes`.execute(db);
  await sql`drop table if exists experience_gold_grants`.execute(db);
  await sql`drop index if exists games_listing_idx`.execute(db);
  await sql`create index games_listing_idx on games (game_type, sort, id) where enabled`.execute(db);
  await sql`drop index if exists games_aggregator_code_key`.execute(db);
  await sql`alter table games alter column id drop default`.execute(db);
  await sql`drop sequence if exists games_id_seq`.execute(db);
  for (const column of ['synced_at', 'sort_override', 'new_override', 'hot_override', 'listed', 'source']) {
    await sql`alter table games drop column if exists ${sql.ref(column)}`.execute(db);
  }
}
