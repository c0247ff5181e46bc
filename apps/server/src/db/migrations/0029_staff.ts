import { sql, type Kysely } from 'kysely';

/**
 * Staff identity (CONSOLE.md "Staff identity"): staff members apart from players, with argon2id
 * passwords and mandatory TOTP; roles as named permission sets an owner edits; console sessions
 * (idle and absolute expiry, a CSRF token, the time TOTP was last given for step-up); single-use
 * recovery codes stored hashed; failed sign-ins by address and account (for lockout); API keys for automation, stored hashed with their permissions; and
 * one-time links (set the password and enrol, from `npm run console -- create-owner` or an invitation).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table staff_roles (
      name text primary key check (name ~ '^[a-z][a-z0-9_-]{1,31}$'),
      permissions text[] not null,
      shipped boolean not null default false,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table staff_members (
      id bigint generated always as identity primary key,
      login text not null unique check (login ~ '^[a-z0-9][a-z0-9._@-]{2,63}$'),
      password_hash text,
      status text not null default 'invited' check (status in ('invited', 'active', 'disabled')),
      roles text[] not null default '{}',
      totp_secret text,
      totp_enrolled_at timestamptz,
      totp_last_step bigint,
      created_by bigint references staff_members (id),
      created_at timestamptz not null default now(),
      disabled_at timestamptz,
      last_login_at timestamptz
    )`.execute(db);
  await sql`
    create table staff_sessions (
      id text primary key,
      staff_id bigint not null references staff_members (id),
      csrf_token text not null,
      verified_at timestamptz,
      ip text,
      user_agent text,
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      expires_at timestamptz not null,
      ended_at timestamptz
    )`.execute(db);
  await sql`create index staff_sessions_open on staff_sessions (staff_id) where ended_at is null`.execute(db);
  await sql`
    create table staff_recovery_codes (
      staff_id bigint not null references staff_members (id),
      code_hash text not null,
      used_at timestamptz,
      primary key (staff_id, code_hash)
    )`.execute(db);
  await sql`
    create table staff_api_keys (
      id bigint generated always as identity primary key,
      name text not null unique check (length(name) between 3 and 64),
      key_hash text not null unique,
      permissions text[] not null,
      created_by bigint references staff_members (id),
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz,
      last_used_at timestamptz
    )`.execute(db);
  await sql`
    create table staff_links (
      token_hash text primary key,
      staff_id bigint not null references staff_members (id),
      purpose text not null check (purpose in ('enrol', 'reset')),
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    )`.execute(db);
  await sql`
    create table staff_login_failures (
      address text not null,
      staff_id bigint references staff_members (id),
      failed_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index staff_login_failures_address on staff_login_failures (address, failed_at)`.execute(db);
  await sql`create index staff_login_failures_staff on staff_login_failures (staff_id, failed_at) where staff_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['staff_login_failures', 'staff_links', 'staff_api_keys', 'staff_recovery_codes', 'staff_sessions', 'staff_members', 'staff_roles']) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
