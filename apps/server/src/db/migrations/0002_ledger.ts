import { sql, type Kysely } from 'kysely';

/**
 * The double-entry ledger. Balances live on `ledger_accounts` for fast reads and the CHECK that keeps
 * player wallets from going negative; `ledger_entries` is the append-only truth they must equal.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table ledger_accounts (
      id bigserial primary key,
      kind text not null,
      owner_id bigint not null default 0,
      currency text not null check (currency in ('USDT', 'TRX')),
      balance bigint not null default 0,
      created_at timestamptz not null default now(),
      unique (kind, owner_id, currency),
      constraint ledger_player_balance_non_negative check (kind <> 'player' or balance >= 0)
    )`.execute(db);

  await sql`
    create table ledger_transfers (
      id bigserial primary key,
      idempotency_key text not null unique,
      kind text not null,
      reference text,
      metadata jsonb not null default '{}',
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table ledger_entries (
      id bigserial primary key,
      transfer_id bigint not null references ledger_transfers(id),
      account_id bigint not null references ledger_accounts(id),
      currency text not null,
      amount bigint not null check (amount <> 0),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index ledger_entries_account_idx on ledger_entries (account_id, id)`.execute(db);
  await sql`create index ledger_entries_transfer_idx on ledger_entries (transfer_id)`.execute(db);

  // Entries are history: the trigger that refuses to change or delete them is with its function, in
  // functions/ledger_entries_append_only.sql.
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists ledger_entries`.execute(db);
  // Gone, the function is applied again from its file, trigger included, by the next migration up.
  await sql`drop function if exists ledger_entries_append_only`.execute(db);
  await sql`drop table if exists ledger_transfers`.execute(db);
  await sql`drop table if exists ledger_accounts`.execute(db);
}
