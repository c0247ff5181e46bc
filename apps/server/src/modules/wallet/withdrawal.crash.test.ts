import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateKeyToAddress } from '../../chain/address.ts';
import { startTestDevnet, type TestDevnet } from '../../chain/devnet/testing.ts';
import { accountKeysFromSeed } from '../../chain/hd.ts';
import { openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { checkLedger } from '../../ledger/ledger-check.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { FUND_PASSWORD, micro, newWallet, requestId } from './test-support.ts';

// The server runs as its own process, as in production, on a database that outlives it (a PGlite
// folder, or PostgreSQL with DATABASE_URL) and an outside devnet. Failpoints make it die with
// SIGKILL at the worst moments of a withdrawal; the next start must finish each withdrawal once.

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const MAIN = join(ROOT, 'apps/server/src/main.ts');

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

afterAll(async () => {
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

async function startServer(failpoints = ''): Promise<Server> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    NODE_ENV: 'test',
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
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      for (const line of output.split('\n')) {
        if (!line.includes('lobby server listening')) continue;
        clearTimeout(timer);
        resolve(JSON.parse(line).address);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then(() => reject(new Error(`server exited before listening:\n${output}`)));
  });
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
  it('finishes each withdrawal exactly once after restarting, as the devnet balances show', { timeout: 240_000 }, async () => {
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

    const first = newWallet().address;
    const submit = (to: string, amount: string) =>
      server.call('/v1/bank/cashout/submit', { requestId: requestId(), currency: 'USDT', amount, address: to, fundPassword: FUND_PASSWORD }, token);
    await expect(submit(first, '11')).rejects.toThrow();
    expect((await server.exited).signal).toBe('SIGKILL');

    // 2. Restarts, signs that withdrawal and dies before broadcasting it.
    server = await startServer('withdrawal.after_sign');
    expect((await server.exited).signal).toBe('SIGKILL');
    expect(devnet.devnet.balances(first).usdt).toBe(0n);

    // 3. Restarts: the signed transaction is offered again (it has not expired). A second
    //    withdrawal then dies right after its broadcast, before the server wrote that down.
    server = await startServer('withdrawal.after_broadcast');
    const second = newWallet().address;
    expect((await submit(second, '22')).code).toBe(0);
    expect((await server.exited).signal).toBe('SIGKILL');

    // 4. A clean start reconciles both from the chain.
    server = await startServer();
    await until('both withdrawals are confirmed', async () => {
      const records = await server.call('/v1/bank/records', { type: 'withdraw' }, token);
      return records.data.list.length === 2 && records.data.list.every((r: { status: string }) => r.status === 'completed');
    });
    // A few more ticks: nothing may be sent again.
    await until('a few more blocks', async () => devnet.devnet.head().height % 5 === 0);
    expect(devnet.devnet.balances(first).usdt).toBe(micro('11'));
    expect(devnet.devnet.balances(second).usdt).toBe(micro('22'));
    expect(hotBefore - devnet.devnet.balances(hotAddress).usdt).toBe(micro('33'));
    expect((await server.call('/v1/player/balance/get', {}, token)).data).toEqual({ usdt: '67', trx: '0' });
    await stop(server);

    const handle = pgDatabase ?? (await openDatabase({ dataDir: dataDir! }));
    try {
      const ledger = await checkLedger(handle.db);
      expect(ledger.problems).toEqual([]);
      const attempts = await handle.db.selectFrom('withdrawal_attempts').select(['withdrawal_id', 'outcome']).execute();
      expect(attempts.map((a) => a.outcome)).toEqual(['confirmed', 'confirmed']);
    } finally {
      if (!pgDatabase) await handle.close();
    }
  });
});
