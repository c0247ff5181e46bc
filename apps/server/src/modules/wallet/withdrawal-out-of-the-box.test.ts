import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { micro, newWallet, requestId, FUND_PASSWORD, startWalletTestApp, type WalletTestApp } from './test-support.ts';

// A fresh development server (NODE_ENV=development, its own devnet, nothing configured about the
// hot wallet): nobody has topped the hot wallet up by hand.
let t: WalletTestApp;
beforeAll(async () => {
  t = await startWalletTestApp({ NODE_ENV: 'development' });
  // Development honours no test settings: the 24-hour wait on new addresses is lifted the operator's way.
  await t.app.services.accountSecurity.setAddressWaitHours(0);
});
afterAll(async () => {
  await t?.close();
});

describe('withdrawals on a fresh development server', () => {
  it('find the hot wallet funded by the devnet, and are sent and confirmed', async () => {
    expect(t.chainBalance(t.app.chain.hotWallet.address)).toEqual({ trx: micro('100000'), usdt: micro('100000') });

    const p = await t.player();
    await t.deposit(p, { usdt: '50', trx: '100' });
    const usdtTo = newWallet().address;
    const trxTo = newWallet().address;
    const submit = (body: Record<string, string>) =>
      t.call('/v1/bank/cashout/submit', { requestId: requestId(), fundPassword: FUND_PASSWORD, ...body }, { token: p.token });
    expect((await submit({ currency: 'USDT', amount: '20', address: usdtTo })).code).toBe(0);
    expect((await submit({ currency: 'TRX', amount: '40', address: trxTo })).code).toBe(0);

    await t.processWithdrawals();
    expect(t.chainBalance(usdtTo).usdt).toBe(micro('20'));
    expect(t.chainBalance(trxTo).trx).toBe(micro('40'));
    const records = await t.call('/v1/bank/records', { type: 'withdraw' }, { token: p.token });
    expect(records.data.list.map((r: { status: string }) => r.status)).toEqual(['completed', 'completed']);
    expect(records.data.list.some((r: object) => 'waitingReason' in r)).toBe(false);
    await t.expectLedgerOk();
  });
});
