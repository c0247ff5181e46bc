import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import type { Ledger, LedgerCurrency, TransferResult } from './ledger.service.ts';

/** A migrated database of the test's own (PGlite, or PostgreSQL when DATABASE_URL is set). */
export async function migratedTestDatabase(): Promise<DatabaseHandle> {
  const handle = await createTestDatabase();
  await migrateToLatest(handle.db);
  return handle;
}

export function uniqueKey(prefix = 'test'): string {
  return `${prefix}:${randomUUID()}`;
}

let nextPlayer = 1_000_000 + Math.floor(Math.random() * 1_000_000);

/** A player id no other test uses; the ledger does not require a players row. */
export function newPlayerId(): number {
  return nextPlayer++;
}

/** Credits a player from deposit clearing, as a confirmed deposit would. */
export function fund(ledger: Ledger, playerId: number, amount: bigint, currency: LedgerCurrency = 'USDT'): Promise<TransferResult> {
  return ledger.transfer({
    idempotencyKey: uniqueKey('deposit'),
    kind: 'deposit',
    legs: [
      { account: { kind: 'deposit_clearing' }, currency, amount: -amount },
      { account: { kind: 'player', playerId }, currency, amount },
    ],
  });
}

/** Moves `amount` from a player to the house, as a bet would. */
export function bet(ledger: Ledger, playerId: number, amount: bigint, key = uniqueKey('bet'), currency: LedgerCurrency = 'USDT'): Promise<TransferResult> {
  return ledger.transfer({
    idempotencyKey: key,
    kind: 'bet',
    legs: [
      { account: { kind: 'player', playerId }, currency, amount: -amount },
      { account: { kind: 'house' }, currency, amount },
    ],
  });
}
