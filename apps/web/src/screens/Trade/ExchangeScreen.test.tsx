import { ErrorCode } from '@lobby/contract';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { useUi } from '../../state/ui';
import { answerEachTest, loadTexts, renderSignedIn, router, type Rendered } from '../../testing/screen';
import type { BalancesIn } from '../../state/queries/balances';
import ExchangeScreen from './ExchangeScreen';

const call = vi.fn();
vi.mock('../../api', async () => ({
  ApiError: (await import('../../api/client')).ApiError,
  api: { call: (...args: unknown[]) => call(...args) },
  endSession: vi.fn(),
}));
vi.mock('@ionic/react', () => import('../../testing/screen').then((m) => m.ionicStub));

// The operator's rate 6.4321 TRX per USDT less a 1% spread each way; limits 1 to 100,000 USDT.
const CONFIG = {
  enabled: true,
  pairs: [
    { from: 'USDT', to: 'TRX', rate: '6.367779', minAmount: '1', maxAmount: '100000' },
    { from: 'TRX', to: 'USDT', rate: '0.153915', minAmount: '6.4321', maxAmount: '643210' },
  ],
  quotedAt: new Date().toISOString(),
};

let balances: BalancesIn = { usdt: '20', trx: '0' };
let submitReply: () => Promise<unknown> = () => Promise.reject(new Error('no exchange expected'));

beforeAll(async () => {
  await loadTexts('en_US', ['trade']);
});

answerEachTest(call, {
  '/v1/bank/currency_exchange/config': () => CONFIG,
  '/v1/player/balance/get': () => balances,
  '/v1/bank/currency_exchange/submit': () => submitReply(),
  '/v1/bonus/wagering': () => [
    { currency: 'USDT', outstanding: '750', required: '1000', wagered: '250', cash: '20', bonus: '100', experience: false, guardsCash: false },
  ],
});

async function openExchange(held: BalancesIn): Promise<Rendered> {
  balances = held;
  return renderSignedIn(<ExchangeScreen />, held);
}

const text = (screen: Rendered, id: string) => screen.byTestId(id)?.textContent?.trim();
const submits = () => call.mock.calls.filter(([spec]) => spec.path === '/v1/bank/currency_exchange/submit');

describe('/trade/Exchange amounts', () => {
  it('reads with two decimals and thousands separated, cut towards the safe side', async () => {
    const screen = await openExchange({ usdt: '20', trx: '20000' });
    await screen.click('exchange-swap');
    await screen.type('exchange-amount', '12345.678');
    // 12,345.678 TRX × 0.153915 = 1,900.185029… USDT: shown cut to the cent, never more than arrives.
    expect(text(screen, 'exchange-receive')).toBe('1,900.18');
    // The smallest exchange, 6.4321 TRX, rounds up so that typing the figure shown is accepted.
    expect(text(screen, 'exchange-limits')).toContain('6.44 – 643,210.00 TRX');
  });

  it('shows the minimum before anything is submitted, and a smaller amount as it is typed', async () => {
    const screen = await openExchange({ usdt: '20', trx: '20000' });
    await screen.click('exchange-swap');
    expect(text(screen, 'exchange-minimum')).toBe('Minimum 6.44 TRX');
    await screen.type('exchange-amount', '3');
    expect(text(screen, 'exchange-amount-error')).toBe('The minimum is 6.44 TRX');
    expect(submits()).toHaveLength(0);
  });
});

describe('/trade/Exchange without the funds', () => {
  it('offers a deposit leading to the recharge screen when the amount is over the balance', async () => {
    const screen = await openExchange({ usdt: '20', trx: '0' });
    await screen.type('exchange-amount', '50');
    await screen.click('exchange-submit');
    expect(submits()).toHaveLength(0);
    expect(screen.byTestId('insufficient-funds')!.textContent).toContain('USDT');
    await screen.click('popup-confirm');
    expect(router.push).toHaveBeenCalledWith('/trade/Recharge');
  });

  it('offers the same deposit when the server refuses for funds (21002)', async () => {
    submitReply = () => Promise.reject(new ApiError('business', 'Insufficient balance', { code: ErrorCode.INSUFFICIENT_BALANCE, handled: false }));
    const screen = await openExchange({ usdt: '100', trx: '0' });
    await screen.type('exchange-amount', '50');
    await screen.click('exchange-submit');
    expect(submits()).toHaveLength(1);
    // The refusal is read against the catalogue's texts first, which load on demand.
    await vi.waitFor(() => expect(screen.byTestId('insufficient-funds')).not.toBeNull());
    expect(useUi.getState().toast).toBeNull();
  });
});

describe('/trade/Exchange with a bonus', () => {
  const held = { usdt: '120', trx: '0', cash: { usdt: '20', trx: '0' }, bonus: { usdt: '100', trx: '0' } };

  it('exchanges cash only: the balance offered is the cash, the bonus is shown locked', async () => {
    await loadTexts('en_US', ['trade', 'bonus']);
    const screen = await openExchange(held);
    expect(text(screen, 'exchange-balance')).toBe('20.00');
    expect(text(screen, 'exchange-bonus-bonus')).toBe('100.00 USDT');
    await screen.click('exchange-all');
    expect((screen.byTestId('exchange-amount')!.querySelector('input') ?? (screen.byTestId('exchange-amount') as HTMLInputElement)).value).toBe('20');
  });

  it('refuses more than the cash without offering a deposit when the bonus would cover it', async () => {
    const screen = await openExchange(held);
    await screen.type('exchange-amount', '50');
    await screen.click('exchange-submit');
    expect(submits()).toHaveLength(0);
    expect(text(screen, 'exchange-amount-error')).toBe('More than your cash');
    expect(screen.byTestId('insufficient-funds')).toBeNull();
  });
});
