import { type Kysely, sql } from 'kysely';

/**
 * Sanctions screening (PROTECTION.md):
 * - `sanctioned_addresses`: the TRON addresses of each list, one row per (list, address). `shipped`
 *   rows mirror the files in the repository (modules/sanctions/data, made equal to them at every
 *   start); `upload` rows are staff's, added and removed through the operator calls.
 * - `sanction_hits`: every time a listed address was met, and for money that arrived from one (a
 *   deposit, a transfer bet) the review's state and decision: a deposit credited, a transfer bet
 *   refunded to its sender, or either kept refused. One row per held deposit or transfer
 *   (`reference` unique per kind), so a watcher passing again records nothing new.
 * - `deposits.status` gains `held` (from a listed address: not credited, waiting for review) and
 *   `refused` (kept refused by staff).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table sanctioned_addresses (
      list text not null,
      address text not null,
      source text not null check (source in ('shipped', 'upload')),
      added_at timestamptz not null default now(),
      added_by text,
      primary key (list, address)
    )`.execute(db);
  await sql`create index sanctioned_addresses_address_idx on sanctioned_addresses (address)`.execute(db);

  await sql`
    create table sanction_hits (
      id bigserial primary key,
      kind text not null check (kind in ('withdrawal', 'withdrawal_address', 'bet_address', 'deposit', 'transfer_bet')),
      state text not null check (state in ('refused', 'held', 'credited', 'refunded', 'kept')),
      player_id integer references players(id),
      address text not null,
      lists text[] not null,
      currency text check (currency in ('USDT', 'TRX')),
      amount bigint,
      reference text,
      tx_id text,
      decided_by text,
      decision_reason text,
      decided_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index sanction_hits_reference_idx on sanction_hits (kind, reference) where reference is not null`.execute(db);
  await sql`create index sanction_hits_held_idx on sanction_hits (id) where state = 'held'`.execute(db);
  await sql`create index sanction_hits_player_idx on sanction_hits (player_id, id)`.execute(db);

  await sql`
    alter table deposits
      drop constraint deposits_status_check,
      add constraint deposits_status_check check (status in ('pending', 'credited', 'failed', 'ignored', 'dropped', 'held', 'refused'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    alter table deposits
      drop constraint deposits_status_check,
      add constraint deposits_status_check check (status in ('pending', 'credited', 'failed', 'ignored', 'dropped'))`.execute(db);
  await sql`drop table if exists sanction_hits`.execute(db);
  await sql`drop table if exists sanctioned_addresses`.execute(db);
}
