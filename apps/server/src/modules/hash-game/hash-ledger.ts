import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { DEFAULT_HOUSE_SHARDS, InsufficientFundsError, type LedgerCurrency, type SystemAccountKind } from '../../ledger/ledger.service.ts';

/**
 * Hash-game postings that `Ledger.transfer` cannot express, still through the ledger's one write
 * path (`ledger_post_transfer`):
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

/**
 * Posts one transfer; returns false when its key had been used (nothing moved). Legs on the same
 * account and currency are merged, and zero legs dropped; a posting left with no legs moves nothing.
 */
export async function postHashTransfer(executor: Db, posting: HashPosting, houseShard = randomHouseShard()): Promise<boolean> {
  const merged = new Map<string, { kind: string; ownerId: bigint; currency: LedgerCurrency; amount: bigint; rank: number }>();
  for (const leg of posting.legs) {
    const kind = leg.account.kind;
    const ownerId = kind === 'player' ? BigInt((leg.account as { playerId: number }).playerId) : kind === 'house' ? BigInt(houseShard) : 0n;
    const key = `${kind}/${ownerId}/${leg.currency}`;
    const entry = merged.get(key) ?? { kind, ownerId, currency: leg.currency, amount: 0n, rank: RANK[kind] };
    entry.amount += leg.amount;
    merged.set(key, entry);
  }
  const legs = [...merged.values()].filter((leg) => leg.amount !== 0n);
  if (legs.length === 0) return false;
  legs.sort((a, b) =>
    a.rank !== b.rank
      ? a.rank - b.rank
      : a.kind !== b.kind
        ? (a.kind < b.kind ? -1 : 1)
        : a.ownerId !== b.ownerId
          ? (a.ownerId < b.ownerId ? -1 : 1)
          : a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0,
  );
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
    const row = rows[0];
    if (row.o_replayed && row.o_kind !== posting.kind) {
      throw new Error(`idempotency key ${posting.idempotencyKey} already used by a ${row.o_kind} transfer`);
    }
    return !row.o_replayed;
  } catch (error) {
    const e = error as { code?: string; constraint?: string };
    if (e?.code === '23514' && e.constraint === 'ledger_player_balance_non_negative') {
      throw new InsufficientFundsError(posting.idempotencyKey, legs.filter((l) => l.kind === 'player' && l.amount < 0n).map((l) => Number(l.ownerId)));
    }
    throw error;
  }
}
