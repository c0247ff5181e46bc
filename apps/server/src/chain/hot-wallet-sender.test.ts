import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPIRY_MARGIN_MS, HotWalletSender } from './hot-wallet-sender.ts';
import { stringifyJson } from './json.ts';
import { startTestDevnet, type TestDevnet, type TestWallet } from './devnet/testing.ts';

const TRX = 1_000_000n;
let t: TestDevnet;
let hot: TestWallet;
let sender: HotWalletSender;
beforeAll(async () => {
  t = await startTestDevnet({ trc20FeeSun: 2n * TRX });
  hot = t.fundedWallet({ trx: 100n * TRX, usdt: 100n * TRX });
  sender = new HotWalletSender(t.client, hot, 3);
});
afterAll(() => t.stop());

describe('HotWalletSender', () => {
  it('reports what the hot wallet holds of each currency', async () => {
    expect(await sender.available('TRX')).toBe(100n * TRX);
    expect(await sender.available('USDT')).toBe(100n * TRX);
  });

  it('judges a transaction unseen until it is in a block, included until confirmed, then confirmed with its fee', async () => {
    const signed = await sender.sign('USDT', t.newWallet().address, 5n * TRX);
    expect(await sender.status(signed.txId, signed.expiration, await sender.head())).toEqual({ state: 'unseen' });
    expect(await sender.offer(signed)).toBeNull();
    t.devnet.produceBlock();
    expect(await sender.status(signed.txId, signed.expiration, await sender.head())).toEqual({ state: 'included' });
    t.devnet.produceBlock(2);
    const head = await sender.head();
    expect(await sender.status(signed.txId, signed.expiration, head)).toEqual({ state: 'confirmed', blockNumber: head.height - 2, fee: 2n * TRX });
  });

  it('takes the same signed bytes offered twice as accepted, and they move the coins once', async () => {
    const to = t.newWallet().address;
    const signed = await sender.sign('TRX', to, 3n * TRX);
    expect(await sender.offer(signed)).toBeNull();
    const again = sender.recorded(signed.txId, signed.expiration, stringifyJson(signed.transaction));
    expect(await sender.offer(again)).toBeNull();
    t.devnet.produceBlock();
    expect(t.devnet.balances(to).trx).toBe(3n * TRX);
  });

  it('says why it cannot send: too little of the currency, or too little TRX left for a USDT transfer fee', async () => {
    const reserved = new HotWalletSender(t.client, hot, 3, 1_000n * TRX);
    expect(await reserved.shortfall('USDT', 1_000n * TRX)).toBe('hot wallet balance too low');
    expect(await reserved.shortfall('USDT', 1n * TRX)).toBe('hot wallet TRX too low for network fees');
    expect(await reserved.shortfall('TRX', 1n * TRX)).toBeNull();
    expect(await sender.shortfall('USDT', 1n * TRX)).toBeNull();
  });

  it('answers why a transaction was refused instead of throwing', async () => {
    const signed = await sender.sign('TRX', t.newWallet().address, 1n * TRX);
    const forged = { ...signed, transaction: { ...signed.transaction, signature: ['00'.repeat(65)] } };
    expect(await sender.offer(forged)).toBeInstanceOf(Error);
  });

  it('calls a transaction expired only once the head is past its expiration by the margin', async () => {
    const signed = await sender.sign('TRX', t.newWallet().address, 1n * TRX);
    const head = await sender.head();
    expect(await sender.status(signed.txId, signed.expiration, { ...head, timestamp: signed.expiration + EXPIRY_MARGIN_MS })).toEqual({ state: 'unseen' });
    expect(await sender.status(signed.txId, signed.expiration, { ...head, timestamp: signed.expiration + EXPIRY_MARGIN_MS + 1 })).toEqual({ state: 'expired' });
  });

  it('reports a transfer that failed on chain as reverted, with the fee it burnt', async () => {
    const poor = t.fundedWallet({ trx: 1n * TRX, usdt: 10n * TRX });
    const poorSender = new HotWalletSender(t.client, poor, 1);
    const signed = await poorSender.sign('USDT', t.newWallet().address, 1n * TRX);
    expect(await poorSender.offer(signed)).toBeNull();
    t.devnet.produceBlock();
    const status = await poorSender.status(signed.txId, signed.expiration, await poorSender.head());
    expect(status).toMatchObject({ state: 'reverted', fee: 1n * TRX });
    expect(status.state === 'reverted' && status.reason).toContain('OUT_OF_ENERGY');
  });
});
