import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateKeyToAddress } from '../../chain/address.ts';
import { startTestDevnet, type TestDevnet } from '../../chain/devnet/testing.ts';
import { accountKeysFromSeed } from '../../chain/hd.ts';
import { openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { checkLedger } from '../../money/ledger-check.ts';
import { spawnServerProcess } from '../../testing/server-process.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { FUND_PASSWORD, micro, newWallet, requestId } from './test-support.ts';

// The server runs as its own process, as in production, on a database that outlives it (a PGlite
// folder, or PostgreSQL with DATABASE_URL) and an outside devnet. Failpoints make it die with
// SIGKILL at the worst moments of a withdrawal: after its debit committed and before anything was
// sent, then after its broadcast and before the server recorded it. It must still be paid once.

let devnet: TestDevnet;
let dataDir: string | undefined;
let pgDatabase: (DatabaseHandle & { url?: string }) | undefined;
const hotKey = randomBytes(32).toString('hex');
const xpub = accountKeysFromSeed(randomBytes(32)).xpub;

beforeAll(async () => {
  devnet = await startTestDevnet();
  if (process.env.DATABASE_URL) pgDatabase = await createTestDatabase();
  else dataDir = mkdtempSync(join(tmpdir(), 'lobby-crash-'));
});

const started: ChildProcess[] = [];

afterAll(async () => {
  // A failed run must not leave a server of its own behind.
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await devnet?.stop();
  await pgDatabase?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface Server {
  child: ChildProcess;
  url: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  call(path: string, body: unknown, token?: string): Promise<{ code: number; data: any }>;
}

async function startServer(failpoints = '', options: { mayDieEarly?: boolean } = {}): Promise<Server> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    NODE_ENV: 'test',
    TEST_ADDRESS_WAIT_HOURS: '0',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'info',
    WEB_DIST_DIR: '/nonexistent',
    TRON_API_URL: devnet.url,
    HOT_WALLET_PRIVATE_KEY: hotKey,
    DEPOSIT_XPUB: xpub,
    DEPOSIT_POLL_MS: '50',
    WITHDRAWAL_POLL_MS: '50',
    DEPOSIT_CONFIRMATIONS: '1',
    WITHDRAWAL_CONFIRMATIONS: '1',
    WITHDRAWAL_USDT_MIN: '1',
    WITHDRAWAL_USDT_FEE: '0',
    RATE_LIMIT_PER_MINUTE: '100000',
    CREDENTIALS_RATE_PER_MINUTE: '100000',
    ...(pgDatabase ? { DATABASE_URL: pgDatabase.url! } : { DATA_DIR: dataDir! }),
    ...(failpoints ? { FAILPOINTS: failpoints } : {}),
  };
  const { child, exited, listening } = spawnServerProcess(env, 60_000);
  started.push(child);
  // A server armed to die in a background worker may do so before it listens.
  const url = options.mayDieEarly ? await Promise.race([listening.catch(() => ''), exited.then(() => '')]) : await listening;
  return {
    child,
    url,
    exited,
    async call(path, body, token) {
      const response = await fetch(url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
        body: JSON.stringify(body),
      });
      return (await response.json()) as { code: number; data: any };
    },
  };
}

/** Makes blocks until the condition holds, giving the server's workers time between them. */
async function until(what: string, condition: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    devnet.devnet.produceBlock();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stop(server: Server) {
  server.child.kill('SIGTERM');
  expect((await server.exited).code).toBe(0);
}

describe('a server killed in the middle of withdrawals', () => {
  it('finishes the withdrawal exactly once after each restart, as the devnet balances show', { timeout: 240_000 }, async () => {
    const hotAddress = privateKeyToAddress(hotKey);
    devnet.devnet.faucet(hotAddress, { trx: micro('100'), usdt: micro('1000') });
    devnet.devnet.produceBlock();
    const hotBefore = devnet.devnet.balances(hotAddress).usdt;

    // 1. Dies right after the withdrawal's debit committed, before anything was signed.
    let server = await startServer('withdrawal.after_debit');
    const account = `crash${Date.now().toString(36)}`;
    const registered = await server.call('/v1/player/register', { kind: 1, account, password: 'crash123' });
    const token: string = registered.data.token;
    expect((await server.call('/v1/player/finance_password/update', { newPassword: FUND_PASSWORD, loginPassword: 'crash123' }, token)).code).toBe(0);
    const depositAddress = (await server.call('/v1/bank/deposit/address', {}, token)).data.address;
    devnet.devnet.faucet(depositAddress, { usdt: micro('100') });
    await until('the deposit is credited', async () => (await server.call('/v1/player/balance/get', {}, token)).data.usdt === '100');

    const to = newWallet().address;
    const submit = () =>
      server.call('/v1/bank/cashout/submit', { requestId: requestId(), currency: 'USDT', amount: '11', address: to, fundPassword: FUND_PASSWORD }, token);
    await expect(submit()).rejects.toThrow();
    expect((await server.exited).signal).toBe('SIGKILL');

    // 2. Restarts, finds the withdrawal queued, signs and broadcasts it, and dies before it could
    //    write down that the broadcast happened.
    server = await startServer('withdrawal.after_broadcast', { mayDieEarly: true });
    expect((await server.exited).signal).toBe('SIGKILL');
    expect(devnet.devnet.chain.pendingCount()).toBe(1);

    // 3. A clean start reconciles it from the chain: the transaction it may or may not have sent
    //    is found on chain and confirmed, never signed again.
    server = await startServer();
    await until('the withdrawal is confirmed', async () => {
      const records = await server.call('/v1/bank/records', { type: 'withdraw' }, token);
      return records.data.list.length === 1 && records.data.list[0].status === 'completed';
    });
    devnet.devnet.produceBlock(3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(devnet.devnet.balances(to).usdt).toBe(micro('11'));
    expect(hotBefore - devnet.devnet.balances(hotAddress).usdt).toBe(micro('11'));
    expect((await server.call('/v1/player/balance/get', {}, token)).data).toMatchObject({ usdt: '89', trx: '0' });
    await stop(server);

    const handle = pgDatabase ?? (await openDatabase({ dataDir: dataDir! }));
    try {
      const ledger = await checkLedger(handle.db);
      expect(ledger.problems).toEqual([]);
      const attempts = await handle.db.selectFrom('withdrawal_attempts').select(['withdrawal_id', 'outcome']).execute();
      expect(attempts.map((a) => a.outcome)).toEqual(['confirmed']);
    } finally {
      if (!pgDatabase) await handle.close();
    }
  });
});
