import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import type { DatabaseHandle, Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { Ledger, type LedgerCurrency, type TransferResult } from './ledger.service.ts';

/** A migrated database of the test's own (PGlite, or PostgreSQL when DATABASE_URL is set). */
export async function migratedTestDatabase(): Promise<DatabaseHandle> {
  const handle = await createTestDatabase();
  await migrateToLatest(handle.db);
  if (!handle.url) return handle;
  const name = new URL(handle.url).pathname.slice(1);
  return {
    ...handle,
    async close() {
      // The pool reports itself closed before its connections have said goodbye; dropping the
      // database "with (force)" at that moment kills them mid-way and pg raises an unhandled error.
      await handle.db.destroy();
      await waitForDisconnect(name);
      await handle.close();
    },
  };
}

/** For one test file: a migrated database of its own and a Ledger on it, from beforeAll to afterAll. */
export function ledgerTestDatabase(): { readonly db: Db; readonly ledger: Ledger } {
  let database: DatabaseHandle | undefined;
  let ledger: Ledger | undefined;
  beforeAll(async () => {
    database = await migratedTestDatabase();
    ledger = new Ledger(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });
  return {
    get db() {
      return database!.db;
    },
    get ledger() {
      return ledger!;
    },
  };
}

async function waitForDisconnect(database: string) {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    for (let attempt = 0; attempt < 100; attempt++) {
      const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [database]);
      if (rows[0].n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await admin.end();
  }
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
