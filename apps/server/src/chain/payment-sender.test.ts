import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPayoutSender } from '../modules/hash-game/payout-sender.ts';
import { FUND_PASSWORD, micro, newWallet, requestId, startWalletTestApp, type WalletTestApp } from '../modules/wallet/test-support.ts';
import { WithdrawalPayments } from '../modules/wallet/withdrawal-processor.ts';
import { WithdrawalRepository } from '../modules/wallet/withdrawal.repo.ts';
import { HotWalletSender } from './hot-wallet-sender.ts';
import { PaymentSender, type OutgoingPayment, type PaymentAlert, type SendStage } from './payment-sender.ts';

// One server with both kinds of payment. Its own senders never run here: the withdrawal worker is
// not nudged, and the round engine (which pays transfer bets) runs only when a test asks. The
// senders under test stop dead at a stage, as a process killed there would, and a fresh sender
// resumes from what the database holds.

class Crash extends Error {}

let t: WalletTestApp;
const db = () => t.app.database.db;
const devnet = () => t.app.chain.devnet!;

beforeAll(async () => {
  t = await startWalletTestApp({ HASH_ENGINE: 'false', HASH_HEAD_MAX_AGE_SECONDS: '86400', HASH_TRANSFER_REFUND_FEE_USDT: '0' });
  t.app.services.wallet.withdrawals.onQueued = () => undefined;
  // TRX for withdrawals; no USDT, so a transfer-bet refund (paid in USDT) waits until a test funds it.
  t.fundHotWallet({ trx: '1000' });
  await t.app.services.hashGame.engine.runOnce();
});
afterAll(async () => {
  await t?.close();
});

const hotWallet = () => new HotWalletSender(t.app.chain.client, t.app.chain.hotWallet, 1);
const log = () => t.app.http.log;
const crashAt = (stage: SendStage | null) => (at: SendStage) => {
  if (at === stage) throw new Crash(`stopped after ${at}`);
};

interface Source {
  name: string;
  /** A new payment due to be sent, with where it goes and how much arrives. */
  create(): Promise<{ id: bigint; to: string; amount: bigint; currency: 'USDT' | 'TRX' }>;
  sender(stop: SendStage | null): PaymentSender<OutgoingPayment>;
  row(id: bigint): Promise<{ status: string; attempts: number; tx_id: string | null }>;
  outcomes(id: bigint): Promise<(string | null)[]>;
  received(address: string): bigint;
}

const withdrawals: Source = {
  name: 'a withdrawal',
  async create() {
    const p = await t.player();
    await t.deposit(p, { trx: '50' });
    const to = newWallet().address;
    const reply = await t.call(
      '/v1/bank/cashout/submit',
      { requestId: requestId(), currency: 'TRX', amount: '12', address: to, fundPassword: FUND_PASSWORD },
      { token: p.token },
    );
    expect(reply.code).toBe(0);
    return { id: BigInt(reply.data.record.id), to, amount: micro('12'), currency: 'TRX' };
  },
  sender(stop) {
    const payments = new WithdrawalPayments(db(), new WithdrawalRepository(db()), t.app.services.ledger, t.app.services.wallet.withdrawals, 3);
    return new PaymentSender(db(), hotWallet(), payments, log(), crashAt(stop));
  },
  row: (id) => db().selectFrom('withdrawals').select(['status', 'attempts', 'tx_id']).where('id', '=', id).executeTakeFirstOrThrow(),
  outcomes: async (id) => (await db().selectFrom('withdrawal_attempts').select('outcome').where('withdrawal_id', '=', id).execute()).map((a) => a.outcome),
  received: (address) => devnet().balances(address).trx,
};

const payouts: Source = {
  name: 'a transfer-bet refund',
  async create() {
    const player = newWallet();
    devnet().faucet(player.address, { trx: micro('100'), usdt: micro('10') });
    devnet().produceBlock();
    const state = await t.app.services.lobby.hashGameState();
    const game = state.transferAddresses.find((row) => row.game_id === 1 && row.level === 0)!.address;
    // Below the game's minimum: the whole transfer goes back.
    const { txId } = await t.app.chain.client.sendUsdt(player.privateKey, game, micro('0.5'));
    for (let i = 0; i < 2; i++) {
      devnet().produceBlock();
      await t.app.services.hashGame.engine.runOnce();
    }
    const payout = await db().selectFrom('hash_chain_payouts').selectAll().where('receipt_tx_id', '=', txId).executeTakeFirstOrThrow();
    // The server's own sender found the hot wallet without USDT and left it waiting.
    expect(payout).toMatchObject({ status: 'pending', attempts: 0, amount: micro('0.5'), to_address: player.address });
    expect(payout.last_error).toMatch(/^waiting for hot-wallet funds/);
    return { id: payout.id, to: player.address, amount: payout.amount, currency: 'USDT' };
  },
  sender: (stop) => createPayoutSender(db(), hotWallet(), { maxAttempts: 3 }, log(), crashAt(stop)),
  row: (id) => db().selectFrom('hash_chain_payouts').select(['status', 'attempts', 'tx_id']).where('id', '=', id).executeTakeFirstOrThrow(),
  outcomes: async (id) => (await db().selectFrom('hash_payout_attempts').select('outcome').where('payout_id', '=', id).execute()).map((a) => a.outcome),
  received: (address) => devnet().balances(address).usdt - micro('9.5'),
};

describe('PaymentSender', () => {
  for (const source of [withdrawals, payouts]) {
    for (const stage of ['recorded', 'offered'] as const) {
      it(`resumes ${source.name} stopped after its transaction was ${stage}, and pays it once`, async () => {
        const payment = await source.create();
        if (payment.currency === 'USDT') t.fundHotWallet({ usdt: '0.5' });

        await source.sender(stage).run();
        const recorded = await source.row(payment.id);
        expect(recorded).toMatchObject({ status: 'signed', attempts: 1 });
        // Recorded before it was offered: stopped there, the node never saw it; stopped after, it did.
        expect(devnet().chain.pendingCount()).toBe(stage === 'recorded' ? 0 : 1);

        const resumed = source.sender(null);
        await resumed.run();
        expect(await source.row(payment.id)).toMatchObject({ status: 'broadcast', attempts: 1, tx_id: recorded.tx_id });
        devnet().produceBlock();
        await resumed.run();
        await resumed.run();
        devnet().produceBlock(2);

        expect(await source.row(payment.id)).toMatchObject({ status: 'confirmed', attempts: 1, tx_id: recorded.tx_id });
        expect(await source.outcomes(payment.id)).toEqual(['confirmed']);
        expect(source.received(payment.to)).toBe(payment.amount);
        await t.expectLedgerOk();
      });
    }
  }

  it('leaves a payment taken by another sender alone', async () => {
    const payment = await withdrawals.create();
    const [first, second] = [withdrawals.sender(null), withdrawals.sender(null)];
    await Promise.all([first.run(), second.run()]);
    devnet().produceBlock();
    await first.run();
    expect(await withdrawals.row(payment.id)).toMatchObject({ status: 'confirmed', attempts: 1 });
    expect(withdrawals.received(payment.to)).toBe(payment.amount);
  });

  it('tells staff once that a payment waits for hot-wallet funds, however often it runs', async () => {
    const payment = await payouts.create();
    const alerts: PaymentAlert[] = [];
    const sender = createPayoutSender(db(), hotWallet(), { maxAttempts: 3 }, log(), undefined, (alert) => alerts.push(alert));
    await sender.run();
    await sender.run();
    expect(alerts).toEqual([expect.objectContaining({ kind: 'hot-wallet-short', severity: 'critical', reference: `transfer-bet payout:${payment.id}` })]);
    expect(await payouts.row(payment.id)).toMatchObject({ status: 'pending', attempts: 0 });

    // Topped up, the wallet covers it and the sender forgets it: a long-running process keeps nothing per paid payment.
    devnet().faucet(t.app.chain.hotWallet.address, { trx: micro('1000000'), usdt: micro('1000000') });
    devnet().produceBlock();
    await sender.run();
    expect(await payouts.row(payment.id)).toMatchObject({ attempts: 1 });
    expect((sender as unknown as { reportedShort: Set<string> }).reportedShort.size).toBe(0);
    expect(alerts).toHaveLength(1);
  });
});
