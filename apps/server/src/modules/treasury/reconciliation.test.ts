import { SHIPPED_ROLE_PERMISSIONS } from '@lobby/contract';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import type { DomainEvents } from '../../events/domain-events.ts';
import { createAutomationKey } from '../../testing/ops-key.ts';
import { startTestApp } from '../../testing/test-app.ts';
import {
  FUND_PASSWORD,
  micro,
  newWallet,
  requestId,
  startWalletTestApp,
  type TestPlayer,
  WALLET_TEST_ENV,
  type WalletTestApp,
} from '../wallet/test-support.ts';
import { Reconciler } from './reconciliation.ts';

let t: WalletTestApp;

beforeAll(async () => {
  t = await startWalletTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface Figures {
  currency: 'USDT' | 'TRX';
  status: 'ok' | 'short';
  holdings: Record<'total' | 'hot' | 'deposit' | 'transfer' | 'cold', string>;
  liabilities: Record<'total' | 'cash' | 'bonus' | 'held' | 'withdrawals' | 'payouts', string>;
  difference: string;
  inFlight: string;
}
interface Run {
  id: number;
  trigger: string;
  requestedBy: string | null;
  status: 'ok' | 'short';
  addresses: number;
  failures: { address: string; kind: string; currency: string; error: string }[];
  currencies: Figures[];
}

/** A reconciliation run now, through the operator call. */
async function reconcile(): Promise<Run> {
  const reply = await t.ops('/ops/v1/treasury/reconcile', {});
  expect(reply.code).toBe(0);
  return reply.data.run;
}

const figures = (run: Run, currency: 'USDT' | 'TRX') => run.currencies.find((c) => c.currency === currency)!;

function alertsHeard() {
  const alerts: DomainEvents['alert'][] = [];
  const off = t.app.bus.subscribe('alert', (alert) => void alerts.push(alert));
  return { alerts, off };
}

describe('reconciliation of on-chain holdings against ledger liabilities', () => {
  let alice: TestPlayer;
  let bob: TestPlayer;

  it('balances to the micro-unit when every credited deposit still sits on its deposit address', async () => {
    alice = await t.player();
    bob = await t.player();
    await t.deposit(alice, { usdt: '12.345678', trx: '7.000001' });
    await t.deposit(bob, { usdt: '3' });

    const run = await reconcile();
    expect(run).toMatchObject({ trigger: 'operator', requestedBy: t.opsName, status: 'ok', failures: [] });
    expect(figures(run, 'USDT')).toEqual({
      currency: 'USDT',
      status: 'ok',
      holdings: { total: '15.345678', hot: '0', deposit: '15.345678', transfer: '0', cold: '0', resource: '0' },
      liabilities: { total: '15.345678', cash: '15.345678', bonus: '0', held: '0', withdrawals: '0', payouts: '0' },
      difference: '0',
      inFlight: '0',
    });
    expect(figures(run, 'TRX')).toMatchObject({
      status: 'ok',
      holdings: { total: '7.000001', deposit: '7.000001' },
      liabilities: { total: '7.000001', cash: '7.000001' },
      difference: '0',
    });
    // The hot wallet, both deposit addresses and every transfer game address were read.
    const games = await t.app.services.lobby.hashGameState();
    expect(run.addresses).toBe(1 + 2 + new Set(games.transferAddresses.map((row) => row.address)).size);
  });

  it("counts the operator's own money on the hot wallet as holdings: the surplus is the house's", async () => {
    t.fundHotWallet({ usdt: '50', trx: '100' });
    const run = await reconcile();
    expect(run.status).toBe('ok');
    expect(figures(run, 'USDT')).toMatchObject({
      holdings: { total: '65.345678', hot: '50', deposit: '15.345678' },
      liabilities: { total: '15.345678' },
      difference: '50',
    });
    expect(figures(run, 'TRX')).toMatchObject({ holdings: { hot: '100' }, difference: '100' });
  });

  it('follows a withdrawal: owed while pending, in flight once on chain, settled once confirmed; the surplus stays the same', async () => {
    const to = newWallet().address;
    const sent = await t.call(
      '/v1/bank/cashout/submit',
      { requestId: requestId(), currency: 'USDT', amount: '5', address: to, fundPassword: FUND_PASSWORD },
      { token: alice.token },
    );
    expect(sent.code).toBe(0);

    // Queued (or already broadcast by the processor the request nudged), not yet in a block.
    const pending = figures(await reconcile(), 'USDT');
    expect(pending).toMatchObject({
      status: 'ok',
      holdings: { hot: '50' },
      liabilities: { total: '15.345678', cash: '10.345678', withdrawals: '5' },
      difference: '50',
    });

    // Sent and in a block, not yet confirmed by the processor: gone from the hot wallet, still owed.
    await t.app.services.wallet.workers.withdrawals.runOnce();
    t.app.chain.devnet!.produceBlock();
    const inFlight = await reconcile();
    expect(figures(inFlight, 'USDT')).toMatchObject({
      status: 'ok',
      holdings: { hot: '45' },
      liabilities: { withdrawals: '5' },
      difference: '45',
      inFlight: '5',
    });

    await t.app.services.wallet.workers.withdrawals.runOnce();
    expect(t.chainBalance(to).usdt).toBe(micro('5'));
    const settled = figures(await reconcile(), 'USDT');
    expect(settled).toMatchObject({
      status: 'ok',
      holdings: { hot: '45' },
      liabilities: { total: '10.345678', withdrawals: '0' },
      difference: '50',
      inFlight: '0',
    });
  });

  it('shows a coin the ledger credited without chain money as short by exactly that amount, and raises an alert', async () => {
    const heard = alertsHeard();
    // 50 USDT of surplus; the ledger gives Bob 50.000001 out of nowhere.
    await t.app.services.ledger.transfer({
      idempotencyKey: `test:phantom:${bob.playerId}`,
      kind: 'test_phantom_credit',
      legs: [
        { account: { kind: 'operator_adjustment' }, currency: 'USDT', amount: -micro('50.000001') },
        { account: { kind: 'player', playerId: bob.playerId }, currency: 'USDT', amount: micro('50.000001') },
      ],
    });
    const run = await reconcile();
    expect(run.status).toBe('short');
    expect(figures(run, 'USDT')).toMatchObject({ status: 'short', liabilities: { cash: '60.345679' }, difference: '-0.000001' });
    expect(figures(run, 'TRX').status).toBe('ok');
    heard.off();
    expect(heard.alerts.filter((alert) => alert.kind.startsWith('treasury'))).toEqual([
      expect.objectContaining({
        kind: 'treasury-short',
        severity: 'critical',
        permission: 'treasury.read',
        reference: `reconciliation:${run.id}`,
        message: expect.stringContaining('short by 0.000001 USDT'),
      }),
    ]);

    // Bonus money is owed too: the shortfall grows by it.
    await t.app.services.ledger.transfer({
      idempotencyKey: `test:bonus:${alice.playerId}`,
      kind: 'test_bonus_credit',
      legs: [
        { account: { kind: 'bonus_pool' }, currency: 'USDT', amount: -micro('2') },
        { account: { kind: 'player_bonus', playerId: alice.playerId }, currency: 'USDT', amount: micro('2') },
      ],
    });
    expect(figures(await reconcile(), 'USDT')).toMatchObject({ liabilities: { bonus: '2' }, difference: '-2.000001' });
  });

  it('keeps every run as history, newest first, the hourly ones among them', async () => {
    expect(await t.app.services.treasury.worker.runOnce()).toBe(true);
    const reply = await t.ops('/ops/v1/treasury/reconciliation', { limit: 200 });
    expect(reply.code).toBe(0);
    const { latest, history } = reply.data as { latest: Run; history: Run[] };
    expect(history.map((run) => run.trigger)).toEqual(['schedule', ...Array(7).fill('operator')]);
    expect(history.map((run) => run.id)).toEqual([...history.map((run) => run.id)].sort((a, b) => b - a));
    expect(latest).toEqual(history[0]);
    expect(latest).toMatchObject({ requestedBy: null, status: 'short' });
    expect(history.at(-1)!.status).toBe('ok');
    expect((await t.ops('/ops/v1/treasury/reconciliation', { limit: 2 })).data.history).toHaveLength(2);
    expect((await t.ops('/ops/v1/treasury/reconciliation', { limit: 0 })).code).not.toBe(0);
  });

  it('runs hourly on one instance only: the one holding the lock', async () => {
    const other = await startTestApp(WALLET_TEST_ENV, { alongside: t });
    try {
      const before = (await t.ops('/ops/v1/treasury/reconciliation', {})).data.latest.id as number;
      expect(await Promise.all([t.app.services.treasury.worker.runOnce(), other.app.services.treasury.worker.runOnce()])).toEqual([true, false]);
      const { history } = (await t.ops('/ops/v1/treasury/reconciliation', {})).data as { history: Run[] };
      expect(history.filter((run) => run.id > before).map((run) => run.trigger)).toEqual(['schedule']);
    } finally {
      await other.close();
    }
  });

  it('is read with treasury.read and run with treasury.operate; both are audited', async () => {
    const analyst = (await createAutomationKey(t.app.database.db, SHIPPED_ROLE_PERMISSIONS.analyst, `analyst-${process.pid}`)).key;
    const support = (await createAutomationKey(t.app.database.db, SHIPPED_ROLE_PERMISSIONS.support, `support-${process.pid}`)).key;
    expect((await t.ops('/ops/v1/treasury/reconciliation', {}, analyst)).code).toBe(0);
    expect((await t.ops('/ops/v1/treasury/reconcile', {}, analyst)).status).toBe(403);
    expect((await t.ops('/ops/v1/treasury/reconciliation', {}, support)).status).toBe(403);
    expect((await t.ops('/ops/v1/treasury/reconciliation', {}, null)).status).toBe(401);

    const audit = await t.app.database.db
      .withTables<import('../audit/tables.ts').AuditTables>()
      .selectFrom('audit_records')
      .select(['action', 'kind', 'target'])
      .where('action', '=', '/ops/v1/treasury/reconcile')
      .where('code', '=', 0)
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(7);
    expect(audit[0]).toMatchObject({ kind: 'change', target: expect.stringMatching(/^reconciliation:\d+$/) });
  });
});

describe('the reconciler', () => {
  const cold = newWallet().address;
  const reconciler = (client: ConstructorParameters<typeof Reconciler>[0]['client'], coldAddresses: string[] = [], transferAddresses: string[] = []) =>
    new Reconciler({
      db: t.app.database.db,
      client,
      hotWallet: t.app.chain.hotWallet.address,
      coldAddresses,
      transferAddresses: async () => [...(await t.app.services.lobby.hashGameState()).transferAddresses.map((row) => row.address), ...transferAddresses],
      bus: t.app.bus,
    });

  it('counts the configured cold addresses and the transfer-bet game addresses as holdings, and refuses a cold address that is not a TRON address', async () => {
    const game = newWallet().address;
    t.app.chain.devnet!.faucet(cold, { usdt: micro('1000'), trx: micro('2') });
    t.app.chain.devnet!.faucet(game, { usdt: micro('1.5') });
    t.app.chain.devnet!.produceBlock();
    const before = await reconciler(t.app.chain.client).run('command');
    const after = await reconciler(t.app.chain.client, [cold], [game]).run('command');
    const usdt = (row: typeof after) => row.figures.find((f) => f.currency === 'USDT')!;
    expect(usdt(after).holdings).toMatchObject({ cold: String(micro('1000')), transfer: String(micro('1.5')) });
    expect(BigInt(usdt(after).difference) - BigInt(usdt(before).difference)).toBe(micro('1001.5'));
    expect(after.addresses).toBe(before.addresses + 2);
    expect(after.status).toBe('ok');

    expect(loadConfig({ TREASURY_COLD_ADDRESSES: ` ${cold} , ${cold}` }).TREASURY_COLD_ADDRESSES).toEqual([cold]);
    expect(() => loadConfig({ TREASURY_COLD_ADDRESSES: `${cold},TNotAnAddress` })).toThrow(/TREASURY_COLD_ADDRESSES/);
  });

  it('lists a balance it could not read, counts it as zero, and raises an alert', async () => {
    const hot = t.app.chain.hotWallet.address;
    const heard = alertsHeard();
    const run = await reconciler({
      getTrxBalance: (address) => t.app.chain.client.getTrxBalance(address),
      getUsdtBalance: async (address) => {
        if (address === hot) throw new Error('node unreachable');
        return t.app.chain.client.getUsdtBalance(address);
      },
    }).run('command');
    heard.off();
    expect(run.failures).toEqual([{ address: hot, kind: 'hot', currency: 'USDT', error: 'node unreachable' }]);
    expect(run.figures.find((f) => f.currency === 'USDT')!.holdings.hot).toBe('0');
    expect(heard.alerts).toContainEqual(
      expect.objectContaining({ kind: 'treasury-read-failed', severity: 'warning', permission: 'treasury.read', reference: `reconciliation:${run.id}` }),
    );
  });

  it('reads at most eight balances at once', async () => {
    let running = 0;
    let most = 0;
    const slow = (read: (address: string) => Promise<bigint>) => async (address: string) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 2));
      running--;
      return read(address);
    };
    for (let i = 0; i < 6; i++) await t.depositAddress(await t.player());
    const run = await reconciler({
      getTrxBalance: slow((a) => t.app.chain.client.getTrxBalance(a)),
      getUsdtBalance: slow((a) => t.app.chain.client.getUsdtBalance(a)),
    }).run('command');
    expect(run.addresses * 2).toBeGreaterThan(16);
    expect(most).toBe(8);
  });

  it.runIf(process.env.DATABASE_URL)(
    'runs from the command line: prints each currency, keeps the run, exits 1 when short and 0 when covered',
    async () => {
      const url = (t.app.database as { url?: string }).url!;
      const cli = (env: Record<string, string>) =>
        promisify(execFile)('npx', ['tsx', 'apps/server/src/modules/treasury/reconcile-cli.ts'], {
          env: {
            ...process.env,
            NODE_ENV: 'test',
            DATABASE_URL: url,
            TRON_API_URL: t.app.chain.devnet!.url!,
            HOT_WALLET_PRIVATE_KEY: t.app.chain.hotWallet.privateKey,
            ...env,
          },
        }).then(
          (done) => ({ exitCode: 0, out: done.stdout + done.stderr }),
          (failed: { code: number; stdout: string; stderr: string }) => ({ exitCode: failed.code, out: failed.stdout + failed.stderr }),
        );
      const short = await cli({});
      expect(short).toMatchObject({ exitCode: 1, out: expect.stringMatching(/USDT: SHORT .* difference -2\.000001/) });
      expect(short.out).toMatch(/TRX: OK /);
      const covered = await cli({ TREASURY_COLD_ADDRESSES: cold });
      expect(covered).toMatchObject({ exitCode: 0, out: expect.stringMatching(/USDT: OK .*cold 1000\b.* difference 997\.999999/) });
      const reply = await t.ops('/ops/v1/treasury/reconciliation', { limit: 2 });
      expect(reply.data.history.map((run: Run) => [run.trigger, run.status])).toEqual([
        ['command', 'ok'],
        ['command', 'short'],
      ]);
    },
    60_000,
  );
});
