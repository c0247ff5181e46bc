import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUND_PASSWORD, micro, newWallet, requestId, startWalletTestApp, type WalletTestApp } from './test-support.ts';

// The devnet burns 13.5 TRX from the sender of every USDT transfer, as mainnet does without staked energy.
let t: WalletTestApp;
beforeAll(async () => {
  t = await startWalletTestApp({ DEVNET_USDT_FEE_TRX: '13.5', WITHDRAWAL_USDT_FEE: '0.5', HOT_WALLET_TRX_RESERVE: '1' });
  t.fundHotWallet({ trx: '100', usdt: '1000' });
});
afterAll(async () => {
  await t?.close();
});

describe('a USDT withdrawal on a chain that charges for it', () => {
  it('records what the hot wallet burnt and books it to chain_fees, keeping the books equal to the chain', async () => {
    const p = await t.player();
    await t.deposit(p, { usdt: '50' });
    const hot = t.app.chain.hotWallet.address;
    const hotTrxBefore = t.chainBalance(hot).trx;
    const feesBefore = await t.app.services.ledger.balance({ kind: 'chain_fees' }, 'TRX');

    const to = newWallet().address;
    const reply = await t.call(
      '/v1/bank/cashout/submit',
      { requestId: requestId(), currency: 'USDT', amount: '20', address: to, fundPassword: FUND_PASSWORD },
      { token: p.token },
    );
    expect(reply.code).toBe(0);
    await t.processWithdrawals();

    const row = await t.app.database.db.selectFrom('withdrawals').selectAll().where('id', '=', BigInt(reply.data.record.id)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'confirmed', network_fee: micro('13.5') });
    expect(t.chainBalance(to).usdt).toBe(micro('19.5'));
    expect(t.chainBalance(hot).trx).toBe(hotTrxBefore - micro('13.5'));
    expect(await t.app.services.ledger.balance({ kind: 'chain_fees' }, 'TRX')).toBe(feesBefore - micro('13.5'));
    await t.expectLedgerOk();
  });

  it('books what a transfer that ran out of energy still burnt, then waits for TRX instead of burning attempts', async () => {
    const p = await t.player();
    await t.deposit(p, { usdt: '30' });
    const hot = t.app.chain.hotWallet;
    // Leave the hot wallet 5 TRX: above the 1 TRX reserve, below the 13.5 TRX fee, so the next USDT
    // transfer runs out of energy on chain and burns all 5.
    const spare = t.chainBalance(hot.address).trx - micro('5');
    await t.app.chain.client.sendTrx(hot.privateKey, newWallet().address, spare);
    await t.scanDeposits(1);
    const feesBefore = await t.app.services.ledger.balance({ kind: 'chain_fees' }, 'TRX');

    const to = newWallet().address;
    const reply = await t.call(
      '/v1/bank/cashout/submit',
      { requestId: requestId(), currency: 'USDT', amount: '20', address: to, fundPassword: FUND_PASSWORD },
      { token: p.token },
    );
    expect(reply.code).toBe(0);
    await t.processWithdrawals();
    await t.processWithdrawals();

    const id = BigInt(reply.data.record.id);
    const row = () => t.app.database.db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const outcomes = async () =>
      (await t.app.database.db.selectFrom('withdrawal_attempts').select('outcome').where('withdrawal_id', '=', id).orderBy('attempt').execute()).map(
        (a) => a.outcome,
      );
    expect(await row()).toMatchObject({ status: 'queued', attempts: 1, last_error: 'waiting for hot-wallet funds: hot wallet TRX too low for network fees' });
    const records = await t.call('/v1/bank/records', { type: 'withdraw' }, { token: p.token });
    expect(records.data.list[0]).toMatchObject({ status: 'processing', waitingReason: 'hot_wallet_funds' });
    expect(await outcomes()).toEqual(['reverted']);
    expect(t.chainBalance(hot.address).trx).toBe(0n);
    expect(await t.app.services.ledger.balance({ kind: 'chain_fees' }, 'TRX')).toBe(feesBefore - micro('5'));
    expect(await t.balances(p)).toMatchObject({ usdt: '10', trx: '0' });
    await t.expectLedgerOk();

    t.fundHotWallet({ trx: '50' });
    await t.processWithdrawals();
    expect(await row()).toMatchObject({ status: 'confirmed', attempts: 2, network_fee: micro('13.5') });
    expect(await outcomes()).toEqual(['reverted', 'confirmed']);
    expect(t.chainBalance(to).usdt).toBe(micro('19.5'));
    expect(await t.app.services.ledger.balance({ kind: 'chain_fees' }, 'TRX')).toBe(feesBefore - micro('18.5'));
    await t.expectLedgerOk();
  });
});
