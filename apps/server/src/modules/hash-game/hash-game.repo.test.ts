import { blockIdFor, decidingHeightFor, roundWindow } from '@lobby/hash-games';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle, Db } from '../../db/database.ts';
import { Ledger } from '../../money/ledger.service.ts';
import { fund, migratedTestDatabase, newPlayerId } from '../../money/test-support.ts';
import { HashGameRepository, type PlaceBetInput } from './hash-game.repo.ts';
import { HEAD_LOCK } from './hash-game.service.ts';

let database: DatabaseHandle;
let db: Db;
const HEAD = 1_000;
const players: number[] = [];

beforeAll(async () => {
  database = await migratedTestDatabase();
  db = database.db;
  const ledger = new Ledger(db);
  for (let i = 0; i < 300; i++) {
    const playerId = newPlayerId();
    players.push(playerId);
    await fund(ledger, playerId, 100_000_000n);
  }
  // Statistics as autovacuum keeps them, so the foreign-key checks of new entries probe by key.
  await sql`analyze ledger_accounts`.execute(db);
  await db
    .insertInto('hash_blocks')
    .values({ height: BigInt(HEAD), block_id: blockIdFor(HEAD, 'ab'.repeat(32)), parent_hash: '0'.repeat(64), block_time: BigInt(Date.now()) })
    .execute();
}, 60_000);
afterAll(async () => {
  await database?.close();
});

function pageBet(playerId: number, requestId: string): PlaceBetInput {
  const round = decidingHeightFor(1, HEAD);
  const window = roundWindow(1, round);
  return {
    playerId,
    requestId,
    gameId: 1,
    level: 0,
    area: 'big',
    currency: 'USDT',
    amount: 1_000_000n,
    oddsBp: 19_500,
    round,
    opensAtHead: window.opensAtHead,
    lastBetHead: window.lastBetHead,
  };
}

describe('hash_place_bets', () => {
  it('reads only the wallets of the players in the batch, however many players the site has', async () => {
    const fetched = await db.transaction().execute(async (trx) => {
      // Rows this backend has read from the accounts table and not yet reported (earlier
      // transactions' reads may still be pending, hence a difference).
      const accountReads = async () =>
        Number(
          (
            await sql<{ fetched: string }>`
              select (coalesce(idx_tup_fetch, 0) + coalesce(seq_tup_read, 0))::text as fetched
              from pg_stat_xact_user_tables where relname = 'ledger_accounts'`.execute(trx)
          ).rows[0].fetched,
        );
      const before = await accountReads();
      const rows = await new HashGameRepository(trx).placeBets([pageBet(players[7], 'probe-a'), pageBet(players[250], 'probe-b')], 0, HEAD_LOCK, 0);
      expect(rows.map((row) => [row.o_outcome, BigInt(row.o_usdt!)])).toEqual([
        ['placed', 99_000_000n],
        ['placed', 99_000_000n],
      ]);
      // Two wallet locks and three balance moves (two wallets, one house shard), each with its key
      // check: a handful of rows, not a pass over all 300 wallets.
      return (await accountReads()) - before;
    });
    expect(fetched).toBeGreaterThan(0);
    expect(fetched).toBeLessThan(20);
  });
});
