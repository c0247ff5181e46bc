import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { compareLockOrder, debitedPlayers, isPlayerOverdraft } from '../../money/lock-order.ts';
import { DEFAULT_HOUSE_SHARDS, InsufficientFundsError, type LedgerCurrency, type SystemAccountKind } from '../../money/ledger.service.ts';

/**
 * Hash-game postings that `Ledger.transfer` cannot express, still through the ledger's one write
 * path (`ledger_post_transfer`, in db/functions/ledger_post_transfer.sql):
 * - a whole round's payouts as ONE transfer with one leg per player and currency (a loop of
 *   per-bet transfers is what would make a 100,000-bet round slow);
 * - the system account `hash_transfer_bets`, the other side of bets that arrive and leave on chain
 *   (a transfer bet moves no player wallet: its stake comes in on chain and its payout goes out on chain,
 *   so house <-> this account is what keeps the house's result right).
 * Legs are passed in the ledger's lock order (players by id, then system accounts, then the house
 * shard), exactly as `Ledger.transfer` sorts them, so these postings cannot deadlock with it.
 */

export const TRANSFER_BETS_ACCOUNT = 'hash_transfer_bets' satisfies SystemAccountKind;

export type HashLegAccount = { kind: 'player'; playerId: number } | { kind: 'house' } | { kind: typeof TRANSFER_BETS_ACCOUNT };

export interface HashLeg {
  account: HashLegAccount;
  currency: LedgerCurrency;
  amount: bigint;
}

export interface HashPosting {
  idempotencyKey: string;
  kind: string;
  reference?: string;
  metadata?: object;
  legs: HashLeg[];
}

const RANK = { player: 0, [TRANSFER_BETS_ACCOUNT]: 1, house: 2 } as const;

export function randomHouseShard(): number {
  return Math.floor(Math.random() * DEFAULT_HOUSE_SHARDS);
}

type OrderedLeg = { kind: string; ownerId: bigint; currency: LedgerCurrency; amount: bigint; rank: number };

/** Legs on the same account and currency merged, zero legs dropped, sorted in the ledger's lock order. */
function orderedLegs(posting: HashPosting, houseShard: number): OrderedLeg[] {
  const merged = new Map<string, OrderedLeg>();
  for (const leg of posting.legs) {
    const kind = leg.account.kind;
    const ownerId = kind === 'player' ? BigInt((leg.account as { playerId: number }).playerId) : kind === 'house' ? BigInt(houseShard) : 0n;
    const key = `${kind}/${ownerId}/${leg.currency}`;
    const entry = merged.get(key) ?? { kind, ownerId, currency: leg.currency, amount: 0n, rank: RANK[kind] };
    entry.amount += leg.amount;
    merged.set(key, entry);
  }
  const legs = [...merged.values()].filter((leg) => leg.amount !== 0n);
  return legs.sort(compareLockOrder);
}

/**
 * Posts one transfer; returns false when its key had been used (nothing moved). Legs on the same
 * account and currency are merged, and zero legs dropped; a posting left with no legs moves nothing.
 */
export async function postHashTransfer(executor: Db, posting: HashPosting, houseShard = randomHouseShard()): Promise<boolean> {
  const legs = orderedLegs(posting, houseShard);
  if (legs.length === 0) return false;
  try {
    const { rows } = await sql<{ o_replayed: boolean; o_kind: string }>`
      select o_replayed, o_kind from ledger_post_transfer(
        ${posting.idempotencyKey},
        ${posting.kind},
        ${posting.reference ?? null},
        ${posting.metadata === undefined ? null : JSON.stringify(posting.metadata)}::jsonb,
        ${legs.map((l) => l.kind)}::text[],
        ${legs.map((l) => l.ownerId.toString())}::int8[],
        ${legs.map((l) => l.currency)}::text[],
        ${legs.map((l) => l.amount.toString())}::int8[]
      )`.execute(executor);
    return acceptReplay(posting, rows[0].o_replayed, rows[0].o_kind);
  } catch (error) {
    throw asInsufficientFunds(error, posting, legs);
  }
}

/**
 * Posts one transfer of many legs (a round's payouts, one leg per player) in one set-based statement,
 * `ledger_post_transfers`: every account locked, moved and written to in a handful of set operations
 * rather than a query per leg. That statement never creates an account, so when one is missing (a
 * house shard never used in this currency, say) it is rolled back to a savepoint and the posting goes
 * through `ledger_post_transfer`, which does. Must run inside a transaction (the savepoint's).
 */
export async function postHashTransferInBulk(trx: Db, posting: HashPosting): Promise<boolean> {
  const houseShard = await existingHouseShard(trx, [...new Set(posting.legs.filter((leg) => leg.account.kind === 'house').map((leg) => leg.currency))]);
  const legs = orderedLegs(posting, houseShard);
  if (legs.length === 0) return false;
  await sql`savepoint hash_bulk_posting`.execute(trx);
  try {
    const { rows } = await sql<{ o_status: 'posted' | 'replayed' | 'insufficient'; o_kind: string }>`
      select o_status, o_kind from ledger_post_transfers(
        ${[posting.idempotencyKey]}::text[],
        ${[posting.kind]}::text[],
        ${[posting.reference ?? null]}::text[],
        ${JSON.stringify([posting.metadata ?? {}])}::jsonb,
        ${legs.map(() => 1)}::int4[],
        ${legs.map((l) => l.kind)}::text[],
        ${legs.map((l) => l.ownerId.toString())}::int8[],
        ${legs.map((l) => l.currency)}::text[],
        ${legs.map((l) => l.amount.toString())}::int8[]
      )`.execute(trx);
    await sql`release savepoint hash_bulk_posting`.execute(trx);
    const { o_status: status, o_kind: kind } = rows[0];
    if (status === 'insufficient') throw new InsufficientFundsError(posting.idempotencyKey, debitedPlayers(legs));
    return acceptReplay(posting, status === 'replayed', kind);
  } catch (error) {
    if ((error as { code?: string }).code !== FIRST_USE) throw asInsufficientFunds(error, posting, legs);
    await sql`rollback to savepoint hash_bulk_posting`.execute(trx);
  }
  return postInParts(trx, posting, houseShard);
}

/** A house shard, at random, that already holds an account in every one of `currencies` (any shard if none does). */
async function existingHouseShard(trx: Db, currencies: LedgerCurrency[]): Promise<number> {
  if (currencies.length === 0) return randomHouseShard();
  const { rows } = await sql<{ owner_id: string | bigint }>`
    select owner_id from ledger_accounts
    where kind = 'house' and currency = any(${currencies}::text[])
    group by owner_id having count(*) = ${currencies.length}`.execute(trx);
  if (rows.length === 0) return randomHouseShard();
  return Number(rows[Math.floor(Math.random() * rows.length)].owner_id);
}

/** SQLSTATE of `ledger_post_transfers` meeting an account that does not exist yet. */
const FIRST_USE = 'P0002';
/** `ledger_post_transfer` reads its legs by index from text arrays, which costs more the longer they are. */
const LEGS_PER_PART = 1_000;

/** A posting of many player legs as balanced parts of bounded size, each under its own key. */
async function postInParts(trx: Db, posting: HashPosting, houseShard: number): Promise<boolean> {
  const players = posting.legs.filter((leg) => leg.account.kind === 'player');
  const others = posting.legs.filter((leg) => leg.account.kind !== 'player');
  if (others.some((leg) => leg.account.kind !== 'house') || players.length <= LEGS_PER_PART) return postHashTransfer(trx, posting, houseShard);
  let posted = false;
  for (let start = 0, part = 0; start < players.length; start += LEGS_PER_PART, part++) {
    const chunk = players.slice(start, start + LEGS_PER_PART);
    const house = new Map<LedgerCurrency, bigint>();
    for (const leg of chunk) house.set(leg.currency, (house.get(leg.currency) ?? 0n) - leg.amount);
    const legs: HashLeg[] = [...chunk, ...[...house].map(([currency, amount]) => ({ account: { kind: 'house' as const }, currency, amount }))];
    const key = part === 0 ? posting.idempotencyKey : `${posting.idempotencyKey}:${part}`;
    posted = (await postHashTransfer(trx, { ...posting, idempotencyKey: key, legs }, houseShard)) || posted;
  }
  return posted;
}

function acceptReplay(posting: HashPosting, replayed: boolean, kind: string): boolean {
  if (replayed && kind !== posting.kind) throw new Error(`idempotency key ${posting.idempotencyKey} already used by a ${kind} transfer`);
  return !replayed;
}

function asInsufficientFunds(error: unknown, posting: HashPosting, legs: OrderedLeg[]): unknown {
  if (isPlayerOverdraft(error)) return new InsufficientFundsError(posting.idempotencyKey, debitedPlayers(legs));
  return error;
}
