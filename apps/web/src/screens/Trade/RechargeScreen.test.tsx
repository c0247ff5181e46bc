import type { Player } from '@lobby/contract';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TradeRecord } from '../../state/queries/bank';
import { signIn } from '../../state/session';
import { useUi } from '../../state/ui';
import { pushPlayerEvent, resetFakeRealtime, setRealtimeConnected } from '../../testing/realtime';
import { answerEachTest, loadTexts, renderScreen, settle } from '../../testing/screen';
import RechargeScreen from './RechargeScreen';

const call = vi.fn();
vi.mock('../../api', async () => ({
  ApiError: (await import('../../api/client')).ApiError,
  api: { call: (...args: unknown[]) => call(...args) },
  endSession: vi.fn(),
}));
vi.mock('@ionic/react', () => import('../../testing/screen').then((m) => m.ionicStub));
vi.mock('../../state/realtime', () => import('../../testing/realtime').then((m) => m.fakeRealtime));

const TX = 'ab'.repeat(32);
const incoming = (seen: number, status: TradeRecord['status'] = 'pending'): TradeRecord => ({
  id: 31,
  type: 'deposit',
  status,
  direction: 'in',
  currency: 'USDT',
  amount: '3000',
  fee: '0',
  toCurrency: null,
  toAmount: null,
  rate: null,
  address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
  txId: TX,
  counterparty: null,
  remark: null,
  ...(status === 'pending' ? { confirmations: { seen, needed: 19 } } : {}),
  createdAt: new Date().toISOString(),
  completedAt: null,
});

let deposits: TradeRecord[] = [];
let usdt = '0';
answerEachTest(call, {
  '/v1/bank/deposit/address': () => ({
    address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf',
    network: 'TRON',
    currencies: [{ currency: 'USDT', minAmount: '1', confirmations: 19, contractAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }],
  }),
  '/v1/bank/records': () => ({ list: deposits, total: deposits.length, page: 1, pageSize: 10 }),
  '/v1/player/balance/get': () => ({ usdt, trx: '0' }),
});

beforeAll(async () => {
  await loadTexts('en_US', ['trade']);
});
beforeEach(() => resetFakeRealtime({ connected: true }));

async function render() {
  signIn('token', { id: 1 } as unknown as Player);
  const view = await renderScreen(<RechargeScreen />);
  await settle(20);
  return view;
}

const text = (view: Awaited<ReturnType<typeof render>>, id: string) => view.byTestId(id)?.textContent?.replace(/[\u2066-\u2069]/g, '') ?? '';

describe('a deposit on its way, on the Deposit screen', () => {
  it('shows as incoming with its confirmations as soon as the server has seen it, and follows each push', async () => {
    deposits = [incoming(7)];
    const view = await render();
    expect(text(view, 'recharge-incoming-amount')).toBe('+3,000.00 USDT');
    expect(text(view, 'recharge-incoming-confirmations')).toBe('7/19 confirmations');
    expect(view.byTestId('recharge-incoming-row')?.dataset.seen).toBe('7');

    deposits = [incoming(8)];
    pushPlayerEvent('deposit', { id: 31, currency: 'USDT', amount: '3000', txId: TX, confirmations: { seen: 8, needed: 19 } });
    await settle();
    expect(text(view, 'recharge-incoming-confirmations')).toBe('8/19 confirmations');
  });

  it('says it is held for a compliance review, with no count, when it came from a sanctioned address', async () => {
    const { confirmations: _counted, ...held } = incoming(19);
    deposits = [{ ...held, heldForReview: true }];
    const view = await render();
    expect(text(view, 'recharge-incoming-amount')).toBe('+3,000.00 USDT');
    expect(text(view, 'recharge-incoming-held')).toMatch(/^Held for a compliance review/);
    expect(view.byTestId('recharge-incoming-confirmations')).toBeNull();
  });

  it('leaves when it is credited, and the balance rise is told in a success toast', async () => {
    deposits = [incoming(18)];
    const view = await render();
    expect(view.byTestId('recharge-incoming')).not.toBeNull();
    deposits = [incoming(19, 'completed')];
    usdt = '3000';
    pushPlayerEvent('balance', { usdt: '3000', trx: '0' });
    await settle(10);
    expect(view.byTestId('recharge-incoming')).toBeNull();
    expect(useUi.getState().toast).toMatchObject({ kind: 'success', text: expect.stringContaining('has arrived in your balance') });
    usdt = '0';
  });

  it('is asked after every few seconds while the socket is down', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      resetFakeRealtime({ connected: false });
      deposits = [];
      const view = await render();
      expect(view.byTestId('recharge-incoming')).toBeNull();
      deposits = [incoming(1)];
      await vi.advanceTimersByTimeAsync(5_000);
      await settle();
      expect(text(view, 'recharge-incoming-confirmations')).toBe('1/19 confirmations');
      setRealtimeConnected(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
