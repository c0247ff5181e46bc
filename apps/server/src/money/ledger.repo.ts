import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { OrderedLegKey } from './lock-order.ts';

/**
 * The ledger tables and the posting functions (db/functions/ledger_post_transfer.sql and
 * ledger_post_transfers.sql). Only money/ reads or writes `ledger_accounts`, `ledger_transfers` and
 * `ledger_entries`; every write goes through those two functions, with legs already in lock order.
 */

/** What a posting says of itself, beside its legs. */
export interface PostingHeader {
  idempotencyKey: string;
  kind: string;
  reference?: string | null;
  metadata?: object;
}

export type BatchStatus = 'posted' | 'replayed' | 'insufficient';

/** SQLSTATE of `ledger_post_transfers` meeting an account that does not exist yet. */
export const FIRST_USE = 'P0002';

export function isFirstUse(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === FIRST_USE;
}

/** One transfer through `ledger_post_transfer`, which creates accounts on first use. */
export async function postTransferRow(executor: Db, header: PostingHeader, legs: readonly OrderedLegKey[]) {
  const { rows } = await sql<{ o_transfer_id: bigint | string; o_replayed: boolean; o_kind: string }>`
    select o_transfer_id, o_replayed, o_kind from ledger_post_transfer(
      ${header.idempotencyKey},
      ${header.kind},
      ${header.reference ?? null},
      ${header.metadata === undefined ? null : toJson(header.metadata)}::jsonb,
      ${legs.map((l) => l.kind)}::text[],
      ${legs.map((l) => l.ownerId.toString())}::int8[],
      ${legs.map((l) => l.currency)}::text[],
      ${legs.map((l) => l.amount.toString())}::int8[]
    )`.execute(executor);
  return rows[0];
}

/** One transfer through `ledger_post_transfer_read`: the transfer, then one account's balance after it. */
export async function postTransferReadRow(
  executor: Db,
  header: PostingHeader,
  legs: readonly OrderedLegKey[],
  read: { kind: string; ownerId: bigint | null; currency: string },
) {
  const { rows } = await sql<{ o_transfer_id: bigint | string; o_replayed: boolean; o_kind: string; o_balance: bigint | string }>`
    select o_transfer_id, o_replayed, o_kind, o_balance from ledger_post_transfer_read(
      ${header.idempotencyKey},
      ${header.kind},
      ${header.reference ?? null},
      ${header.metadata === undefined ? null : toJson(header.metadata)}::jsonb,
      ${legs.map((l) => l.kind)}::text[],
      ${legs.map((l) => l.ownerId.toString())}::int8[],
      ${legs.map((l) => l.currency)}::text[],
      ${legs.map((l) => l.amount.toString())}::int8[],
      ${read.kind},
      ${read.ownerId === null ? null : read.ownerId.toString()}::int8,
      ${read.currency}
    )`.execute(executor);
  return rows[0];
}

/**
 * Many transfers in one set-based statement through `ledger_post_transfers`, one answer per
 * transfer in order. It never creates an account: a missing one fails the statement with FIRST_USE.
 */
export async function postTransferRows(executor: Db, postings: readonly { header: PostingHeader; legs: readonly OrderedLegKey[] }[]) {
  const legTransfers: number[] = [];
  const legs: OrderedLegKey[] = [];
  postings.forEach((posting, i) => {
    for (const leg of posting.legs) {
      legTransfers.push(i + 1);
      legs.push(leg);
    }
  });
  const { rows } = await sql<{ o_transfer_id: bigint | string | null; o_status: BatchStatus; o_kind: string }>`
    select o_transfer_id, o_status, o_kind from ledger_post_transfers(
      ${postings.map((p) => p.header.idempotencyKey)}::text[],
      ${postings.map((p) => p.header.kind)}::text[],
      ${postings.map((p) => p.header.reference ?? null)}::text[],
      ${`[${postings.map((p) => (p.header.metadata === undefined ? '{}' : toJson(p.header.metadata))).join(',')}]`}::jsonb,
      ${legTransfers}::int4[],
      ${legs.map((l) => l.kind)}::text[],
      ${legs.map((l) => l.ownerId.toString())}::int8[],
      ${legs.map((l) => l.currency)}::text[],
      ${legs.map((l) => l.amount.toString())}::int8[]
    )`.execute(executor);
  if (rows.length !== postings.length) throw new Error(`ledger batch answered ${rows.length} rows for ${postings.length} transfers`);
  return rows;
}

/** Runs `work` under a savepoint of the caller's transaction, rolled back to if it throws. */
export async function underSavepoint<T>(trx: Db, name: string, work: () => Promise<T>): Promise<T> {
  await sql`savepoint ${sql.id(name)}`.execute(trx);
  try {
    const result = await work();
    await sql`release savepoint ${sql.id(name)}`.execute(trx);
    return result;
  } catch (error) {
    // A rollback that fails too leaves the transaction aborted: the caller's error says why.
    await sql`rollback to savepoint ${sql.id(name)}`.execute(trx).catch(() => undefined);
    throw error;
  }
}

/** House shards that already hold an account in every one of `currencies`. */
export async function houseShardsHolding(executor: Db, currencies: readonly string[]): Promise<number[]> {
  const { rows } = await sql<{ owner_id: string | bigint }>`
    select owner_id from ledger_accounts
    where kind = 'house' and currency = any(${currencies}::text[])
    group by owner_id having count(*) = ${currencies.length}`.execute(executor);
  return rows.map((row) => Number(row.owner_id));
}

/** An account's balance (zero if never used); without an owner, the sum over every owner (the house's shards). */
export async function accountBalance(executor: Db, kind: string, ownerId: bigint | null, currency: string): Promise<bigint> {
  let query = executor
    .selectFrom('ledger_accounts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<bigint | string>('balance'), sql<bigint>`0`).as('balance'))
    .where('kind', '=', kind)
    .where('currency', '=', currency as 'USDT' | 'TRX');
  if (ownerId !== null) query = query.where('owner_id', '=', ownerId);
  const { balance } = await query.executeTakeFirstOrThrow();
  return BigInt(balance);
}

export function toJson(value: object): string {
  return JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? v.toString() : v));
}
