import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseJson } from '../../chain/json.ts';
import type { TransactionJson } from '../../chain/transaction.ts';
import { EXPIRY_MARGIN_MS } from '../../chain/hot-wallet-sender.ts';
import { TronBroadcastError } from '../../chain/tron-client.ts';
import { startFaultyChain, type FaultyChain } from './chain-fault-support.ts';
import { FUND_PASSWORD, micro, newWallet, requestId, startWalletTestApp, type TestPlayer, type WalletTestApp } from './test-support.ts';

// The server talks to a devnet it does not own, through a proxy that loses broadcasts on demand,
// and the chain's clock is the test's: expirations are reached without waiting for them.
let net: FaultyChain;
let t: WalletTestApp;
beforeAll(async () => {
  net = await startFaultyChain();
  t = await startWalletTestApp({
    TRON_API_URL: net.url,
    HOT_WALLET_PRIVATE_KEY: net.hotWallet.privateKey,
    DEPOSIT_XPUB: net.depositXpub,
    WITHDRAWAL_MAX_ATTEMPTS: '2',
  });
  net.chain.faucet(net.hotWallet.address, { trx: micro('1000'), usdt: micro('1000') });
  net.produce();
});
afterAll(async () => {
  await t?.close();
  await net?.stop();
});

const wallet = () => t.app.services.wallet;
const runProcessor = () => wallet().workers.withdrawals.runOnce();
const AFTER_EXPIRY = 60_000 + EXPIRY_MARGIN_MS + 5_000;

async function fundedPlayer(usdt: string): Promise<TestPlayer> {
  const p = await t.player();
  net.chain.faucet(await t.depositAddress(p), { usdt: micro(usdt) });
  net.produce();
  await wallet().workers.deposits.runOnce();
  expect((await t.balances(p)).usdt).toBe(usdt);
  return p;
}

async function withdraw(p: TestPlayer, amount: string, to: string) {
  const reply = await t.call(
    '/v1/bank/cashout/submit',
    { requestId: requestId(), currency: 'USDT', amount, address: to, fundPassword: FUND_PASSWORD },
    { token: p.token },
  );
  expect(reply.code).toBe(0);
  // The submit nudged the processor; wait for that run.
  await runProcessor();
  return BigInt(reply.data.record.id);
}

const row = (id: bigint) => t.app.database.db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const attempts = (id: bigint) =>
  t.app.database.db.selectFrom('withdrawal_attempts').select(['tx_id', 'attempt', 'outcome']).where('withdrawal_id', '=', id).orderBy('attempt').execute();

describe('withdrawals when the network misbehaves', () => {
  it('a broadcast whose answer was lost is confirmed from the chain, never sent again', async () => {
    const p = await fundedPlayer('50');
    const to = newWallet().address;
    net.mode = 'lose-reply';
    const id = await withdraw(p, '10', to);
    expect(await row(id)).toMatchObject({ status: 'signed', attempts: 1 });
    net.mode = 'pass';
    net.produce();
    await runProcessor();
    expect(await row(id)).toMatchObject({ status: 'confirmed', attempts: 1 });
    expect(await t.app.chain.client.getUsdtBalance(to)).toBe(micro('10'));
    expect(await attempts(id)).toEqual([expect.objectContaining({ attempt: 1, outcome: 'confirmed' })]);
  });

  it('a transaction that never reached the node is re-offered until it expires, then signed afresh once', async () => {
    const p = await fundedPlayer('50');
    const to = newWallet().address;
    net.mode = 'drop';
    const id = await withdraw(p, '7', to);
    const first = await row(id);
    expect(first).toMatchObject({ status: 'signed', attempts: 1 });
    // Still able to land: the same signed transaction is offered again, nothing new is signed.
    await runProcessor();
    await runProcessor();
    expect(await attempts(id)).toHaveLength(1);

    net.advance(AFTER_EXPIRY);
    net.produce();
    net.mode = 'pass';
    await runProcessor();
    const second = await row(id);
    expect(second).toMatchObject({ status: 'broadcast', attempts: 2 });
    expect(second.tx_id).not.toBe(first.tx_id);
    net.produce();
    await runProcessor();
    expect(await row(id)).toMatchObject({ status: 'confirmed' });
    expect(await t.app.chain.client.getUsdtBalance(to)).toBe(micro('7'));
    expect((await attempts(id)).map((a) => a.outcome)).toEqual(['expired', 'confirmed']);

    // The first transaction can never land now, whoever offers it.
    const stale = {
      txId: first.tx_id!,
      from: net.hotWallet.address,
      expiration: Number(first.tx_expiration),
      transaction: parseJson(first.signed_tx!) as TransactionJson,
    };
    await expect(net.client.broadcast(stale)).rejects.toSatisfy((e) => e instanceof TronBroadcastError && e.code === 'TRANSACTION_EXPIRATION_ERROR');
    expect(await t.app.chain.client.getUsdtBalance(to)).toBe(micro('7'));
    expect(await t.balances(p)).toMatchObject({ usdt: '43', trx: '0' });
  });

  it('refunds exactly once when every attempt expires', async () => {
    const p = await fundedPlayer('20');
    const to = newWallet().address;
    net.mode = 'drop';
    const id = await withdraw(p, '5', to);
    expect(await t.balances(p)).toMatchObject({ usdt: '15', trx: '0' });
    net.advance(AFTER_EXPIRY);
    net.produce();
    await runProcessor();
    expect(await row(id)).toMatchObject({ status: 'signed', attempts: 2 });
    net.advance(AFTER_EXPIRY);
    net.produce();
    await runProcessor();
    await runProcessor();
    net.mode = 'pass';
    await runProcessor();
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 2 });
    expect(await t.balances(p)).toMatchObject({ usdt: '20', trx: '0' });
    expect(await t.app.chain.client.getUsdtBalance(to)).toBe(0n);
    const refunds = await t.app.database.db.selectFrom('ledger_transfers').select('id').where('idempotency_key', '=', `withdrawal-refund:${id}`).execute();
    expect(refunds).toHaveLength(1);
    const records = await t.call('/v1/bank/records', { type: 'withdraw' }, { token: p.token });
    expect(records.data.list[0]).toMatchObject({ status: 'failed' });
    await t.expectLedgerOk();
  });

  it('a transfer that reverted on chain is signed again once the hot wallet can pay', async () => {
    const p = await fundedPlayer('30');
    const to = newWallet().address;
    net.mode = 'hold';
    const held = net.nextHeld();
    const reply = await t.call(
      '/v1/bank/cashout/submit',
      { requestId: requestId(), currency: 'USDT', amount: '9', address: to, fundPassword: FUND_PASSWORD },
      { token: p.token },
    );
    const id = BigInt(reply.data.record.id);
    await held;
    // While the signed transfer is on its way, the hot wallet's USDT leaves: it lands as REVERT.
    const hot = await net.client.getUsdtBalance(net.hotWallet.address);
    await net.client.sendUsdt(net.hotWallet.privateKey, newWallet().address, hot);
    net.mode = 'pass';
    net.release();
    await runProcessor();
    net.produce();
    await runProcessor();
    expect(await row(id)).toMatchObject({ status: 'queued', last_error: 'waiting for hot-wallet funds: hot wallet balance too low' });
    expect((await attempts(id)).map((a) => a.outcome)).toEqual(['reverted']);

    net.chain.faucet(net.hotWallet.address, { usdt: micro('100') });
    net.produce();
    await runProcessor();
    net.produce();
    await runProcessor();
    expect(await row(id)).toMatchObject({ status: 'confirmed', attempts: 2 });
    expect(await t.app.chain.client.getUsdtBalance(to)).toBe(micro('9'));
    await t.expectLedgerOk();
  });
});
