import { sql, type Kysely } from 'kysely';

/**
 * The wallet's tables: deposit addresses and the deposits seen on them, withdrawals and every
 * transaction signed for them, exchanges, transfers between players, saved cashout destinations,
 * bound bet addresses and failed fund-password attempts. Balances are not here: the ledger holds
 * them; these rows are what the ledger transfers refer to.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Derivation indexes are handed out once and never reused, so an address can never belong to two players.
  await sql`create sequence deposit_address_index_seq minvalue 0 start with 0`.execute(db);
  await sql`
    create table deposit_addresses (
      player_id integer primary key references players(id),
      derivation_index integer not null unique check (derivation_index >= 0),
      address text not null unique,
      trx_cursor bigint not null,
      usdt_cursor bigint not null,
      last_requested_at timestamptz not null default now(),
      last_scanned_at timestamptz,
      last_deposit_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index deposit_addresses_scan_idx on deposit_addresses (last_scanned_at nulls first)`.execute(db);

  await sql`
    create table deposits (
      id bigserial primary key,
      player_id integer not null references players(id),
      currency text not null check (currency in ('USDT', 'TRX')),
      tx_id text not null,
      address text not null,
      from_address text not null,
      amount bigint not null check (amount > 0),
      block_number bigint,
      block_timestamp bigint not null,
      status text not null check (status in ('pending', 'credited', 'failed', 'ignored', 'dropped')),
      created_at timestamptz not null default now(),
      credited_at timestamptz,
      constraint deposits_once unique (tx_id, currency, address)
    )`.execute(db);
  await sql`create index deposits_pending_idx on deposits (id) where status = 'pending'`.execute(db);
  await sql`create index deposits_player_idx on deposits (player_id, created_at desc)`.execute(db);

  await sql`
    create table withdrawals (
      id bigserial primary key,
      player_id integer not null references players(id),
      request_id text not null,
      currency text not null check (currency in ('USDT', 'TRX')),
      amount bigint not null check (amount > 0),
      fee bigint not null check (fee >= 0 and fee < amount),
      to_address text not null,
      status text not null check (status in ('pending_review', 'queued', 'signed', 'broadcast', 'confirmed', 'failed', 'rejected')),
      tx_id text,
      signed_tx text,
      tx_expiration bigint,
      attempts integer not null default 0,
      block_number bigint,
      network_fee bigint,
      last_error text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      reviewed_at timestamptz,
      completed_at timestamptz,
      constraint withdrawals_request_once unique (player_id, request_id),
      constraint withdrawals_signed_has_tx check (status not in ('signed', 'broadcast') or (tx_id is not null and signed_tx is not null and tx_expiration is not null))
    )`.execute(db);
  await sql`create index withdrawals_open_idx on withdrawals (status, id) where status in ('pending_review', 'queued', 'signed', 'broadcast')`.execute(db);
  await sql`create index withdrawals_player_idx on withdrawals (player_id, created_at desc)`.execute(db);

  // Every transaction ever signed for a withdrawal: the audit trail that shows it was sent at most once.
  await sql`
    create table withdrawal_attempts (
      tx_id text primary key,
      withdrawal_id bigint not null references withdrawals(id),
      attempt integer not null,
      expiration bigint not null,
      outcome text check (outcome in ('confirmed', 'reverted', 'expired')),
      created_at timestamptz not null default now(),
      constraint withdrawal_attempts_once unique (withdrawal_id, attempt)
    )`.execute(db);

  await sql`
    create table exchanges (
      id bigserial primary key,
      player_id integer not null references players(id),
      request_id text not null,
      from_currency text not null check (from_currency in ('USDT', 'TRX')),
      to_currency text not null check (to_currency in ('USDT', 'TRX') and to_currency <> from_currency),
      amount bigint not null check (amount > 0),
      to_amount bigint not null check (to_amount > 0),
      rate text not null,
      created_at timestamptz not null default now(),
      constraint exchanges_request_once unique (player_id, request_id)
    )`.execute(db);
  await sql`create index exchanges_player_idx on exchanges (player_id, created_at desc)`.execute(db);

  await sql`
    create table player_transfers (
      id bigserial primary key,
      sender_id integer not null references players(id),
      receiver_id integer not null references players(id) check (receiver_id <> sender_id),
      request_id text not null,
      currency text not null check (currency in ('USDT', 'TRX')),
      amount bigint not null check (amount > 0),
      remark text,
      created_at timestamptz not null default now(),
      constraint player_transfers_request_once unique (sender_id, request_id)
    )`.execute(db);
  await sql`create index player_transfers_sender_idx on player_transfers (sender_id, created_at desc)`.execute(db);
  await sql`create index player_transfers_receiver_idx on player_transfers (receiver_id, created_at desc)`.execute(db);

  await sql`
    create table cashout_addresses (
      id serial primary key,
      player_id integer not null references players(id),
      address text not null,
      label text not null,
      created_at timestamptz not null default now(),
      constraint cashout_addresses_once unique (player_id, address)
    )`.execute(db);

  await sql`
    create table cashout_accounts (
      id serial primary key,
      player_id integer not null references players(id),
      account_type smallint not null check (account_type in (1, 2, 3, 4)),
      label text,
      details jsonb not null,
      is_default boolean not null default false,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index cashout_accounts_player_idx on cashout_accounts (player_id)`.execute(db);
  await sql`create unique index cashout_accounts_one_default on cashout_accounts (player_id) where is_default`.execute(db);

  await sql`
    create table bet_addresses (
      id serial primary key,
      player_id integer not null references players(id),
      address text not null,
      status smallint not null default 0 check (status in (0, 1, 2)),
      activation_amount bigint not null,
      expires_at timestamptz not null,
      activated_at timestamptz,
      created_at timestamptz not null default now(),
      constraint bet_addresses_once unique (player_id, address)
    )`.execute(db);
  // An address is one player's at a time: transfer bets from it are credited to that player.
  await sql`create unique index bet_addresses_in_use on bet_addresses (address) where status = 1`.execute(db);

  await sql`
    create table fund_password_failures (
      player_id integer not null references players(id),
      failed_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index fund_password_failures_idx on fund_password_failures (player_id, failed_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'fund_password_failures',
    'bet_addresses',
    'cashout_accounts',
    'cashout_addresses',
    'player_transfers',
    'exchanges',
    'withdrawal_attempts',
    'withdrawals',
    'deposits',
    'deposit_addresses',
  ]) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
  await sql`drop sequence if exists deposit_address_index_seq`.execute(db);
}
