import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvents } from '../../../events/domain-events.ts';
import { newWallet, type TestPlayer } from '../../wallet/test-support.ts';
import type { SweepRow } from './sweep.repo.ts';
import { micro, startChargingSweepApp, type SweepTestApp } from './test-support.ts';

// A chain that charges as mainnet does (bandwidth, energy at 210 sun, 1.1 TRX to create an account,
// the USDT contract's dynamic energy factor at its maximum), with energy cheaper to stake so that the
// resource account's stake stays small.
let t: SweepTestApp;

beforeAll(async () => {
  t = await startChargingSweepApp({ USDT: '60', TRX: '100000' }, { fund: '200000', stake: '150000' });
});
afterAll(async () => {
  await t?.close();
});

async function delegatedTo(address: string): Promise<bigint> {
  return (await t.app.chain.client.getDelegatedResource(t.resource!.address, address)).energy;
}

describe('sweeps on a chain with energy, bandwidth and account fees', () => {
  it('delegates energy to USDT sweeps, activating new holders first, takes it back after, books every fee to chain_fees and still reconciles to the micro-unit', async () => {
    const before = await t.surplus();
    const feesBefore = await t.chainFees();
    const made = await t.depositors(6);
    await t.cycleUntilIdle(10);

    const totalUsdt = made.reduce((sum, d) => sum + d.usdt, 0n);
    const hotUsdt = t.chainBalance(t.app.chain.hotWallet.address).usdt;
    expect(hotUsdt).toBeLessThanOrEqual(micro('60'));
    expect(hotUsdt + t.chainBalance(t.cold).usdt).toBe(totalUsdt);
    for (const d of made) {
      expect(t.chainBalance(d.address).usdt).toBe(0n);
      // Swept TRX leaves nothing behind but what its transfer burnt.
      if (d.trx > 0n) expect(t.chainBalance(d.address).trx).toBe(0n);
      expect(await delegatedTo(d.address)).toBe(0n);
    }
    const actions = await t.sweeper.repo.recentActions(100);
    const kinds = (kind: string) => actions.filter((a) => a.kind === kind);
    expect(kinds('activate')).toHaveLength(made.filter((d) => d.trx === 0n).length);
    expect(kinds('delegate').length).toBe(made.filter((d) => d.usdt > 0n).length);
    expect(kinds('undelegate').length).toBe(kinds('delegate').length);
    expect(actions.every((a) => a.status === 'confirmed')).toBe(true);

    // Each activation burnt the chain's account-creation fees; every burnt sun is in chain_fees, once.
    const fees = (await t.chainFees()) - feesBefore;
    const burnt = [...(await t.sweeper.repo.recentSweeps(100)), ...actions].reduce((sum, row) => sum + (row.network_fee ?? 0n), 0n);
    expect(fees).toBe(burnt);
    expect(fees).toBeGreaterThanOrEqual(BigInt(kinds('activate').length) * micro('1.1'));
    const after = await t.surplus();
    expect(after.USDT).toBe(before.USDT);
    expect(after.TRX).toBe(before.TRX - fees);
    await t.expectLedgerOk();
  });

  it('too little delegated energy fails on chain with OUT_OF_ENERGY, and the next cycles recover it', async () => {
    const [d] = await t.depositors(1, 0);
    const estimate = t.sweeper.chain.estimateUsdtEnergy.bind(t.sweeper.chain);
    // The node's estimate taken as a tenth of itself: too little energy lent, too low a fee_limit.
    t.sweeper.chain.estimateUsdtEnergy = async (...args) => (await estimate(...args)) / 10n;
    let failed: SweepRow | undefined;
    for (let i = 0; i < 6 && !failed; i++) {
      await t.cycle();
      failed = (await t.sweeper.repo.recentSweeps(20)).find((s) => s.address === d!.address && s.status === 'failed');
    }
    t.sweeper.chain.estimateUsdtEnergy = estimate;
    expect(failed).toMatchObject({ currency: 'USDT', last_error: expect.stringContaining('OUT_OF_ENERGY') });
    expect(t.chainBalance(d!.address).usdt).toBe(d!.usdt);

    await t.cycleUntilIdle(10);
    expect(t.chainBalance(d!.address).usdt).toBe(0n);
    expect(await delegatedTo(d!.address)).toBe(0n);
    const sweeps = (await t.sweeper.repo.recentSweeps(20)).filter((s) => s.address === d!.address);
    expect(sweeps.map((s) => s.status).sort()).toEqual(['confirmed', 'failed']);
    await t.expectLedgerOk();
  });

  it('with the burn strategy, sends the address TRX to burn and sets fee_limit from the energy price; a low fee_limit fails and the next cycles recover', async () => {
    const burn = t.sweeper.with({ resource: null, settings: { ...(await t.sweeper.settings()), energyStrategy: 'burn' } });
    const [d] = await t.depositors(1, 0);
    const feesBefore = await t.chainFees();
    const surplusBefore = await t.surplus();
    const estimate = burn.chain.estimateUsdtEnergy.bind(burn.chain);
    burn.chain.estimateUsdtEnergy = async (...args) => (await estimate(...args)) / 10n;
    let failed: SweepRow | undefined;
    for (let i = 0; i < 6 && !failed; i++) {
      await burn.runCycle('command');
      t.devnet.produceBlock();
      failed = (await burn.repo.recentSweeps(20)).find((s) => s.address === d!.address && s.status === 'failed');
    }
    burn.chain.estimateUsdtEnergy = estimate;
    expect(failed).toMatchObject({ last_error: expect.stringContaining('OUT_OF_ENERGY') });
    // It burnt its whole fee_limit.
    expect(failed!.network_fee).toBeGreaterThanOrEqual(failed!.fee_limit);

    for (let i = 0; i < 10 && t.chainBalance(d!.address).usdt > 0n; i++) {
      await burn.runCycle('command');
      t.devnet.produceBlock();
    }
    await burn.runCycle('command');
    expect(t.chainBalance(d!.address).usdt).toBe(0n);
    const actions = (await burn.repo.recentActions(50)).filter((a) => a.to_address === d!.address);
    expect(actions.map((a) => a.kind)).toContain('fund');
    // The TRX sent to burn is the operator's: the deposit watcher never credits it to the player.
    await t.scanDeposits(2);
    expect((await t.balances(d!.player)).trx).toBe('0');
    expect(actions.some((a) => a.kind === 'delegate')).toBe(false);
    const fees = (await t.chainFees()) - feesBefore;
    expect(fees).toBeGreaterThan(0n);
    const after = await t.surplus();
    expect(after.TRX).toBe(surplusBefore.TRX - fees);
    expect(after.USDT).toBe(surplusBefore.USDT);
  });
});

describe('the fee_limit ceiling', () => {
  it('leaves a USDT sweep waiting, and tells treasury.read, while its fee_limit would pass the ceiling; it goes once the ceiling allows', async () => {
    const settings = { ...(await t.sweeper.settings()), energyStrategy: 'burn' as const };
    // 64,000-130,000 energy at 210 sun costs 13-28 TRX: a 5 TRX ceiling keeps it waiting.
    const capped = t.sweeper.with({ resource: null, settings: { ...settings, maxFeeLimit: micro('5') } });
    const [d] = await t.depositors(1, 0);
    const heard: DomainEvents['alert'][] = [];
    const off = t.app.bus.subscribe('alert', (alert) => void heard.push(alert));
    let summary: Awaited<ReturnType<typeof capped.runCycle>> | undefined;
    for (let i = 0; i < 4; i++) {
      summary = await capped.runCycle('command');
      t.devnet.produceBlock();
    }
    off();
    expect(summary!.feeCapped).toBe(1);
    expect(t.chainBalance(d!.address).usdt).toBe(d!.usdt);
    expect((await t.sweeper.repo.recentSweeps(50)).filter((s) => s.address === d!.address && s.currency === 'USDT')).toEqual([]);
    expect(heard.some((a) => a.kind === 'treasury-fee-capped' && a.permission === 'treasury.read')).toBe(true);

    const allowed = t.sweeper.with({ resource: null, settings: { ...settings, maxFeeLimit: micro('100') } });
    for (let i = 0; i < 8 && t.chainBalance(d!.address).usdt > 0n; i++) {
      await allowed.runCycle('command');
      t.devnet.produceBlock();
    }
    expect(t.chainBalance(d!.address).usdt).toBe(0n);
    // The next cycle follows it to its confirmation.
    await allowed.runCycle('command');
    const swept = (await t.sweeper.repo.recentSweeps(50)).find((s) => s.address === d!.address && s.currency === 'USDT');
    expect(swept).toMatchObject({ status: 'confirmed' });
    expect(swept!.fee_limit).toBeLessThanOrEqual(micro('100'));
  });
});

describe('delegated energy after a crash', () => {
  it('takes the energy back from what is recorded when the process stopped right after recording the undelegation', async () => {
    const [d] = await t.depositors(1, 0);
    const sweepOf = async () => (await t.sweeper.repo.recentSweeps(20)).find((s) => s.address === d!.address);
    for (let i = 0; i < 8 && (await sweepOf())?.status !== 'broadcast'; i++) await t.cycle();
    expect(await sweepOf()).toMatchObject({ status: 'broadcast' });
    t.devnet.produceBlock();
    await expect(t.crashingSweeper('recorded').runCycle('command')).rejects.toThrow(/stopped at recorded/);
    const undelegations = async () => (await t.sweeper.repo.recentActions(50)).filter((a) => a.kind === 'undelegate' && a.to_address === d!.address);
    expect((await undelegations()).map((a) => a.status)).toEqual(['signed']);
    expect(await delegatedTo(d!.address)).toBeGreaterThan(0n);

    await t.cycleUntilIdle(6);
    expect(await delegatedTo(d!.address)).toBe(0n);
    expect((await undelegations()).map((a) => a.status)).toEqual(['confirmed']);
    await t.expectLedgerOk();
  });
});

describe('a resource account short of energy', () => {
  it('leaves the USDT sweep waiting and tells treasury.read, then sweeps once there is energy to lend', async () => {
    const poor = newWallet();
    t.devnet.faucet(poor.address, { trx: micro('100') });
    t.devnet.produceBlock();
    await t.app.chain.client.freezeBalanceV2(poor.privateKey, micro('10'));
    t.devnet.produceBlock();
    const short = t.sweeper.with({ resource: poor });
    const [d] = await t.depositors(1, 0);
    const heard: DomainEvents['alert'][] = [];
    const off = t.app.bus.subscribe('alert', (alert) => void heard.push(alert));
    let summary = await short.runCycle('command');
    for (let i = 0; i < 4 && summary.energyShort === 0; i++) {
      t.devnet.produceBlock();
      summary = await short.runCycle('command');
    }
    off();
    expect(summary.energyShort).toBe(1);
    expect(heard).toContainEqual(expect.objectContaining({ kind: 'treasury-energy-short', permission: 'treasury.read' }));
    expect((await t.sweeper.repo.recentActions(50)).filter((a) => a.to_address === d!.address && a.kind === 'delegate')).toEqual([]);
    t.devnet.produceBlock();
    await t.cycleUntilIdle(8);
    expect(t.chainBalance(d!.address).usdt).toBe(0n);
  });
});
