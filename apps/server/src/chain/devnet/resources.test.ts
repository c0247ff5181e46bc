// The devnet's resource model, as mainnet charges: bandwidth, energy, Stake 2.0, delegation,
// account creation, fee_limit and OUT_OF_ENERGY, the dynamic energy factor. Every amount is exact.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateKeyToAddress } from '../address.ts';
import { parseJson, stringifyJson } from '../json.ts';
import { transactionBandwidth } from '../transaction.ts';
import { type SignedTransaction, type TransactionInfo, TronApiError, TronBroadcastError, TronClient } from '../tron-client.ts';
import { createDevnet } from './index.ts';
import { MAINNET_RESOURCE_PARAMETERS } from './resources.ts';
import { type TestDevnet, type TestWallet, startTestDevnet } from './testing.ts';

const TRX = 1_000_000n;

/** A clock that moves 1 ms each time it is read: block times, and so resource recovery, are the same on every run. */
function steppingClock(start = 1_700_000_000_000): () => number {
  let now = start;
  return () => now++;
}
const DAY_MS = 24 * 60 * 60 * 1000;
/** Mainnet defaults: 210 sun per energy, 1000 sun per byte, USDT's energy_factor 34000 (× 4.4). */
const ENERGY_FEE = 210n;
const BYTE_FEE = 1000n;
const TO_HOLDER_ENERGY = 64_460n; // 14 650 × 4.4
const TO_NEW_HOLDER_ENERGY = 130_460n; // 29 650 × 4.4

function bytesOf(tx: { raw_data_hex: string; signature?: string[] }): bigint {
  return transactionBandwidth(tx.raw_data_hex.length / 2, tx.signature?.length ?? 0);
}

describe('devnet resource model', () => {
  let t: TestDevnet;
  beforeAll(async () => {
    t = await startTestDevnet({ resources: true, now: steppingClock() });
  });
  afterAll(() => t.stop());

  /** Broadcasts, seals a block, and returns the transaction's info. */
  async function land(signed: SignedTransaction): Promise<TransactionInfo> {
    await t.client.broadcast(signed);
    t.devnet.produceBlock();
    return (await t.client.getTransactionInfo(signed.txId))!;
  }

  async function landed(txId: string): Promise<TransactionInfo> {
    t.devnet.produceBlock();
    return (await t.client.getTransactionInfo(txId))!;
  }

  const bytesOfTx = (txId: string): bigint => bytesOf(t.devnet.chain.transaction(txId)!.tx);

  it('reports mainnet chain parameters and a fresh account with its free 600 bytes of bandwidth', async () => {
    const params = await t.client.getChainParameters();
    expect(params).toMatchObject({
      energyFee: 210n,
      transactionFee: 1000n,
      createAccountFee: 100_000n,
      createNewAccountFeeInSystemContract: 1_000_000n,
      freeNetLimit: 600n,
      maxFeeLimit: 15_000_000_000n,
    });
    expect(params.all).toMatchObject({ getAllowDynamicEnergy: 1n, getDynamicEnergyMaxFactor: 34_000n, getUnfreezeDelayDays: 14n });
    const a = t.fundedWallet({ trx: 5n * TRX });
    expect(await t.client.getAccountResource(a.address)).toMatchObject({
      freeNetLimit: 600n,
      freeNetUsed: 0n,
      netLimit: 0n,
      energyLimit: 0n,
      energyUsed: 0n,
      totalEnergyLimit: 180_000_000_000n,
      totalEnergyWeight: 18_000_000_000n,
    });
  });

  it('charges a USDT transfer 130 460 energy to a new holder and 64 460 to a holder, burned at 210 sun each', async () => {
    const a = t.fundedWallet({ trx: 100n * TRX, usdt: 50n * TRX });
    const b = t.newWallet();
    expect(await t.client.estimateUsdtTransferEnergy(a.address, b.address, 5n * TRX)).toBe(TO_NEW_HOLDER_ENERGY);

    const first = await t.client.prepareUsdtTransfer(a.privateKey, b.address, 5n * TRX);
    const info = await land(first);
    // The first transaction of the day fits the free bandwidth: only energy is burned.
    expect(info).toMatchObject({ success: true, result: 'SUCCESS', fee: TO_NEW_HOLDER_ENERGY * ENERGY_FEE });
    expect(info.receipt).toEqual({
      energyUsage: 0n,
      energyFee: 27_396_600n,
      originEnergyUsage: 0n,
      energyUsageTotal: TO_NEW_HOLDER_ENERGY,
      netUsage: bytesOf(first.transaction),
      netFee: 0n,
    });
    expect(t.devnet.balances(a.address)).toEqual({ trx: 100n * TRX - 27_396_600n, usdt: 45n * TRX });
    expect(t.devnet.balances(b.address).usdt).toBe(5n * TRX);

    expect(await t.client.estimateUsdtTransferEnergy(a.address, b.address, 5n * TRX)).toBe(TO_HOLDER_ENERGY);
    const second = await t.client.prepareUsdtTransfer(a.privateKey, b.address, 5n * TRX);
    const info2 = await land(second);
    // 600 free bytes minus the first transaction's are not enough for the second: its bytes are burned too.
    const netFee = bytesOf(second.transaction) * BYTE_FEE;
    expect(bytesOf(first.transaction) + bytesOf(second.transaction)).toBeGreaterThan(600n);
    expect(info2.receipt).toEqual({
      energyUsage: 0n,
      energyFee: 13_536_600n,
      originEnergyUsage: 0n,
      energyUsageTotal: TO_HOLDER_ENERGY,
      netUsage: 0n,
      netFee,
    });
    expect(info2.fee).toBe(13_536_600n + netFee);
    expect(t.devnet.balances(a.address)).toEqual({ trx: 100n * TRX - 27_396_600n - 13_536_600n - netFee, usdt: 40n * TRX });
  });

  it('runs a transfer whose fee_limit is too low out of energy: no USDT moves, the energy fee_limit buys is burned', async () => {
    const a = t.fundedWallet({ trx: 50n * TRX, usdt: 10n * TRX });
    const b = t.fundedWallet({ usdt: 1n * TRX });
    const signed = await t.client.prepareUsdtTransfer(a.privateKey, b.address, 2n * TRX, { feeLimitSun: 10n * TRX });
    const info = await land(signed);
    // 10 TRX buys floor(10 000 000 / 210) = 47 619 energy, less than the 64 460 needed.
    expect(info).toMatchObject({ success: false, result: 'OUT_OF_ENERGY', fee: 9_999_990n });
    expect(info.receipt).toMatchObject({ energyUsageTotal: 47_619n, energyFee: 9_999_990n, energyUsage: 0n, netFee: 0n });
    expect(t.devnet.balances(a.address)).toEqual({ trx: 50n * TRX - 9_999_990n, usdt: 10n * TRX });
    expect(t.devnet.balances(b.address).usdt).toBe(1n * TRX);
    expect((await t.client.listTrc20Transfers(a.address)).items.filter((x) => x.txId === signed.txId)).toEqual([]);
  });

  it('runs a transfer out of energy when the balance cannot buy it, burning what the balance buys', async () => {
    const a = t.fundedWallet({ trx: 5n * TRX, usdt: 10n * TRX });
    const info = await land(await t.client.prepareUsdtTransfer(a.privateKey, t.newWallet().address, 1n * TRX));
    // floor(5 000 000 / 210) = 23 809 energy for 4 999 890 sun; 110 sun stay.
    expect(info).toMatchObject({ result: 'OUT_OF_ENERGY', fee: 4_999_890n });
    expect(t.devnet.balances(a.address)).toEqual({ trx: 110n, usdt: 10n * TRX });
  });

  describe('staking and delegating energy', () => {
    let resource: TestWallet;
    let deposit: TestWallet;
    const staked = 20_000n * TRX;
    const delegated = 14_000n * TRX;
    let burned = 0n;

    beforeAll(() => {
      resource = t.fundedWallet({ trx: 100_000n * TRX });
      // A deposit address activated with 1 TRX, holding USDT.
      deposit = t.fundedWallet({ trx: 1n * TRX, usdt: 500n * TRX });
    });

    it('freezes TRX for 10 energy per TRX per day (FreezeBalanceV2)', async () => {
      const txId = await t.client.freezeBalanceV2(resource.privateKey, staked);
      const info = await landed(txId);
      expect(info).toMatchObject({ success: true, fee: 0n, receipt: { netUsage: bytesOfTx(txId), netFee: 0n, energyUsageTotal: 0n } });
      expect(await t.client.getAccountResource(resource.address)).toMatchObject({ energyLimit: 200_000n, energyUsed: 0n, tronPowerLimit: 20_000n });
      expect(t.devnet.balances(resource.address).trx).toBe(100_000n * TRX - staked);
      expect(await t.client.getCanDelegatedMaxSize(resource.address, 'ENERGY')).toBe(staked);
    });

    it('refuses to delegate to an address that does not exist on chain (one that only received USDT)', async () => {
      const usdtOnly = t.fundedWallet({ usdt: 3n * TRX });
      expect(await t.client.accountExists(usdtOnly.address)).toBe(false);
      await expect(t.client.delegateEnergy(resource.privateKey, usdtOnly.address, delegated)).rejects.toThrow(
        new RegExp(`Account\\[${usdtOnly.address}\\] not exists`),
      );
      await expect(t.client.delegateEnergy(resource.privateKey, deposit.address, staked + TRX)).rejects.toThrow(/available FreezeEnergyV2 balance/);
      await expect(t.client.delegateEnergy(resource.privateKey, deposit.address, TRX - 1n)).rejects.toThrow(/greater than or equal to 1 TRX/);
    });

    it('delegates energy so that a USDT transfer from the deposit address burns no TRX for energy', async () => {
      const txId = await t.client.delegateEnergy(resource.privateKey, deposit.address, delegated);
      const info = await landed(txId);
      burned += info.fee;
      expect(info.receipt.netFee).toBe(info.fee);
      expect(await t.client.getDelegatedResource(resource.address, deposit.address)).toMatchObject({ energy: delegated, lockedEnergy: 0n });
      expect(await t.client.getAccountResource(deposit.address)).toMatchObject({ energyLimit: 140_000n, energyUsed: 0n });
      expect(await t.client.getAccountResource(resource.address)).toMatchObject({ energyLimit: 60_000n, tronPowerLimit: 20_000n });

      const to = t.newWallet().address;
      const energy = await t.client.estimateUsdtTransferEnergy(deposit.address, to, 500n * TRX);
      expect(energy).toBe(TO_NEW_HOLDER_ENERGY);
      const sweep = await t.client.prepareUsdtTransfer(deposit.privateKey, to, 500n * TRX, { feeLimitSun: energy * ENERGY_FEE });
      const swept = await land(sweep);
      expect(swept).toMatchObject({ success: true, fee: 0n });
      expect(swept.receipt).toEqual({
        energyUsage: TO_NEW_HOLDER_ENERGY,
        energyFee: 0n,
        originEnergyUsage: 0n,
        energyUsageTotal: TO_NEW_HOLDER_ENERGY,
        netUsage: bytesOf(sweep.transaction),
        netFee: 0n,
      });
      expect(t.devnet.balances(deposit.address)).toEqual({ trx: 1n * TRX, usdt: 0n });
      expect(t.devnet.balances(to).usdt).toBe(500n * TRX);
      expect((await t.client.getAccountResource(deposit.address)).energyUsed).toBe(TO_NEW_HOLDER_ENERGY);
    });

    it('caps energy by fee_limit even when it comes from stake, as mainnet does', async () => {
      t.devnet.faucet(deposit.address, { usdt: 10n * TRX });
      // A day later the delegated 140 000 energy and the free bandwidth are whole again.
      t.devnet.advanceTime(DAY_MS);
      expect((await t.client.getAccountResource(deposit.address)).energyUsed).toBe(0n);
      // A fee_limit of 1 TRX buys 4 761 energy at most, staked or not.
      const info = await land(await t.client.prepareUsdtTransfer(deposit.privateKey, t.newWallet().address, 1n * TRX, { feeLimitSun: 1n * TRX }));
      expect(info).toMatchObject({ result: 'OUT_OF_ENERGY', fee: 0n, receipt: { energyUsage: 4_761n, energyFee: 0n, energyUsageTotal: 4_761n } });
      expect(t.devnet.balances(deposit.address)).toEqual({ trx: 1n * TRX, usdt: 10n * TRX });
    });

    it('undelegates: the stake and the energy used from it go back to the resource account, which recovers in 24 h', async () => {
      const txId = await t.client.undelegateEnergy(resource.privateKey, deposit.address, delegated);
      const info = await landed(txId);
      burned += info.fee;
      expect(info.receipt.netFee).toBe(info.fee);
      expect(await t.client.getDelegatedResource(resource.address, deposit.address)).toMatchObject({ energy: 0n, lockedEnergy: 0n });
      expect(await t.client.getAccountResource(deposit.address)).toMatchObject({ energyLimit: 0n, energyUsed: 0n });
      const back = await t.client.getAccountResource(resource.address);
      expect(back.energyLimit).toBe(200_000n);
      // The energy the deposit address used from the delegation is now the resource account's.
      expect(back.energyUsed).toBe(4_761n);
      await expect(t.client.undelegateEnergy(resource.privateKey, deposit.address, TRX)).rejects.toThrow(/delegated Resource does not exist/);

      t.devnet.advanceTime(DAY_MS);
      expect(await t.client.getAccountResource(resource.address)).toMatchObject({ energyLimit: 200_000n, energyUsed: 0n });
      expect(await t.client.getCanDelegatedMaxSize(resource.address, 'ENERGY')).toBe(staked);
      expect(t.devnet.balances(resource.address).trx).toBe(100_000n * TRX - staked - burned);
    });

    it('without the delegation the deposit address pays energy from its TRX again', async () => {
      const info = await land(await t.client.prepareUsdtTransfer(deposit.privateKey, t.newWallet().address, 1n * TRX));
      expect(info).toMatchObject({ result: 'OUT_OF_ENERGY', fee: 999_810n, receipt: { energyUsageTotal: 4_761n } });
      expect(t.devnet.balances(deposit.address)).toEqual({ trx: 190n, usdt: 10n * TRX });
    });

    it('keeps a locked delegation until its lock period is over', async () => {
      const receiver = t.fundedWallet({ trx: 1n * TRX });
      const executedAt = t.devnet.head().timestamp;
      await landed(await t.client.delegateEnergy(resource.privateKey, receiver.address, 2n * TRX, { lock: true, lockPeriodBlocks: 100 }));
      const d = await t.client.getDelegatedResource(resource.address, receiver.address);
      expect(d).toMatchObject({ energy: 0n, lockedEnergy: 2n * TRX });
      expect(d.energyExpireTime).toBe(executedAt + 100 * 3000);
      await expect(t.client.undelegateEnergy(resource.privateKey, receiver.address, 2n * TRX)).rejects.toThrow(/unlock_balance=0/);
      t.devnet.advanceTime(100 * 3000 + 1);
      await landed(await t.client.undelegateEnergy(resource.privateKey, receiver.address, 2n * TRX));
      expect(await t.client.getDelegatedResource(resource.address, receiver.address)).toMatchObject({ energy: 0n, lockedEnergy: 0n });
    });

    it('unfreezes: the TRX waits 14 days, then is withdrawn to the balance', async () => {
      const before = t.devnet.balances(resource.address).trx;
      const unfreeze = await landed(await t.client.unfreezeBalanceV2(resource.privateKey, 1_000n * TRX));
      expect(await t.client.getAccountResource(resource.address)).toMatchObject({ energyLimit: 190_000n, tronPowerLimit: 19_000n });
      await expect(t.client.withdrawExpireUnfreeze(resource.privateKey)).rejects.toThrow(/no unFreeze balance to withdraw/);
      t.devnet.advanceTime(14 * DAY_MS);
      const withdraw = await landed(await t.client.withdrawExpireUnfreeze(resource.privateKey));
      expect(t.devnet.balances(resource.address).trx).toBe(before + 1_000n * TRX - unfreeze.fee - withdraw.fee);
    });
  });

  describe('bandwidth', () => {
    it('takes 600 free bytes a day, then burns 1000 sun a byte, then refuses what the balance cannot pay', async () => {
      const w = t.fundedWallet({ trx: 3n * TRX });
      const other = t.fundedWallet({ trx: 1n * TRX });
      const tx1 = await t.client.prepareTrxTransfer(w.privateKey, other.address, 1n * TRX);
      const tx2 = await t.client.prepareTrxTransfer(w.privateKey, other.address, 1n * TRX);
      expect(await land(tx1)).toMatchObject({ fee: 0n, receipt: { netUsage: bytesOf(tx1.transaction), netFee: 0n } });
      expect(await land(tx2)).toMatchObject({ fee: 0n, receipt: { netUsage: bytesOf(tx2.transaction), netFee: 0n } });
      expect((await t.client.getAccountResource(w.address)).freeNetUsed).toBe(bytesOf(tx1.transaction) + bytesOf(tx2.transaction));

      const tx3 = await t.client.prepareTrxTransfer(w.privateKey, other.address, TRX / 2n);
      const fee3 = bytesOf(tx3.transaction) * BYTE_FEE;
      expect(await land(tx3)).toMatchObject({ fee: fee3, receipt: { netUsage: 0n, netFee: fee3 } });
      const left = 1n * TRX - TRX / 2n - fee3;
      expect(t.devnet.balances(w.address).trx).toBe(left);
      expect(left).toBeLessThan(bytesOf(tx3.transaction) * BYTE_FEE);

      const tx4 = await t.client.prepareTrxTransfer(w.privateKey, other.address, 1000n);
      const refused = await t.client.broadcast(tx4).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(TronBroadcastError);
      expect((refused as TronBroadcastError).code).toBe('BANDWITH_ERROR');
      expect(t.devnet.balances(w.address).trx).toBe(left);

      // After 24 h of blocks the free bandwidth is whole again.
      t.devnet.advanceTime(DAY_MS);
      expect((await t.client.getAccountResource(w.address)).freeNetUsed).toBe(0n);
      const tx5 = await t.client.prepareTrxTransfer(w.privateKey, other.address, 1000n);
      expect(await land(tx5)).toMatchObject({ fee: 0n });
      expect(t.devnet.balances(w.address).trx).toBe(left - 1000n);
    });

    it('uses staked bandwidth before the free allowance', async () => {
      const w = t.fundedWallet({ trx: 2_000n * TRX });
      await landed(await t.client.freezeBalanceV2(w.privateKey, 1_000n * TRX, 'BANDWIDTH'));
      const free = (await t.client.getAccountResource(w.address)).freeNetUsed;
      expect(await t.client.getAccountResource(w.address)).toMatchObject({ netLimit: 1_000n, netUsed: 0n });
      const tx = await t.client.prepareTrxTransfer(w.privateKey, t.devnet.faucetAddress, 1n * TRX);
      expect(await land(tx)).toMatchObject({ fee: 0n, receipt: { netUsage: bytesOf(tx.transaction) } });
      expect(await t.client.getAccountResource(w.address)).toMatchObject({ netUsed: bytesOf(tx.transaction), freeNetUsed: free });
    });
  });

  describe('account activation', () => {
    it('burns 1 TRX for the new account and 0.1 TRX instead of bandwidth from the sender of the first TRX', async () => {
      const s = t.fundedWallet({ trx: 10n * TRX });
      const n = t.newWallet();
      expect(await t.client.accountExists(n.address)).toBe(false);
      const { txId } = await t.client.sendTrx(s.privateKey, n.address, 2n * TRX);
      const info = await landed(txId);
      expect(info).toMatchObject({ success: true, fee: 1_100_000n, receipt: { netFee: 100_000n, netUsage: 0n } });
      expect(t.devnet.balances(s.address).trx).toBe(10n * TRX - 2n * TRX - 1_100_000n);
      expect(t.devnet.balances(n.address).trx).toBe(2n * TRX);
      expect(await t.client.accountExists(n.address)).toBe(true);
      // To an existing account: only bandwidth, here free.
      const again = await landed((await t.client.sendTrx(s.privateKey, n.address, 1n * TRX)).txId);
      expect(again.fee).toBe(0n);
    });

    it('activates an address that only received USDT, the same way', async () => {
      const s = t.fundedWallet({ trx: 10n * TRX });
      const holder = t.fundedWallet({ usdt: 7n * TRX });
      expect(await t.client.accountExists(holder.address)).toBe(false);
      await landed((await t.client.sendTrx(s.privateKey, holder.address, 1n * TRX)).txId);
      expect(await t.client.accountExists(holder.address)).toBe(true);
      expect(t.devnet.balances(s.address).trx).toBe(10n * TRX - 1n * TRX - 1_100_000n);
      expect(t.devnet.balances(holder.address)).toEqual({ trx: 1n * TRX, usdt: 7n * TRX });
    });

    it('creates an account without sending it TRX (AccountCreateContract), for the same fees', async () => {
      const s = t.fundedWallet({ trx: 10n * TRX });
      const n = t.newWallet();
      const info = await landed(await t.client.createAccount(s.privateKey, n.address));
      expect(info).toMatchObject({ success: true, fee: 1_100_000n });
      expect(await t.client.accountExists(n.address)).toBe(true);
      expect(t.devnet.balances(s.address).trx).toBe(10n * TRX - 1_100_000n);
      await expect(t.client.createAccount(s.privateKey, n.address)).rejects.toThrow(/Account has existed/);
    });

    it('refuses a first transfer whose sender cannot also pay the creation fee', async () => {
      const s = t.fundedWallet({ trx: 3n * TRX });
      await expect(t.client.sendTrx(s.privateKey, t.newWallet().address, 2_500_000n)).rejects.toThrow(/balance is not sufficient/);
      // Enough for amount and 1 TRX when built, not once 0.1 TRX of bandwidth is burned: refused at broadcast.
      const signed = await t.client.prepareTrxTransfer(s.privateKey, t.newWallet().address, 1_950_000n);
      const refused = await t.client.broadcast(signed).catch((e: unknown) => e);
      expect((refused as TronBroadcastError).code).toBe('CONTRACT_VALIDATE_ERROR');
      expect(t.devnet.balances(s.address).trx).toBe(3n * TRX);
    });
  });
});

describe('devnet dynamic energy factor and energy price', () => {
  let t: TestDevnet;
  beforeAll(async () => {
    t = await startTestDevnet({ resources: { energyFee: 100n }, now: steppingClock() });
  });
  afterAll(() => t.stop());

  it('charges base energy × (10000 + energy_factor) / 10000, the factor and the price being chain parameters', async () => {
    const a = t.fundedWallet({ trx: 100n * TRX, usdt: 10n * TRX });
    const b = t.fundedWallet({ usdt: 1n * TRX });
    expect((await t.client.getChainParameters()).energyFee).toBe(100n);
    expect(await t.client.estimateUsdtTransferEnergy(a.address, b.address, TRX)).toBe(TO_HOLDER_ENERGY);

    t.devnet.chain.setResourceParameters({ energyFactor: 0n });
    expect(await t.client.estimateUsdtTransferEnergy(a.address, b.address, TRX)).toBe(14_650n);
    const { txId } = await t.client.sendUsdt(a.privateKey, b.address, TRX);
    t.devnet.produceBlock();
    expect(await t.client.getTransactionInfo(txId)).toMatchObject({ success: true, fee: 1_465_000n, receipt: { energyUsageTotal: 14_650n } });

    t.devnet.chain.setResourceParameters({ energyFactor: 12_000n, energyFee: 420n });
    // 14 650 × 2.2 = 32 230 energy at 420 sun.
    expect(await t.client.estimateUsdtTransferEnergy(a.address, b.address, TRX)).toBe(32_230n);
    expect((await t.client.getChainParameters()).energyFee).toBe(420n);
    const res = await fetch(`${t.url}/wallet/getcontractinfo`, { method: 'POST', body: stringifyJson({ value: t.devnet.usdtContract, visible: true }) });
    expect((parseJson(await res.text()) as { contract_state: { energy_factor: number } }).contract_state.energy_factor).toBe(12_000);
    const second = await t.client.sendUsdt(a.privateKey, b.address, TRX);
    t.devnet.produceBlock();
    const info = await t.client.getTransactionInfo(second.txId);
    expect(info!.receipt).toMatchObject({ energyUsageTotal: 32_230n, energyFee: 32_230n * 420n });
  });
});

describe('devnet resource model persistence and defaults', () => {
  it('replays a persisted chain to the same balances and resources, parameter changes included', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'devnet-resources-'));
    const path = join(dir, 'chain.jsonl');
    try {
      const first = createDevnet({ manual: true, persistPath: path, resources: true, now: steppingClock() });
      const client = new TronClient({ apiUrl: await first.start(0), timeoutMs: 5000 });
      const key = 'aa'.repeat(32);
      const address = privateKeyToAddress(key);
      first.faucet(address, { trx: 50_000n * TRX, usdt: 100n * TRX });
      first.produceBlock();
      await client.freezeBalanceV2(key, 10_000n * TRX);
      first.produceBlock();
      first.chain.setResourceParameters({ energyFactor: 5_000n });
      await client.sendUsdt(key, privateKeyToAddress('bb'.repeat(32)), 3n * TRX);
      first.produceBlock();
      const balances = first.balances(address);
      const resources = await client.getAccountResource(address);
      expect(resources.energyUsed).toBe((29_650n * 15_000n) / 10_000n);
      await first.stop();

      const second = createDevnet({ manual: true, persistPath: path, resources: true, now: steppingClock() });
      const client2 = new TronClient({ apiUrl: await second.start(0), timeoutMs: 5000 });
      expect(second.balances(address)).toEqual(balances);
      expect(await client2.getAccountResource(address)).toEqual(resources);
      expect(second.chain.resourceParameters()?.energyFactor).toBe(5_000n);
      await second.stop();
      expect(() => createDevnet({ manual: true, persistPath: path })).toThrow(/resource model/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is off by default: nothing is burned and the chain parameters say so', async () => {
    const t = await startTestDevnet();
    try {
      const params = await t.client.getChainParameters();
      expect(params).toMatchObject({ energyFee: 0n, transactionFee: 0n, createNewAccountFeeInSystemContract: 0n });
      const a = t.fundedWallet({ trx: 5n * TRX, usdt: 5n * TRX });
      const n = t.newWallet();
      await t.client.sendTrx(a.privateKey, n.address, 1n * TRX);
      await t.client.sendUsdt(a.privateKey, n.address, 1n * TRX);
      t.devnet.produceBlock();
      expect(t.devnet.balances(a.address)).toEqual({ trx: 4n * TRX, usdt: 4n * TRX });
      expect(await t.client.estimateUsdtTransferEnergy(a.address, n.address, TRX)).toBe(0n);
    } finally {
      await t.stop();
    }
  });

  it('rejects parameters it cannot use', () => {
    expect(() => createDevnet({ resources: { energyFee: 0n } })).toThrow(/energyFee/);
    expect(() => createDevnet({ resources: true, trc20FeeSun: 1n })).toThrow(/cannot be combined/);
    expect(MAINNET_RESOURCE_PARAMETERS.energyFactor).toBe(34_000n);
  });

  it('answers TronApiError for a resource call the node refuses', async () => {
    const t = await startTestDevnet({ resources: true });
    try {
      const w = t.fundedWallet({ trx: 1n * TRX });
      await expect(t.client.freezeBalanceV2(w.privateKey, 2n * TRX)).rejects.toBeInstanceOf(TronApiError);
    } finally {
      await t.stop();
    }
  });
});
