import { sql, type Kysely } from 'kysely';

/**
 * The audit log and four-eyes requests (CONSOLE.md "Audit", "Roles and permissions").
 *
 * `audit_records` is append-only (the trigger in ../functions/audit_records_append_only.sql refuses
 * update and delete) and hash-chained: each record's id is the previous one's plus one and it carries
 * the previous record's hash, so a changed, removed or inserted record breaks the chain at that point.
 * `at` is kept to the millisecond, as the hash covers it.
 *
 * `approval_requests` holds actions one person asks for and another decides.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table audit_records (
      id bigint primary key,
      at timestamptz not null,
      actor_kind text not null check (actor_kind in ('staff', 'key', 'anonymous', 'cli')),
      actor_id bigint,
      actor_name text,
      action text not null,
      target text,
      kind text not null check (kind in ('read', 'pii', 'change')),
      code integer not null,
      before jsonb,
      after jsonb,
      reason text,
      ip text,
      user_agent text,
      prev_hash text not null,
      hash text not null unique
    )`.execute(db);
  await sql`create index audit_records_by_action on audit_records (action text_pattern_ops, id)`.execute(db);
  await sql`create index audit_records_by_actor on audit_records (actor_name, id)`.execute(db);
  await sql`create index audit_records_by_target on audit_records (target, id)`.execute(db);
  await sql`create index audit_records_by_time on audit_records (at)`.execute(db);

  await sql`
    create table approval_requests (
      id bigint generated always as identity primary key,
      kind text not null,
      payload jsonb not null,
      reason text not null,
      requested_by_kind text not null check (requested_by_kind in ('staff', 'key')),
      requested_by_id bigint not null,
      requested_by_name text not null,
      requested_at timestamptz not null default now(),
      status text not null default 'pending' check (status in ('pending', 'approved', 'rejected', 'withdrawn', 'failed')),
      decided_by_kind text check (decided_by_kind in ('staff', 'key')),
      decided_by_id bigint,
      decided_by_name text,
      decided_at timestamptz,
      decision_reason text,
      result jsonb
    )`.execute(db);
  await sql`create index approval_requests_pending on approval_requests (id) where status = 'pending'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists approval_requests`.execute(db);
  await sql`drop table if exists audit_records`.execute(db);
}
