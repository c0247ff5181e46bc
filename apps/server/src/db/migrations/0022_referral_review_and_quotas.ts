import { sql, type Kysely } from 'kysely';

/**
 * Self-referral review, chat and media quotas, and the e-mail change's second code.
 *
 * `player_sessions.device_code`: the device code the client reported when the session opened
 * (`Device-Code` header), recorded only, like `client_ip`.
 * `referral_reviews`: one row per invitee registered from an address or device its inviter used
 * within 30 days (ECONOMY.md "Referral"): held until an operator clears it (who, when, note).
 * `referral_ancestors.held`: set on the invitee's level-1 row while its review is held. Settlement
 * reads it in the join it already makes: the held pair's turnover still counts in `referral_daily`,
 * its commission accrues into `referral_held` instead, per pair, and moves into `referral_daily`
 * (where claims read) when the pair is cleared.
 * `usage_quotas`: counters per (player, kind, window start), raised by one conditional upsert, so
 * parallel requests on any instance cannot pass a limit; `media_owners` records who stored which
 * media and its size, for the per-player cap of the media store. `quota_settings` holds the
 * operator's limits (JSON), with `quota_settings_audit`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table player_sessions add column device_code text check (device_code is null or length(device_code) <= 128)`.execute(db);
  await sql`create index player_sessions_player_recent_idx on player_sessions (player_id, created_at desc)`.execute(db);

  await sql`
    create table referral_reviews (
      player_id integer primary key references players(id),
      inviter_id integer not null references players(id),
      matched text not null check (matched in ('address', 'device')),
      status text not null default 'held' check (status in ('held', 'cleared')),
      flagged_at timestamptz not null default now(),
      cleared_at timestamptz,
      cleared_by text check (cleared_by is null or length(cleared_by) between 1 and 100),
      note text check (note is null or length(note) <= 500)
    )`.execute(db);
  await sql`create index referral_reviews_status_idx on referral_reviews (status, flagged_at desc)`.execute(db);
  await sql`create index referral_reviews_inviter_idx on referral_reviews (inviter_id) where status = 'held'`.execute(db);

  await sql`alter table referral_ancestors add column held boolean not null default false`.execute(db);
  await sql`create index referral_ancestors_held_idx on referral_ancestors (player_id) where held`.execute(db);
  await sql`
    create table referral_held (
      ancestor_id integer not null,
      player_id integer not null,
      currency text not null check (currency in ('USDT', 'TRX')),
      day date not null,
      level smallint not null check (level between 1 and 3),
      game_type smallint not null,
      commission_scaled numeric not null check (commission_scaled >= 0),
      primary key (ancestor_id, player_id, currency, day, level, game_type)
    )`.execute(db);

  await sql`
    create table usage_quotas (
      player_id integer not null,
      kind text not null check (kind in ('chat_image_hour', 'chat_image_day', 'chat_message_minute')),
      window_start timestamptz not null,
      count integer not null check (count >= 0),
      bytes bigint not null check (bytes >= 0),
      primary key (player_id, kind, window_start)
    )`.execute(db);
  await sql`
    create table media_owners (
      player_id integer not null,
      media_id text not null references media(id),
      size integer not null check (size > 0),
      created_at timestamptz not null default now(),
      primary key (player_id, media_id)
    )`.execute(db);
  await sql`
    create table media_usage (
      player_id integer primary key,
      bytes bigint not null check (bytes >= 0)
    )`.execute(db);
  await sql`
    create table quota_settings (
      key text primary key,
      value jsonb not null,
      updated_by text not null,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table quota_settings_audit (
      id bigserial primary key,
      key text not null,
      old_value jsonb,
      new_value jsonb not null,
      updated_by text not null,
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`alter table verification_codes drop constraint verification_codes_purpose_check`.execute(db);
  await sql`alter table verification_codes add constraint verification_codes_purpose_check
    check (purpose in ('register', 'reset_password', 'bind_email', 'change_email_old'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from verification_codes where purpose = 'change_email_old'`.execute(db);
  await sql`alter table verification_codes drop constraint verification_codes_purpose_check`.execute(db);
  await sql`alter table verification_codes add constraint verification_codes_purpose_check check (purpose in ('register', 'reset_password', 'bind_email'))`.execute(
    db,
  );
  for (const table of ['quota_settings_audit', 'quota_settings', 'media_usage', 'media_owners', 'usage_quotas', 'referral_held', 'referral_reviews']) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
  await sql`drop index if exists referral_ancestors_held_idx`.execute(db);
  await sql`alter table referral_ancestors drop column held`.execute(db);
  await sql`drop index if exists player_sessions_player_recent_idx`.execute(db);
  await sql`alter table player_sessions drop column device_code`.execute(db);
}
