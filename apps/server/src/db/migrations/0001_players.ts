import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table players (
      id serial primary key,
      account text,
      email text,
      password_hash text not null,
      fund_password_hash text,
      nickname text not null,
      avatar text not null default '01',
      status smallint not null default 0,
      user_type smallint not null default 0,
      special_invite_type smallint not null default 0,
      experience_type smallint not null default 0,
      vip_level integer not null default 0,
      invite_code text not null,
      inviter_id integer references players(id),
      register_ip text not null,
      last_login_ip text,
      last_client_ip text,
      language text,
      first_recharge_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint players_has_login check (account is not null or email is not null)
    )`.execute(db);
  await sql`alter sequence players_id_seq restart with 100001`.execute(db);
  await sql`create unique index players_account_key on players (lower(account))`.execute(db);
  await sql`create unique index players_email_key on players (lower(email))`.execute(db);
  await sql`create unique index players_invite_code_key on players (invite_code)`.execute(db);
  await sql`create index players_register_ip_idx on players (register_ip, created_at)`.execute(db);

  await sql`
    create table player_sessions (
      id bigserial primary key,
      player_id integer not null references players(id),
      token_hash text not null unique,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      ended_at timestamptz,
      end_reason text check (end_reason in ('logout', 'replaced', 'password_changed')),
      last_notice_id integer not null default 0,
      login_ip text not null,
      client_ip text
    )`.execute(db);
  await sql`create index player_sessions_active_idx on player_sessions (player_id) where ended_at is null`.execute(db);

  await sql`
    create table verification_codes (
      id bigserial primary key,
      purpose text not null check (purpose in ('register', 'reset_password', 'bind_email')),
      target text not null,
      player_id integer references players(id),
      code_hash text not null,
      attempts integer not null default 0,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      consumed_at timestamptz,
      request_ip text not null
    )`.execute(db);
  await sql`create index verification_codes_lookup_idx on verification_codes (purpose, target, created_at desc)`.execute(db);

  await sql`
    create table mail_outbox (
      id bigserial primary key,
      recipient text not null,
      subject text not null,
      body text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index mail_outbox_recipient_idx on mail_outbox (lower(recipient), id desc)`.execute(db);

  await sql`
    create table notices (
      id serial primary key,
      title jsonb not null,
      content jsonb not null,
      starts_at timestamptz not null default now(),
      ends_at timestamptz,
      active boolean not null default true,
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table login_failures (
      ip text not null,
      failed_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index login_failures_ip_idx on login_failures (ip, failed_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['login_failures', 'notices', 'mail_outbox', 'verification_codes', 'player_sessions', 'players']) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
