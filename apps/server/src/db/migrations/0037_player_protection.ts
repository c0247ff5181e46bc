import { sql, type Kysely } from 'kysely';

/**
 * PROTECTION.md "Limits", "Reality checks", "Time-out and self-exclusion".
 * - `player_protection`: one row per player who chose anything (reality-check interval, a pause, the
 *   limit offers answered); `tracks_spend` once they set any limit, from when their play is counted.
 * - `protection_limits`: the limit in force per kind and period, and a raise or removal waiting for
 *   its cooling-off (`pending_since`) and the player's confirmation.
 * - `protection_spend`: what a tracked player staked, got back and deposited, per hour (USDT
 *   micro-units): periods in any whole-hour zone are sums of hours.
 * - `protection_history`: every choice and refusal staff may need to see, newest first.
 * - `protection_links`: accounts linked by address, device or wallet to a self-excluded player,
 *   flagged for staff review.
 * - `protection_held_deposits`: the part of each deposit held beyond a deposit limit (on the
 *   player's `player_held` ledger account, never negative like cash), what was released since and
 *   what was sent back to its sender.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table player_protection (
      player_id integer primary key references players(id),
      reality_check_minutes smallint check (reality_check_minutes in (0, 15, 30, 60)),
      pause_kind text check (pause_kind in ('time_out', 'self_exclusion')),
      pause_since timestamptz,
      pause_until timestamptz,
      return_requested_at timestamptz,
      tracks_spend boolean not null default false,
      offer_registration_answered boolean not null default false,
      offer_first_deposit_answered boolean not null default false,
      updated_at timestamptz not null default now(),
      constraint player_protection_pause_whole check ((pause_kind is null) = (pause_since is null)),
      constraint player_protection_time_out_ends check (pause_kind is distinct from 'time_out' or pause_until is not null)
    )`.execute(db);
  await sql`
    create table protection_limits (
      player_id integer not null references players(id),
      kind text not null check (kind in ('deposit', 'loss', 'wager')),
      period text not null check (period in ('day', 'week', 'month')),
      amount bigint not null check (amount > 0),
      pending_amount bigint check (pending_amount > 0),
      pending_removal boolean not null default false,
      pending_since timestamptz,
      updated_at timestamptz not null default now(),
      primary key (player_id, kind, period),
      constraint protection_limits_pending_whole check ((pending_since is null) = (pending_amount is null and not pending_removal))
    )`.execute(db);
  await sql`
    create table protection_spend (
      player_id integer not null,
      hour timestamptz not null,
      staked bigint not null default 0,
      returned bigint not null default 0,
      deposited bigint not null default 0,
      primary key (player_id, hour)
    )`.execute(db);
  await sql`
    create table protection_history (
      id bigserial primary key,
      player_id integer not null references players(id),
      action text not null,
      detail jsonb not null default '{}'::jsonb,
      actor text not null default 'player',
      at timestamptz not null default now()
    )`.execute(db);
  await sql`create index protection_history_player on protection_history (player_id, id desc)`.execute(db);
  await sql`
    create table protection_links (
      id bigserial primary key,
      player_id integer not null references players(id),
      excluded_player_id integer not null references players(id),
      link text not null check (link in ('address', 'device', 'wallet')),
      detail text not null,
      created_at timestamptz not null default now(),
      decision text check (decision in ('cleared', 'confirmed')),
      decided_by text,
      decided_at timestamptz,
      unique (player_id, excluded_player_id, link, detail)
    )`.execute(db);
  await sql`create index protection_links_open on protection_links (created_at desc) where decision is null`.execute(db);
  await sql`
    create table protection_held_deposits (
      deposit_id bigint primary key references deposits(id),
      player_id integer not null references players(id),
      currency text not null check (currency in ('USDT', 'TRX')),
      from_address text not null,
      held bigint not null check (held > 0),
      settled bigint not null default 0,
      created_at timestamptz not null default now(),
      constraint protection_held_deposits_within check (settled >= 0 and settled <= held)
    )`.execute(db);
  await sql`create index protection_held_deposits_open on protection_held_deposits (player_id, currency, deposit_id) where settled < held`.execute(db);
  await sql`
    alter table ledger_accounts drop constraint ledger_player_balance_non_negative,
      add constraint ledger_player_balance_non_negative check (kind not in ('player', 'player_bonus', 'player_held') or balance >= 0)`.execute(db);
  // Auto-bet stop reason 6: a limit reached, or a time-out or self-exclusion begun.
  await sql`alter table auto_bet_runs drop constraint auto_bet_runs_stop_type_check, add constraint auto_bet_runs_stop_type_check check (stop_type between 0 and 6)`.execute(
    db,
  );
  await sql`
    create table protection_settings (
      id smallint primary key default 1 check (id = 1),
      settings jsonb not null,
      updated_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    alter table ledger_accounts drop constraint ledger_player_balance_non_negative,
      add constraint ledger_player_balance_non_negative check (kind not in ('player', 'player_bonus') or balance >= 0)`.execute(db);
  await sql`alter table auto_bet_runs drop constraint auto_bet_runs_stop_type_check, add constraint auto_bet_runs_stop_type_check check (stop_type between 0 and 5)`.execute(
    db,
  );
  for (const table of [
    'protection_held_deposits',
    'protection_settings',
    'protection_links',
    'protection_history',
    'protection_spend',
    'protection_limits',
    'player_protection',
  ]) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
