import { sql, type Kysely } from 'kysely';

/**
 * Bonus money and rebates.
 *
 * `bonus_credits`: every bonus paid to a player (VIP gifts, rebates, activities, referral commission),
 * one row per ledger transfer (same idempotency key), with the wagering it added.
 * `wagering`: what a player still has to wager per currency before withdrawing; `required` is the
 * target of the current requirement (reset when a credit arrives while nothing is outstanding), so
 * progress is `required - outstanding` of `required`.
 * `rebate_accruals`: rebates accrued in real time per currency and game type, emptied by a claim;
 * `total_accrued` never goes down. `rebate_claims`: one row per paid claim, idempotent per request id.
 * `economy_settings`: operator settings (VIP ladder, rebate rates, wagering multipliers) as JSON,
 * defaults from the code when no row exists; every change is kept in `economy_settings_audit`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table bonus_credits (
      id bigserial primary key,
      player_id integer not null references players(id),
      bonus_type smallint not null check (bonus_type between 1 and 99),
      source text not null check (source ~ '^[a-z_]{1,40}$'),
      source_ref text not null check (length(source_ref) between 1 and 200),
      currency text not null check (currency in ('USDT', 'TRX')),
      amount bigint not null check (amount > 0),
      wagering_added bigint not null check (wagering_added >= 0),
      ledger_key text not null unique,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index bonus_credits_player_idx on bonus_credits (player_id, id desc)`.execute(db);
  await sql`create index bonus_credits_player_type_idx on bonus_credits (player_id, bonus_type, id desc)`.execute(db);

  await sql`
    create table wagering (
      player_id integer not null references players(id),
      currency text not null check (currency in ('USDT', 'TRX')),
      outstanding bigint not null default 0 check (outstanding >= 0),
      required bigint not null default 0 check (required >= outstanding),
      updated_at timestamptz not null default now(),
      primary key (player_id, currency)
    )`.execute(db);

  await sql`
    create table rebate_accruals (
      player_id integer not null references players(id),
      currency text not null check (currency in ('USDT', 'TRX')),
      game_type smallint not null,
      accrued bigint not null default 0 check (accrued >= 0),
      total_accrued bigint not null default 0 check (total_accrued >= accrued),
      updated_at timestamptz not null default now(),
      primary key (player_id, currency, game_type)
    )`.execute(db);

  await sql`
    create table rebate_claims (
      id bigserial primary key,
      player_id integer not null references players(id),
      currency text not null check (currency in ('USDT', 'TRX')),
      amount bigint not null check (amount > 0),
      request_id text not null check (length(request_id) between 1 and 100),
      details jsonb not null default '{}',
      created_at timestamptz not null default now(),
      unique (player_id, request_id)
    )`.execute(db);
  await sql`create index rebate_claims_player_idx on rebate_claims (player_id, id desc)`.execute(db);

  await sql`
    create table economy_settings (
      key text primary key check (key ~ '^[a-zA-Z.]{1,60}$'),
      value jsonb not null,
      updated_at timestamptz not null default now(),
      updated_by text not null
    )`.execute(db);
  await sql`
    create table economy_settings_audit (
      id bigserial primary key,
      key text not null,
      old_value jsonb,
      new_value jsonb not null,
      updated_by text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index economy_settings_audit_key_idx on economy_settings_audit (key, id desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['economy_settings_audit', 'economy_settings', 'rebate_claims', 'rebate_accruals', 'wagering', 'bonus_credits']) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
