import { SHIPPED_ROLE_PERMISSIONS } from '@lobby/contract';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignerClient } from '../../../signer/signer-client.ts';
import { createSweepSigner } from '../../../signer/sweep-signer.ts';
import type { DomainEvents } from '../../../events/domain-events.ts';
import { toHexAddress } from '../../../chain/address.ts';
import { USDT_CONTRACT } from '../../../chain/devnet/index.ts';
import { LeaderLock } from '../../../db/leader-lock.ts';
import { createAutomationKey } from '../../../testing/ops-key.ts';
import { startTestApp } from '../../../testing/test-app.ts';
import type { TestPlayer } from '../../wallet/test-support.ts';
import { micro, startSweepTestApp, type SweepTestApp } from './test-support.ts';

let t: SweepTestApp;

beforeAll(async () => {
  t = await startSweepTestApp({
    TREASURY_SWEEP_THRESHOLD_USDT: '5',
    TREASURY_SWEEP_THRESHOLD_TRX: '5',
    TREASURY_HOT_FLOOR_USDT: '0',
    TREASURY_HOT_TARGET_USDT: '100',
    TREASURY_HOT_FLOOR_TRX: '0',
    TREASURY_HOT_TARGET_TRX: '200',
  });
});
afterAll(async () => {
  await t?.close();
});

const hot = () => t.chainBalance(t.app.chain.hotWallet.address);

describe('sweeps of deposit addresses', () => {
  it('sweeps TRX and USDT of many players into the hot wallet up to its target and the rest to cold, each once, and reconciliation still balances', async () => {
    const before = await t.surplus();
    const feesBefore = await t.chainFees();
    const made = await t.depositors(12);
    const cycles = await t.cycleUntilIdle();
    expect(cycles).toBeLessThanOrEqual(4);

    for (const d of made) {
      const left = t.chainBalance(d.address);
      expect(left.usdt).toBe(0n);
      // TRX goes whole (this devnet burns nothing); an address that only got USDT keeps what activated it.
      if (d.trx > 0n) expect(left.trx).toBe(0n);
      else expect(left.trx).toBeLessThanOrEqual(1n);
    }
    const totalUsdt = made.reduce((sum, d) => sum + d.usdt, 0n);
    const totalTrx = made.reduce((sum, d) => sum + d.trx, 0n);
    const cold = t.chainBalance(t.cold);
    expect(hot().usdt).toBeLessThanOrEqual(micro('100'));
    expect(hot().usdt).toBeGreaterThan(micro('50'));
    expect(hot().usdt + cold.usdt).toBe(totalUsdt);
    expect(hot().trx).toBeLessThanOrEqual(micro('200'));
    // Activations came from the hot wallet's own TRX (one sun each).
    const activations = made.filter((d) => d.trx === 0n).length;
    expect(hot().trx + cold.trx).toBe(totalTrx - BigInt(activations));

    // Every address and currency was swept exactly once.
    const sweeps = await t.sweeper.repo.recentSweeps(500);
    expect(sweeps.every((s) => s.status === 'confirmed')).toBe(true);
    const pairs = new Set(sweeps.map((s) => `${s.address}:${s.currency}`));
    expect(pairs.size).toBe(sweeps.length);
    expect(sweeps.length).toBe(made.filter((d) => d.usdt > 0n).length + made.filter((d) => d.trx > 0n).length);

    // Holdings moved between the operator's addresses: the surplus changes only by the fees booked.
    const fees = (await t.chainFees()) - feesBefore;
    const after = await t.surplus();
    expect(after.USDT).toBe(before.USDT);
    expect(after.TRX).toBe(before.TRX - fees);
    await t.expectLedgerOk();

    // A later cycle has nothing to do.
    const idle = await t.cycle();
    expect(idle).toMatchObject({ planned: 0, activated: 0, signed: 0 });
  });

  it('sweeps nothing twice and loses nothing after a crash right after recording the signed sweeps', async () => {
    // Addresses holding TRX already: the first thing the cycle records is their sweeps.
    const made = await t.depositors(2, 1);
    await expect(t.crashingSweeper('recorded').runCycle('command')).rejects.toThrow(/stopped at/);
    const recorded = (await t.sweeper.repo.openSweeps()).filter((s) => made.some((d) => d.address === s.address));
    expect(recorded.length).toBeGreaterThan(0);
    expect(recorded.every((s) => s.status === 'signed' && s.signed_tx !== null)).toBe(true);
    t.app.chain.devnet!.produceBlock();
    // Nothing was broadcast: the coins are still there.
    for (const s of recorded) expect(t.chainBalance(s.address)[s.currency === 'USDT' ? 'usdt' : 'trx']).toBeGreaterThan(0n);
    await t.cycleUntilIdle();
    const swept = (await t.sweeper.repo.recentSweeps(500)).filter((s) => made.some((d) => d.address === s.address));
    // The recorded ones were offered again, the same bytes, not signed afresh.
    for (const s of recorded) expect(swept.find((row) => row.id === s.id)).toMatchObject({ status: 'confirmed', tx_id: s.tx_id });
    expect(new Set(swept.map((s) => `${s.address}:${s.currency}`)).size).toBe(swept.length);
    for (const d of made) expect(t.chainBalance(d.address).usdt).toBe(0n);
  });

  it('sweeps nothing twice after a crash right after broadcasting', async () => {
    const made = await t.depositors(2, 1);
    await expect(t.crashingSweeper('offered').runCycle('command')).rejects.toThrow(/stopped at/);
    t.app.chain.devnet!.produceBlock();
    await t.cycleUntilIdle();
    const swept = (await t.sweeper.repo.recentSweeps(500)).filter((s) => made.some((d) => d.address === s.address));
    expect(swept.every((s) => s.status === 'confirmed')).toBe(true);
    expect(new Set(swept.map((s) => `${s.address}:${s.currency}`)).size).toBe(swept.length);
    for (const d of made) {
      expect(t.chainBalance(d.address).usdt).toBe(0n);
      if (d.trx > 0n) expect(t.chainBalance(d.address).trx).toBe(0n);
    }
    await t.expectLedgerOk();
  });

  it('exports a batch for offline signing and broadcasts the signed file it imports', async () => {
    const made = await t.depositors(3, 1);
    // Without a signer a scheduled cycle readies the addresses (the USDT-only one is activated) and sweeps nothing.
    const offline = t.sweeper.with({ signer: null });
    expect(await offline.runCycle('schedule')).toMatchObject({ planned: 0, signed: 0, activated: 1 });
    t.devnet.produceBlock();
    const batch = await offline.exportBatch(t.opsName);
    // The USDT of the two holding USDT and the TRX of the one holding only TRX (the other's TRX follows its USDT).
    expect(batch.sweeps).toHaveLength(3);
    // An exported sweep waits for its file: later cycles neither drop nor plan it again.
    await t.cycle();
    expect((await t.sweeper.repo.sweepsByIds(batch.sweeps.map((s) => BigInt(s.id)))).every((s) => s.status === 'planned')).toBe(true);

    const signer = createSweepSigner({
      accountXprv: t.xprv,
      allowedDestinations: [t.app.chain.hotWallet.address, t.cold],
      usdtContract: USDT_CONTRACT,
      maxFeeLimitSun: micro('100'),
      maxExpirationMs: 6 * 3_600_000,
    });
    const { signed } = signer.signBatch(batch);
    // A forged signature refuses the whole file.
    const forged = { ...signed, signatures: signed.signatures.map((s, i) => (i === 0 ? { ...s, signature: signed.signatures.at(-1)!.signature } : s)) };
    if (signed.signatures.length > 1) await expect(t.sweeper.importSigned(forged)).rejects.toThrow(/signature/);
    expect(await t.sweeper.importSigned(signed)).toEqual({ recorded: batch.sweeps.length });
    await expect(t.sweeper.importSigned(signed)).rejects.toThrow(/no longer waiting/);
    t.app.chain.devnet!.produceBlock();
    await t.cycleUntilIdle();
    for (const d of made) expect(t.chainBalance(d.address).usdt).toBe(0n);
  });
});

describe('offline signing from the command line', () => {
  it.runIf(process.env.DATABASE_URL)(
    'npm run treasury -- export-sweeps, npm run signer -- sign-file, npm run treasury -- import-sweeps: the sweeps land once',
    async () => {
      const made = await t.depositors(2, 1);
      const dir = mkdtempSync(join(tmpdir(), 'sweeps-offline-'));
      const run = (script: string, args: string[], env: Record<string, string>) =>
        promisify(execFile)('npx', ['tsx', script, ...args], { env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env } }).then(
          (done) => ({ exitCode: 0, out: done.stdout + done.stderr }),
          (failed: { code: number; stdout: string; stderr: string }) => ({ exitCode: failed.code, out: failed.stdout + failed.stderr }),
        );
      const server = {
        DATABASE_URL: (t.app.database as { url?: string }).url!,
        TRON_API_URL: t.devnet.url!,
        HOT_WALLET_PRIVATE_KEY: t.app.chain.hotWallet.privateKey,
        DEPOSIT_XPUB: t.env.DEPOSIT_XPUB!,
        TREASURY_SWEEP_COLD_ADDRESS: t.cold,
        TREASURY_SWEEP_THRESHOLD_USDT: '5',
        TREASURY_SWEEP_THRESHOLD_TRX: '5',
        TREASURY_HOT_FLOOR_USDT: '0',
        TREASURY_HOT_FLOOR_TRX: '0',
      };
      const exported = await run('apps/server/src/modules/treasury/sweeps/sweep-cli.ts', ['export-sweeps', join(dir, 'batch.json')], server);
      // The TRX of an address holding USDT too leaves once its USDT is gone: a later, online cycle.
      expect(exported).toMatchObject({ exitCode: 0, out: expect.stringMatching(/exported 2 sweep\(s\)/) });
      const signed = await run('apps/server/src/signer/signer-cli.ts', ['sign-file', join(dir, 'batch.json'), join(dir, 'signed.json')], {
        SIGNER_XPRV: t.xprv,
        SIGNER_ALLOWED_DESTINATIONS: `${t.app.chain.hotWallet.address},${t.cold}`,
        SIGNER_USDT_CONTRACT: USDT_CONTRACT,
        SIGNER_LOG: join(dir, 'signer.jsonl'),
      });
      expect(signed.exitCode).toBe(0);
      expect(await run('apps/server/src/modules/treasury/sweeps/sweep-cli.ts', ['import-sweeps', join(dir, 'signed.json')], server)).toMatchObject({
        exitCode: 0,
        out: expect.stringContaining('recorded and broadcast 2'),
      });
      expect(await run('apps/server/src/modules/treasury/sweeps/sweep-cli.ts', ['import-sweeps', join(dir, 'signed.json')], server)).toMatchObject({
        exitCode: 1,
        out: expect.stringContaining('nothing recorded'),
      });
      t.devnet.produceBlock();
      await t.cycleUntilIdle();
      for (const d of made) expect(t.chainBalance(d.address)).toEqual({ usdt: 0n, trx: 0n });

      // A cycle from the command line runs beside no server's: while one holds the lock it is refused.
      const serverLock = new LeaderLock(t.app.database, 'treasury.sweeps', server.DATABASE_URL);
      expect(await serverLock.ensure()).not.toBeNull();
      try {
        expect(await run('apps/server/src/modules/treasury/sweeps/sweep-cli.ts', ['sweep'], server)).toMatchObject({
          exitCode: 2,
          out: expect.stringContaining('holds the treasury.sweeps lock'),
        });
      } finally {
        await serverLock.close();
      }
      expect(await run('apps/server/src/modules/treasury/sweeps/sweep-cli.ts', ['sweep'], server)).toMatchObject({
        exitCode: 0,
        out: expect.stringMatching(/sweep cycle #\d+: /),
      });
    },
    90_000,
  );
});

describe('hot and cold', () => {
  function alertsHeard() {
    const alerts: DomainEvents['alert'][] = [];
    const off = t.app.bus.subscribe('alert', (alert) => void alerts.push(alert));
    return { alerts, off };
  }

  it('below its floor: one alert for treasury.read and one top-up request of target − balance, closed once refilled', async () => {
    const held = hot();
    const heard = alertsHeard();
    const set = await t.ops('/ops/v1/treasury/setHotCold', {
      threshold: { USDT: '5', TRX: '5' },
      floor: { USDT: '1000', TRX: '0' },
      target: { USDT: '2000', TRX: '5000' },
    });
    expect(set.code).toBe(0);
    await t.cycle(0);
    await t.cycle(0);
    heard.off();
    const low = heard.alerts.filter((a) => a.kind === 'treasury-hot-low');
    expect(low).toEqual([
      expect.objectContaining({ severity: 'critical', permission: 'treasury.read', reference: expect.stringMatching(/^treasury-topup:\d+$/) }),
    ]);
    const view = await t.ops('/ops/v1/treasury/sweeps', {});
    expect(view.code).toBe(0);
    expect(view.data.topups).toEqual([
      expect.objectContaining({ currency: 'USDT', amount: String(Number(micro('2000') - held.usdt) / 1e6), hotWallet: t.app.chain.hotWallet.address }),
    ]);

    // The product prepares the transfer; the cold wallet's holders sign it (here a multi-signature account's active permission).
    const prepared = await t.ops('/ops/v1/treasury/topupTransaction', { id: view.data.topups[0].id, permissionId: 2 });
    expect(prepared.code).toBe(0);
    expect(prepared.data).toMatchObject({ from: t.cold, to: t.app.chain.hotWallet.address, currency: 'USDT', amount: view.data.topups[0].amount });
    expect(createHash('sha256').update(Buffer.from(prepared.data.rawDataHex, 'hex')).digest('hex')).toBe(prepared.data.txId);
    const contract = (
      prepared.data.rawData.contract as Array<{ Permission_id: number; parameter: { value: { owner_address: string; contract_address: string } } }>
    )[0]!;
    expect(contract.Permission_id).toBe(2);
    expect(contract.parameter.value.owner_address).toBe(toHexAddress(t.cold));
    expect(contract.parameter.value.contract_address).toBe(toHexAddress(USDT_CONTRACT));
    expect(Date.parse(prepared.data.expiresAt) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    expect((await t.ops('/ops/v1/treasury/topupTransaction', { id: 999_999 })).code).toBe(10);

    t.fundHotWallet({ usdt: '1500' });
    await t.cycle(0);
    expect((await t.ops('/ops/v1/treasury/sweeps', {})).data.topups).toEqual([]);
  });

  it('above its target: the excess goes to cold, once', async () => {
    await t.cycleUntilIdle();
    const earlier = new Set((await t.sweeper.repo.recentActions(500)).map((a) => a.id));
    const coldBefore = t.chainBalance(t.cold);
    const held = hot();
    expect(
      (
        await t.ops('/ops/v1/treasury/setHotCold', {
          threshold: { USDT: '5', TRX: '5' },
          floor: { USDT: '10', TRX: '10' },
          target: { USDT: '100', TRX: '150' },
        })
      ).code,
    ).toBe(0);
    const first = await t.cycle(0);
    expect(first.rebalanced).toBe(2);
    // Not sent twice while on its way.
    expect((await t.cycle(1)).rebalanced).toBe(0);
    await t.cycle(0);
    expect(hot()).toEqual({ usdt: micro('100'), trx: micro('150') });
    expect(t.chainBalance(t.cold).usdt - coldBefore.usdt).toBe(held.usdt - micro('100'));
    expect(t.chainBalance(t.cold).trx - coldBefore.trx).toBe(held.trx - micro('150'));
    const actions = (await t.ops('/ops/v1/treasury/sweeps', {})).data.actions.filter(
      (a: { kind: string; id: number }) => a.kind === 'rebalance' && !earlier.has(BigInt(a.id)),
    );
    expect(actions.map((a: { status: string }) => a.status)).toEqual(['confirmed', 'confirmed']);

    // A TRX target below the reserve that pays withdrawals' fees (HOT_WALLET_TRX_RESERVE, 30 here) keeps the reserve.
    expect(
      (await t.ops('/ops/v1/treasury/setHotCold', { threshold: { USDT: '5', TRX: '5' }, floor: { USDT: '10', TRX: '1' }, target: { USDT: '100', TRX: '1' } }))
        .code,
    ).toBe(0);
    const reserve = t.sweeper.with({ settings: { ...(await t.sweeper.settings()), hotTrxReserve: micro('30') } });
    expect((await reserve.runCycle('command')).rebalanced).toBe(1);
    t.app.chain.devnet!.produceBlock();
    await reserve.runCycle('command');
    expect(hot().trx).toBe(micro('30'));
    expect(
      (
        await t.ops('/ops/v1/treasury/setHotCold', {
          threshold: { USDT: '5', TRX: '5' },
          floor: { USDT: '10', TRX: '10' },
          target: { USDT: '100', TRX: '150' },
        })
      ).code,
    ).toBe(0);
  });
});

describe('the sweep worker', () => {
  it('runs on one instance only, the one holding the lock; another instance refuses a cycle asked of it', async () => {
    // This instance leads already (on PostgreSQL the first to reach the server would win otherwise).
    expect(await t.app.services.treasury.sweeps.worker.runOnce()).toBe(true);
    const other = await startTestApp(t.env, { alongside: t });
    try {
      expect(await Promise.all([t.app.services.treasury.sweeps.worker.runOnce(), other.app.services.treasury.sweeps.worker.runOnce()])).toEqual([true, false]);
      const refused = await other.ops('/ops/v1/treasury/sweep', {});
      expect(refused.code).not.toBe(0);
    } finally {
      await other.close();
    }
  });

  it('shows a cycle that broke off as finished with an error, and the next one carries on', async () => {
    const unreachable = Object.assign(Object.create(t.sweeper.chain), { head: async () => Promise.reject(new Error('node unreachable')) });
    await expect(t.sweeper.with({ chain: unreachable }).runCycle('command')).rejects.toThrow(/node unreachable/);
    const [broken] = await t.sweeper.repo.cycles(1);
    expect(broken).toMatchObject({ trigger: 'command', summary: expect.objectContaining({ error: 1 }), finished_at: expect.any(Date) });
    expect((await t.cycle(0)).cycleId).toBeGreaterThan(broken!.id);
  });

  it('sweeps each address once when the signer dies mid-batch, after signing and before its answer arrives', async () => {
    const real = new SignerClient({ url: t.signer.url, sharedKey: t.env.TREASURY_SIGNER_KEY! });
    let signedThenLost = 0;
    // The signer signs the whole batch (and logs it), then dies: the server never gets the signatures.
    const dying = t.sweeper.with({
      signer: {
        sign: async (batch) => {
          signedThenLost += (await real.sign(batch)).signatures.length;
          throw new Error('socket hang up');
        },
      },
    });
    const surplusBefore = await t.surplus();
    const made = await t.depositors(3, 2);
    for (let i = 0; i < 3; i++) {
      await dying.runCycle('command');
      t.app.chain.devnet!.produceBlock();
    }
    expect(signedThenLost).toBeGreaterThan(0);
    // Nothing left the addresses: no signed sweep was ever recorded, so none was broadcast.
    for (const d of made) expect(t.chainBalance(d.address).usdt).toBe(d.usdt);
    await t.cycleUntilIdle();
    for (const d of made) expect(t.chainBalance(d.address)).toMatchObject({ usdt: 0n });
    const confirmed = (await t.sweeper.repo.recentSweeps(100)).filter((s) => made.some((d) => d.address === s.address) && s.status === 'confirmed');
    const expected = made.filter((d) => d.usdt > 0n).length + made.filter((d) => d.trx > 0n).length;
    expect(confirmed).toHaveLength(expected);
    expect(new Set(confirmed.map((s) => `${s.address}:${s.currency}`)).size).toBe(expected);
    // Nothing lost: what the chain holds against what players are owed moved only by the fees and deposits.
    const surplusAfter = await t.surplus();
    expect(surplusAfter.USDT).toBe(surplusBefore.USDT);
  });

  it('tells treasury.read once when the signer does not sign, and leaves the sweeps to be planned again', async () => {
    const heard: DomainEvents['alert'][] = [];
    const off = t.app.bus.subscribe('alert', (alert) => void heard.push(alert));
    const refusing = t.sweeper.with({ signer: { sign: async () => Promise.reject(new Error('signer unreachable: connection refused')) } });
    const made = await t.depositors(2, 1);
    await refusing.runCycle('command');
    await refusing.runCycle('command');
    off();
    expect(heard.filter((a) => a.kind === 'treasury-signer-failed')).toEqual([
      expect.objectContaining({ severity: 'warning', permission: 'treasury.read', message: expect.stringContaining('connection refused') }),
    ]);
    await t.cycleUntilIdle();
    for (const d of made) expect(t.chainBalance(d.address).trx).toBe(0n);
    const sweeps = (await t.sweeper.repo.recentSweeps(50)).filter((s) => made.some((d) => d.address === s.address));
    expect(sweeps.filter((s) => s.status === 'dropped').length).toBeGreaterThan(0);
    expect(sweeps.filter((s) => s.status === 'confirmed')).toHaveLength(made.filter((d) => d.usdt > 0n).length + made.filter((d) => d.trx > 0n).length);
  });
});

describe('operator calls', () => {
  it('lists sweeps, runs a cycle and changes the settings with treasury.operate; reads with treasury.read', async () => {
    const view = await t.ops('/ops/v1/treasury/sweeps', { limit: 5 });
    expect(view.code).toBe(0);
    expect(view.data).toMatchObject({
      coldAddress: t.cold,
      energyStrategy: 'burn',
      signer: 'online',
      settings: { target: { USDT: '100', TRX: '150' }, updatedBy: t.opsName },
    });
    expect(view.data.sweeps).toHaveLength(5);
    expect(view.data.sweeps[0]).toMatchObject({ status: 'confirmed', networkFee: '0' });

    const run = await t.ops('/ops/v1/treasury/sweep', {});
    expect(run.code).toBe(0);
    expect(run.data.cycle).toMatchObject({ trigger: 'operator', requestedBy: t.opsName, summary: expect.objectContaining({ planned: 0 }) });

    // A floor above its target, a zero threshold, more than six decimals: each refused with 12, nothing stored.
    const valid = { threshold: { USDT: '5', TRX: '5' }, floor: { USDT: '10', TRX: '10' }, target: { USDT: '100', TRX: '150' } };
    for (const bad of [
      { ...valid, floor: { USDT: '200', TRX: '10' } },
      { ...valid, threshold: { USDT: '0', TRX: '5' } },
      { ...valid, threshold: { USDT: '5', TRX: '5.0000001' } },
    ]) {
      expect((await t.ops('/ops/v1/treasury/setHotCold', bad)).code).toBe(12);
    }
    expect((await t.ops('/ops/v1/treasury/sweeps', {})).data.settings).toMatchObject(valid);

    const analyst = (await createAutomationKey(t.app.database.db, SHIPPED_ROLE_PERMISSIONS.analyst, `analyst-sweeps-${process.pid}`)).key;
    expect((await t.ops('/ops/v1/treasury/sweeps', {}, analyst)).code).toBe(0);
    expect((await t.ops('/ops/v1/treasury/sweep', {}, analyst)).status).toBe(403);
    expect((await t.ops('/ops/v1/treasury/setHotCold', {}, analyst)).status).toBe(403);
  });
});
