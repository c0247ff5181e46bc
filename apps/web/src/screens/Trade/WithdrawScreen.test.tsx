import { ErrorCode } from '@lobby/contract';
import type { TradeRecord } from '../../state/queries/bank';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { useUi } from '../../state/ui';
import { answerEachTest, answering, loadTexts, renderSignedIn, router, type Rendered } from '../../testing/screen';
import { useTwoFactorPrompt } from '../Security/twoFactor';
import WithdrawScreen from './WithdrawScreen';

const call = vi.fn();
vi.mock('../../api', async () => ({
  ApiError: (await import('../../api/client')).ApiError,
  api: { call: (...args: unknown[]) => call(...args) },
  endSession: vi.fn(),
}));
vi.mock('@ionic/react', () => import('../../testing/screen').then((m) => m.ionicStub));

// USDT withdrawals of 10 to 50,000 with a 1 USDT fee; everything the player holds may leave.
function cashoutConfig(withdrawable: { usdt: string; trx: string }) {
  const terms = { enabled: true, minAmount: '10', maxAmount: '50000', fee: '1', reviewThreshold: '2000', dailyCountLimit: 0, dailyCountUsed: 0 };
  return {
    hasFundPassword: true,
    currencies: [
      { ...terms, currency: 'USDT', withdrawable: withdrawable.usdt },
      { ...terms, currency: 'TRX', withdrawable: withdrawable.trx },
    ],
  };
}

const ADDRESSES = [
  { id: 3, address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8', label: 'My wallet', createdAt: '2024-05-01T10:00:00.000Z', usableAt: '2024-05-02T10:00:00.000Z' },
];

let balances = { usdt: '30', trx: '0' };
let submitReply: () => Promise<unknown> = () => Promise.reject(new Error('no withdrawal expected'));

beforeAll(async () => {
  await loadTexts('en_US', ['trade']);
});

answerEachTest(call, {
  '/v1/bank/cashout/config': () => cashoutConfig(balances),
  '/v1/player/cashout_address/list': () => ADDRESSES,
  '/v1/player/balance/get': () => balances,
  '/v1/bank/cashout/submit': () => submitReply(),
});

async function openWithdraw(held: { usdt: string; trx: string }): Promise<Rendered> {
  balances = held;
  return renderSignedIn(<WithdrawScreen />, held);
}

async function fillWithdrawal(screen: Rendered, amount: string): Promise<void> {
  await screen.type('withdraw-amount', amount);
  await screen.type('withdraw-fund-password', '482615');
}

const submits = () => call.mock.calls.filter(([spec]) => spec.path === '/v1/bank/cashout/submit');

describe('/trade/Withdraw without the funds', () => {
  it('offers a deposit leading to the recharge screen when the amount is over the balance', async () => {
    const screen = await openWithdraw({ usdt: '30', trx: '0' });
    await fillWithdrawal(screen, '45');
    await screen.click('withdraw-submit');
    expect(submits()).toHaveLength(0);
    expect(screen.byTestId('withdraw-amount-error')!.textContent).toBe('More than you can withdraw now');
    expect(screen.byTestId('insufficient-funds')!.textContent).toContain('USDT');
    await screen.click('popup-confirm');
    expect(router.push).toHaveBeenCalledWith('/trade/Recharge');
  });

  it('offers no deposit when the balance is there but part of it may not leave yet', async () => {
    balances = { usdt: '100', trx: '0' };
    call.mockImplementation(
      answering({
        '/v1/bank/cashout/config': () => cashoutConfig({ usdt: '20', trx: '0' }),
        '/v1/player/cashout_address/list': () => ADDRESSES,
        '/v1/player/balance/get': () => balances,
      }),
    );
    const screen = await openWithdraw(balances);
    await fillWithdrawal(screen, '45');
    await screen.click('withdraw-submit');
    expect(submits()).toHaveLength(0);
    expect(screen.byTestId('withdraw-amount-error')!.textContent).toBe('More than you can withdraw now');
    expect(screen.byTestId('insufficient-funds')).toBeNull();
  });

  it('offers the same deposit when the server refuses for funds (21002)', async () => {
    submitReply = () => Promise.reject(new ApiError('business', 'Insufficient balance', { code: ErrorCode.INSUFFICIENT_BALANCE, handled: false }));
    const screen = await openWithdraw({ usdt: '100', trx: '0' });
    await fillWithdrawal(screen, '45');
    await screen.click('withdraw-submit');
    expect(submits()).toHaveLength(1);
    // The refusal is read against the catalogue's texts first, which load on demand.
    await vi.waitFor(() => expect(screen.byTestId('insufficient-funds')).not.toBeNull(), { timeout: 5_000 });
    expect(useUi.getState().toast).toBeNull();
  });
});

describe('/trade/Withdraw once sent', () => {
  const sent: TradeRecord = {
    id: 9,
    type: 'withdraw',
    status: 'completed',
    direction: 'out',
    currency: 'USDT',
    amount: '25',
    fee: '1',
    toCurrency: null,
    toAmount: null,
    rate: null,
    address: ADDRESSES[0].address,
    txId: 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90',
    counterparty: null,
    remark: null,
    createdAt: '2024-05-01T10:00:00.000Z',
    completedAt: '2024-05-01T10:01:00.000Z',
  };

  it('shows its transaction without an explorer link when the site settings name none (the devnet)', async () => {
    call.mockImplementation(
      answering({
        '/v1/bank/cashout/config': () => cashoutConfig(balances),
        '/v1/player/cashout_address/list': () => ADDRESSES,
        '/v1/player/balance/get': () => balances,
        '/v1/bank/cashout/submit': () => ({ record: sent, balances: { usdt: '5', trx: '0' } }),
        '/v1/bank/records': () => ({ list: [sent], total: 1, page: 1, pageSize: 20 }),
        '/v1/notice/configSync': () => ({ version: 1, changed: true, items: { links: { chat: '/chat' } } }),
      }),
    );
    const screen = await openWithdraw({ usdt: '30', trx: '0' });
    await fillWithdrawal(screen, '25');
    await screen.click('withdraw-submit');
    const tx = screen.byTestId('withdraw-tx')!;
    expect(tx.tagName).toBe('SPAN');
    expect(screen.byTestId('withdraw-result')!.querySelector('a')).toBeNull();
    expect(tx.title).toBe(sent.txId);
  });
});

describe('/trade/Withdraw with a bonus', () => {
  it('offers the cash as available and shows the bonus locked with its wagering progress', async () => {
    const held = { usdt: '1000', trx: '0', cash: { usdt: '900', trx: '0' }, bonus: { usdt: '100', trx: '0' } };
    call.mockImplementation(
      answering({
        '/v1/bank/cashout/config': () => cashoutConfig({ usdt: '900', trx: '0' }),
        '/v1/player/cashout_address/list': () => ADDRESSES,
        '/v1/player/balance/get': () => held,
        '/v1/bonus/wagering': () => [
          { currency: 'USDT', outstanding: '750', required: '1000', wagered: '250', cash: '900', bonus: '100', experience: false, guardsCash: false },
        ],
      }),
    );
    await loadTexts('en_US', ['trade', 'bonus']);
    const screen = await openWithdraw(held);
    expect(screen.byTestId('withdraw-available')!.textContent).toBe('900.00 USDT');
    expect(screen.byTestId('withdraw-bonus-cash')!.textContent).toBe('900.00 USDT');
    expect(screen.byTestId('withdraw-bonus-bonus')!.textContent).toBe('100.00 USDT');
    expect(screen.byTestId('withdraw-bonus-wagered')!.textContent).toBe('250.00 / 1,000.00 USDT');
    expect(screen.byTestId('withdraw-bonus-forfeit')).not.toBeNull();
    // The locked bonus is said once, in the panel, not again as a locked part of the cash.
    expect(screen.byTestId('withdraw-locked')).toBeNull();
    await screen.click('withdraw-all');
    expect((screen.byTestId('withdraw-amount')!.querySelector('input') ?? (screen.byTestId('withdraw-amount') as HTMLInputElement)).value).toBe('900');
  });
});

describe('/trade/Withdraw with account security', () => {
  it('asks for the two-factor code when the server wants one (10065) and sends the withdrawal again with it', async () => {
    submitReply = () => Promise.reject(new ApiError('business', 'Enter your two-factor code', { code: ErrorCode.TWO_FACTOR_REQUIRED, handled: false }));
    const screen = await openWithdraw({ usdt: '100', trx: '0' });
    await fillWithdrawal(screen, '20');
    await screen.click('withdraw-submit');
    await vi.waitFor(() => expect(useTwoFactorPrompt.getState().request?.reason).toBe('withdraw'));
    submitReply = () => Promise.reject(new ApiError('business', 'stop here', { code: ErrorCode.FUND_PASSWORD_WRONG, handled: false }));
    useTwoFactorPrompt.getState().request?.resolve('246810');
    await vi.waitFor(() => expect(submits()).toHaveLength(2));
    expect(submits()[0][1]).not.toHaveProperty('twoFactorCode');
    expect(submits()[1][1]).toMatchObject({ addressId: 3, amount: '20', twoFactorCode: '246810' });
    expect(submits()[1][1].requestId).toBe(submits()[0][1].requestId);
  });

  it("says from when an address still waiting may be used (10066), in the player's time, beside the address", async () => {
    const usableAt = '2030-01-02T08:30:00.000Z';
    submitReply = () =>
      Promise.reject(
        new ApiError('business', `A new withdrawal address can be used from ${usableAt}`, {
          code: ErrorCode.ADDRESS_WAITING,
          data: { usableAt },
          handled: false,
        }),
      );
    const screen = await openWithdraw({ usdt: '100', trx: '0' });
    await fillWithdrawal(screen, '20');
    await screen.click('withdraw-submit');
    await vi.waitFor(() => expect(screen.byTestId('withdraw-address-error')?.textContent).toMatch(/^A new withdrawal address can be used from .*2030/));
    expect(screen.byTestId('withdraw-address-error')?.textContent).not.toContain(usableAt);
  });
});
