import { sql, type Kysely } from 'kysely';

/**
 * The lobby: the game catalogue with its transfer-bet addresses, what the home screen shows around it
 * (navigation, manufacturers, banners), launch channels, customer service, versioned site settings,
 * funnel key points and the big wins of the ranking ticker. The catalogue itself is written at start
 * by the lobby module, so a migration never has to change when the catalogue does.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table games (
      id integer primary key,
      game_type smallint not null,
      aggregator text not null,
      manufacturer text not null,
      game_code text not null,
      name_zh text not null,
      name_en text not null,
      logo_zh text not null,
      logo_en text not null,
      sort integer not null default 0,
      is_hot boolean not null default false,
      is_new boolean not null default false,
      period smallint check (period between 1 and 5),
      -- Odds only mean something for in-house games; third-party games carry none.
      reward_rate text check (reward_rate ~ '^[0-9]{1,7}(\\.[0-9]{1,4})?$'),
      requires_login boolean not null default true,
      enabled boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (aggregator, manufacturer, game_code)
    )`.execute(db);
  await sql`create index games_listing_idx on games (game_type, sort, id) where enabled`.execute(db);

  // One receiving address per game and level; an incoming transfer is matched to its game by address.
  await sql`
    create table game_transfer_addresses (
      game_id integer not null references games(id) on delete cascade,
      level smallint not null check (level in (0, 1)),
      address text not null unique check (address ~ '^T[1-9A-HJ-NP-Za-km-z]{33}$'),
      trx_min bigint not null,
      trx_max bigint not null,
      usdt_min bigint not null,
      usdt_max bigint not null,
      updated_at timestamptz not null default now(),
      primary key (game_id, level),
      constraint game_transfer_limits_ordered check (0 < trx_min and trx_min <= trx_max and 0 < usdt_min and usdt_min <= usdt_max)
    )`.execute(db);

  await sql`
    create table nav_config (
      nav_id smallint primary key,
      status smallint not null default 1 check (status in (0, 1)),
      sort integer not null default 0
    )`.execute(db);

  await sql`
    create table manufacturers (
      abbr text primary key,
      name text not null,
      sort integer not null default 0,
      enabled boolean not null default true
    )`.execute(db);

  // A null language or promotion channel means the banner is shown to everyone.
  await sql`
    create table banners (
      id serial primary key,
      image_url text not null,
      link text,
      sort integer not null default 0,
      language text,
      promotion_channel text,
      enabled boolean not null default true,
      starts_at timestamptz,
      ends_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table promotion_channels (
      channel_md5 text primary key check (channel_md5 ~ '^[0-9a-f]{32}$'),
      promotion_channel text not null,
      client_version text not null,
      enabled boolean not null default true,
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table customer_service (
      id serial primary key,
      kind text not null check (kind in ('online', 'whatsapp', 'telegram', 'official', 'skype')),
      name jsonb not null,
      url text not null,
      sort integer not null default 0,
      enabled boolean not null default true
    )`.execute(db);

  // Each scope carries one version, bumped with every change, so clients can ask "anything new?".
  await sql`
    create table site_config_versions (
      scope text primary key,
      version integer not null default 1
    )`.execute(db);
  await sql`
    create table site_config (
      scope text not null references site_config_versions(scope),
      key text not null,
      value jsonb not null,
      updated_at timestamptz not null default now(),
      primary key (scope, key)
    )`.execute(db);

  await sql`
    create table keypoints (
      id bigserial primary key,
      kind smallint not null,
      player_id integer references players(id),
      client_version text,
      promotion_channel text,
      domain text,
      client_ip text,
      client_device_os text,
      client_device_code text,
      custom_data jsonb,
      ip text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index keypoints_kind_created_idx on keypoints (kind, created_at)`.execute(db);
  await sql`create index keypoints_player_idx on keypoints (player_id) where player_id is not null`.execute(db);

  // The display name is kept as shown (masked) so the ticker never needs the players table.
  await sql`
    create table ranking_wins (
      id bigserial primary key,
      player_id integer not null references players(id),
      display_name text not null,
      game_id integer not null references games(id),
      currency text not null check (currency in ('USDT', 'TRX')),
      amount bigint not null check (amount > 0),
      reference text not null unique,
      won_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index ranking_wins_recent_idx on ranking_wins (won_at desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'ranking_wins',
    'keypoints',
    'site_config',
    'site_config_versions',
    'customer_service',
    'promotion_channels',
    'banners',
    'manufacturers',
    'nav_config',
    'game_transfer_addresses',
    'games',
  ]) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
