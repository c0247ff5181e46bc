import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../db/database.ts';
import { migrateToLatest } from '../../../db/migrate.ts';
import { checkLedger } from '../../../money/ledger-check.ts';
import { Ledger } from '../../../money/ledger.service.ts';
import { spawnServerProcess } from '../../../testing/server-process.ts';
import { createTestDatabase } from '../../../testing/test-database.ts';
import { withThirdGameTables, ThirdGameRepository } from '../third-game.repo.ts';
import { TEST_AGGREGATOR_PUBLIC_KEY_PEM } from './test-key-pair.ts';
import { callbacks, newToken, walletCall } from './wallet-test-support.ts';

// The server runs as its own process on a database that outlives it (a PGlite folder, or PostgreSQL
// with DATABASE_URL). Armed with the failpoint, it dies by SIGKILL right after a bet's debit
// committed and before the answer left: the aggregator sees a dropped connection and retries, and
// the restarted server must answer the retry as the first call, having debited once.

let dataDir: string | undefined;
let pgDatabase: (DatabaseHandle & { url?: string }) | undefined;
const started: ChildProcess[] = [];

beforeAll(async () => {
  if (process.env.DATABASE_URL) pgDatabase = await createTestDatabase();
  else dataDir = mkdtempSync(join(tmpdir(), 'lobby-hub88-crash-'));
});

afterAll(async () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await pgDatabase?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Runs `work` on the database while no server holds it (PGlite allows one process at a time). */
async function withDatabase<T>(work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = pgDatabase ?? (await openDatabase({ dataDir: dataDir! }));
  try {
    return await work(handle);
  } finally {
    if (!pgDatabase) await handle.close();
  }
}

async function startServer(
  failpoints = '',
): Promise<{ url: string; child: ChildProcess; exited: Promise<{ signal: NodeJS.Signals | null; code: number | null }> }> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'info',
    WEB_DIST_DIR: '/nonexistent',
    DEVNET_PORT: '0',
    RATE_LIMIT_PER_MINUTE: '100000',
    HUB88_PUBLIC_KEY: TEST_AGGREGATOR_PUBLIC_KEY_PEM,
    ...(pgDatabase ? { DATABASE_URL: pgDatabase.url!, DATA_DIR: mkdtempSync(join(tmpdir(), 'lobby-hub88-data-')) } : { DATA_DIR: dataDir! }),
    ...(failpoints ? { FAILPOINTS: failpoints } : {}),
  };
  const server = spawnServerProcess(env);
  started.push(server.child);
  const url = await server.listening;
  const { child, exited } = server;
  return { url, child, exited };
}

describe("a server killed between a bet's debit and its answer", () => {
  it("answers the aggregator's retry as the first call after the restart, having debited once", { timeout: 240_000 }, async () => {
    // A player with 10 USDT and an open session of the demo slot, written before any server runs.
    const { playerId, token } = await withDatabase(async ({ db }) => {
      await migrateToLatest(db);
      const player = await db
        .insertInto('players')
        .values({
          account: `crash${Date.now().toString(36)}`,
          email: null,
          password_hash: 'x',
          nickname: 'crash',
          invite_code: `C${Date.now().toString(36)}`,
          inviter_id: null,
          register_ip: '127.0.0.1',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await new Ledger(db, { batching: false }).transfer({
        idempotencyKey: `crash-deposit:${player.id}`,
        kind: 'deposit',
        legs: [
          { account: { kind: 'deposit_clearing' }, currency: 'USDT', amount: -10_000_000n },
          { account: { kind: 'player', playerId: player.id }, currency: 'USDT', amount: 10_000_000n },
        ],
      });
      const token = newToken();
      await new ThirdGameRepository(db).createSession({
        token,
        playerId: player.id,
        aggregator: 'hub88',
        gameCode: 'demo_slot',
        gameType: 10,
        manufacturer: 'Demo Studio',
      });
      return { playerId: player.id, token };
    });
    const session = callbacks(playerId, token, 'demo_slot');
    const bet = session.bet(300_000);

    let server = await startServer('provider_wallet.after_commit');
    await expect(walletCall(server.url, '/transaction/bet', bet)).rejects.toThrow();
    expect((await server.exited).signal).toBe('SIGKILL');

    server = await startServer();
    const retry = await walletCall(server.url, '/transaction/bet', { ...bet, request_uuid: 'retry-1' });
    expect(retry.json).toEqual({ status: 'RS_OK', user: session.user, currency: 'USD', balance: 700_000, request_uuid: 'retry-1' });
    expect((await walletCall(server.url, '/transaction/bet', bet)).json).toMatchObject({ status: 'RS_OK', balance: 700_000 });
    // The round goes on normally after the restart.
    expect((await walletCall(server.url, '/transaction/win', session.win(bet, 500_000))).json).toMatchObject({ status: 'RS_OK', balance: 1_200_000 });
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);

    await withDatabase(async ({ db }) => {
      expect((await checkLedger(db)).problems).toEqual([]);
      const rows = await withThirdGameTables(db)
        .selectFrom('provider_transactions')
        .select(['kind', 'amount'])
        .where('player_id', '=', playerId)
        .orderBy('id')
        .execute();
      expect(rows.map((r) => [r.kind, BigInt(r.amount)])).toEqual([
        ['bet', 300_000n],
        ['win', 500_000n],
      ]);
      const transfers = await db.selectFrom('ledger_transfers').select('kind').where('kind', 'like', 'provider_%').execute();
      expect(transfers.map((t) => t.kind).sort()).toEqual(['provider_bet', 'provider_win']);
      expect(
        BigInt(
          (
            await db
              .selectFrom('ledger_accounts')
              .select('balance')
              .where('kind', '=', 'player')
              .where('owner_id', '=', BigInt(playerId))
              .executeTakeFirstOrThrow()
          ).balance,
        ),
      ).toBe(12_000_000n);
    });
  });
});
