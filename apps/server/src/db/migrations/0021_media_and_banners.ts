import { sql, type Kysely } from 'kysely';

/**
 * Media and operator-managed banners.
 *
 * `media`: images the server stores (banner art, chat and support attachments), in the database so
 * every instance serves the same bytes without shared disks. The id is derived from the content
 * (SHA-256), so the same upload twice is one row and a URL, once handed out, never shows other bytes:
 * that is what lets `/media/<id>.<ext>` be cached for a year.
 * `banners` (0003) gains an operator title, the media it shows, and when it last changed;
 * `banner_audit` keeps every operator change with the old and new values, who and when.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table media (
      id text primary key check (id ~ '^[0-9a-f]{32}$'),
      kind text not null check (kind in ('png', 'jpeg', 'webp', 'gif')),
      size integer not null check (size > 0),
      bytes bytea not null,
      purpose text not null check (length(purpose) between 1 and 40),
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`alter table banners add column title text not null default ''`.execute(db);
  await sql`alter table banners add column media_id text references media(id)`.execute(db);
  await sql`alter table banners add column updated_at timestamptz not null default now()`.execute(db);

  await sql`
    create table banner_audit (
      id bigserial primary key,
      banner_id integer not null references banners(id),
      action text not null check (action in ('create', 'edit', 'order', 'schedule', 'enable', 'disable')),
      old_value jsonb,
      new_value jsonb not null,
      changed_by text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index banner_audit_banner_idx on banner_audit (banner_id, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table banner_audit`.execute(db);
  await sql`alter table banners drop column updated_at`.execute(db);
  await sql`alter table banners drop column media_id`.execute(db);
  await sql`alter table banners drop column title`.execute(db);
  await sql`drop table media`.execute(db);
}
