import { sql, type Kysely } from 'kysely';

/**
 * Activities (ECONOMY.md "Activities").
 *
 * `activities`: one row per activity the operator runs: its type (1-7), its texts per language, its
 * window, currency, type-specific rules, wagering multiplier (null: the economy setting of its
 * source), per-player limit, budget cap and whether it is enabled. `paid_total` is the budget
 * counter: a claim raises it under the row's lock in the claim's transaction, so concurrent claims
 * can never pay past `budget_cap`. `revision` rises with every change, for configSync's version.
 * `activity_claims`: one row per (activity, player, period) paid, so a period pays once.
 * `activity_audit`: every operator change with its old and new values, who and when.
 *
 * Progress is read from the facts other modules record (valid turnover, deposits, the player row)
 * for one player at a time: turnover by (player, settled_at) needs the index added here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create sequence activity_revision_seq`.execute(db);
  await sql`
    create table activities (
      id serial primary key,
      type smallint not null check (type between 1 and 7),
      texts jsonb not null,
      image_url text check (length(image_url) <= 500),
      sort integer not null default 0,
      start_at timestamptz not null,
      end_at timestamptz,
      currency text not null check (currency in ('USDT', 'TRX')),
      rules jsonb not null,
      wagering_multiplier smallint check (wagering_multiplier between 0 and 100),
      per_player_limit integer check (per_player_limit > 0),
      budget_cap bigint check (budget_cap > 0),
      paid_total bigint not null default 0 check (paid_total >= 0),
      requires_recharge boolean not null default false,
      enabled boolean not null default true,
      revision bigint not null default nextval('activity_revision_seq'),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      updated_by text not null,
      check (end_at is null or end_at > start_at)
    )`.execute(db);

  await sql`
    create table activity_claims (
      activity_id integer not null references activities(id),
      player_id integer not null references players(id),
      period text not null check (length(period) between 1 and 80),
      step smallint not null default 0,
      request_id text not null,
      currency text not null check (currency in ('USDT', 'TRX')),
      amount bigint not null check (amount > 0),
      created_at timestamptz not null default now(),
      primary key (activity_id, player_id, period)
    )`.execute(db);
  await sql`create index activity_claims_player_idx on activity_claims (player_id, created_at desc)`.execute(db);

  await sql`
    create table activity_audit (
      id bigserial primary key,
      activity_id integer not null references activities(id),
      action text not null,
      old_value jsonb,
      new_value jsonb not null,
      updated_by text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index activity_audit_activity_idx on activity_audit (activity_id, id desc)`.execute(db);

  await sql`create index if not exists turnover_records_player_settled_idx on turnover_records (player_id, settled_at)`.execute(db);
  await sql`create index if not exists players_inviter_id_idx on players (inviter_id) where inviter_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['activity_audit', 'activity_claims', 'activities']) await sql`drop table if exists ${sql.table(table)}`.execute(db);
  await sql`drop sequence if exists activity_revision_seq`.execute(db);
  await sql`drop index if exists turnover_records_player_settled_idx`.execute(db);
  await sql`drop index if exists players_inviter_id_idx`.execute(db);
}
