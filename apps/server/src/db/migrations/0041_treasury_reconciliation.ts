import { type Kysely, sql } from 'kysely';

/**
 * Reconciliation (TREASURY.md): one row per run of on-chain holdings against ledger liabilities,
 * kept as history. `figures` holds each currency's holdings by kind of address, liabilities by kind,
 * the difference and what was in flight (amounts as micro-unit strings, never floats); `failures`
 * the balances that could not be read.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table treasury_reconciliations (
      id bigserial primary key,
      trigger text not null check (trigger in ('schedule', 'operator', 'command')),
      requested_by text,
      status text not null check (status in ('ok', 'short')),
      addresses integer not null check (addresses >= 0),
      failures jsonb not null default '[]',
      figures jsonb not null,
      started_at timestamptz not null,
      finished_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table treasury_reconciliations`.execute(db);
}
