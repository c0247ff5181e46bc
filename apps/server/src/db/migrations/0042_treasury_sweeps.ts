import { type Kysely, sql } from 'kysely';

/**
 * Sweeps and hot/cold (TREASURY.md "Sweeps", "Hot and cold"): the cycles that gather deposits, every
 * sweep (one transaction from a deposit address to the hot wallet or the cold address), every other
 * transaction the treasury makes for them (activating an address, funding its fee, delegating and
 * undelegating energy, moving the hot wallet's excess to cold), the hot wallet's top-up requests and
 * the operator's runtime settings. A signed transaction is written here before it is broadcast.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table treasury_sweep_cycles (
      id bigserial primary key,
      trigger text not null check (trigger in ('schedule', 'operator', 'export', 'command')),
      requested_by text,
      summary jsonb not null default '{}',
      started_at timestamptz not null default now(),
      finished_at timestamptz
    )`.execute(db);

  await sql`
    create table treasury_sweeps (
      id bigserial primary key,
      cycle_id bigint not null references treasury_sweep_cycles(id),
      player_id integer not null references players(id),
      derivation_index integer not null,
      address text not null,
      currency text not null check (currency in ('USDT', 'TRX')),
      amount bigint not null check (amount > 0),
      destination text not null,
      destination_kind text not null check (destination_kind in ('hot', 'cold')),
      status text not null check (status in ('planned', 'signed', 'broadcast', 'confirmed', 'failed', 'dropped')),
      offline boolean not null default false,
      tx_id text not null unique,
      raw_data_hex text not null,
      unsigned_tx text not null,
      signed_tx text,
      tx_expiration bigint not null,
      fee_limit bigint not null default 0,
      energy bigint not null default 0,
      network_fee bigint,
      block_number bigint,
      last_error text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      completed_at timestamptz,
      constraint treasury_sweeps_signed_has_tx check (status not in ('signed', 'broadcast') or signed_tx is not null)
    )`.execute(db);
  // One open sweep per address and currency: nothing is swept twice.
  await sql`create unique index treasury_sweeps_open on treasury_sweeps (address, currency) where status in ('planned', 'signed', 'broadcast')`.execute(db);
  await sql`create index treasury_sweeps_recent on treasury_sweeps (id desc)`.execute(db);
  await sql`create index treasury_sweeps_done on treasury_sweeps (address, currency, id desc) where status = 'confirmed'`.execute(db);

  await sql`
    create table treasury_chain_actions (
      id bigserial primary key,
      cycle_id bigint not null references treasury_sweep_cycles(id),
      kind text not null check (kind in ('activate', 'fund', 'delegate', 'undelegate', 'rebalance')),
      currency text not null check (currency in ('USDT', 'TRX')),
      from_address text not null,
      to_address text not null,
      amount bigint not null check (amount > 0),
      energy bigint not null default 0,
      parent_id bigint references treasury_chain_actions(id),
      status text not null check (status in ('signed', 'broadcast', 'confirmed', 'failed', 'dropped')),
      tx_id text not null unique,
      signed_tx text not null,
      tx_expiration bigint not null,
      network_fee bigint,
      block_number bigint,
      last_error text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      completed_at timestamptz
    )`.execute(db);
  await sql`create index treasury_chain_actions_open on treasury_chain_actions (id) where status in ('signed', 'broadcast')`.execute(db);
  await sql`create index treasury_chain_actions_to on treasury_chain_actions (to_address, kind, status)`.execute(db);
  // A delegation is taken back by one live undelegation at most.
  await sql`create unique index treasury_chain_actions_undelegate_once on treasury_chain_actions (parent_id) where kind = 'undelegate' and status in ('signed', 'broadcast', 'confirmed')`.execute(
    db,
  );
  // One excess move to cold per currency at a time.
  await sql`create unique index treasury_chain_actions_rebalance_open on treasury_chain_actions (currency) where kind = 'rebalance' and status in ('signed', 'broadcast')`.execute(
    db,
  );

  await sql`
    create table treasury_topup_requests (
      id bigserial primary key,
      currency text not null check (currency in ('USDT', 'TRX')),
      amount bigint not null check (amount > 0),
      hot_balance bigint not null,
      floor bigint not null,
      target bigint not null,
      status text not null check (status in ('open', 'closed')),
      created_at timestamptz not null default now(),
      closed_at timestamptz
    )`.execute(db);
  await sql`create unique index treasury_topup_requests_open on treasury_topup_requests (currency) where status = 'open'`.execute(db);

  await sql`
    create table treasury_sweep_settings (
      id smallint primary key check (id = 1),
      settings jsonb not null,
      updated_by text,
      updated_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['treasury_sweep_settings', 'treasury_topup_requests', 'treasury_chain_actions', 'treasury_sweeps', 'treasury_sweep_cycles']) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
