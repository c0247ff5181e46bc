import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { micro, startChargingSweepApp, type SweepTestApp } from './test-support.ts';

// Two hundred players on a chain charging as mainnet does, swept by the signer process with energy
// lent by the resource account: the whole treasury at once.
const PLAYERS = 200;
let t: SweepTestApp;

beforeAll(async () => {
  t = await startChargingSweepApp({ USDT: '2000', TRX: '5000' }, { fund: '1000000', stake: '900000' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe(`${PLAYERS} players`, () => {
  it('sweeps every deposit once, hot up to its target and the rest to cold, books every fee and reconciles to the micro-unit', async () => {
    const before = await t.surplus();
    const feesBefore = await t.chainFees();
    const made: Array<{ address: string; usdt: bigint; trx: bigint }> = [];
    for (let start = 0; start < PLAYERS; start += 20) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(20, PLAYERS - start) }, async (_, j) => {
          const i = start + j;
          const player = await t.registerPlayer();
          const address = await t.depositAddress({ ...player });
          // A third hold only USDT (new holders, not activated), a third only TRX, a third both.
          const usdt = i % 3 === 1 ? 0n : micro(`${10 + (i % 40)}.${String(i).padStart(6, '0')}`);
          const trx = i % 3 === 0 ? 0n : micro(`${20 + (i % 50)}.5`);
          return { address, usdt, trx };
        }),
      );
      for (const d of batch) t.devnet.faucet(d.address, { ...(d.usdt ? { usdt: d.usdt } : {}), ...(d.trx ? { trx: d.trx } : {}) });
      made.push(...batch);
    }
    await t.scanDeposits(1);

    const cycles = await t.cycleUntilIdle(10);
    expect(cycles).toBeLessThanOrEqual(7);

    const totalUsdt = made.reduce((sum, d) => sum + d.usdt, 0n);
    const hot = t.chainBalance(t.app.chain.hotWallet.address);
    expect(hot.usdt).toBeLessThanOrEqual(micro('2000'));
    expect(hot.usdt).toBeGreaterThan(micro('1900'));
    expect(hot.usdt + t.chainBalance(t.cold).usdt).toBe(totalUsdt);
    for (const d of made) {
      expect(t.chainBalance(d.address).usdt).toBe(0n);
      if (d.trx > 0n) expect(t.chainBalance(d.address).trx).toBe(0n);
    }
    const sweeps = await t.sweeper.repo.recentSweeps(1000);
    expect(sweeps.filter((s) => s.status === 'confirmed')).toHaveLength(made.filter((d) => d.usdt > 0n).length + made.filter((d) => d.trx > 0n).length);
    expect(new Set(sweeps.map((s) => `${s.address}:${s.currency}`)).size).toBe(sweeps.length);
    expect(await t.sweeper.repo.liveDelegations()).toEqual([]);

    const fees = (await t.chainFees()) - feesBefore;
    const actions = await t.sweeper.repo.recentActions(2000);
    expect(fees).toBe([...sweeps, ...actions].reduce((sum, row) => sum + (row.network_fee ?? 0n), 0n));
    const after = await t.surplus();
    expect(after.USDT).toBe(before.USDT);
    expect(after.TRX).toBe(before.TRX - fees);
    await t.expectLedgerOk();
  }, 120_000);
});
