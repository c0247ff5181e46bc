import { BonusRecordType } from '@lobby/contract';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { BonusRecord, WageringState } from '../../state/queries/bonus';
import { answerEachTest, loadTexts, renderScreen, renderSignedIn, type Rendered } from '../../testing/screen';
import BonusRecordScreen from './BonusRecordScreen';

const call = vi.fn();
vi.mock('../../api', async () => ({
  ApiError: (await import('../../api/client')).ApiError,
  api: { call: (...args: unknown[]) => call(...args) },
  endSession: vi.fn(),
}));
vi.mock('@ionic/react', () => import('../../testing/screen').then((m) => m.ionicStub));

const record = (id: number, bonusType: BonusRecord['bonusType'], amount: string, wageringAdded: string): BonusRecord => ({
  id,
  activityId: null,
  bonusType,
  title: '',
  amount,
  currency: 'USDT',
  wageringAdded,
  createdAt: '2026-11-20T10:00:00.000Z',
});

/** 45 records: a rebate, a level-up gift, then 43 more gifts, 20 to a page. */
const ALL = [
  record(45, BonusRecordType.REBATE, '0.123456', '0.123456'),
  record(44, BonusRecordType.VIP_LEVEL_GIFT, '18', '18'),
  ...Array.from({ length: 43 }, (_, i) => record(43 - i, BonusRecordType.VIP_LEVEL_GIFT, '1', '1')),
];
let wagering: WageringState[] = [];

beforeAll(async () => {
  await loadTexts('en_US', ['vip', 'trade']);
});

answerEachTest(call, {
  '/v1/reportForm/activityForm': (body: { page: number; pageSize: number; bonusType?: number }) => {
    const { page, pageSize, bonusType } = body;
    const matching = ALL.filter((r) => bonusType === undefined || r.bonusType === bonusType);
    return { list: matching.slice((page - 1) * pageSize, page * pageSize), page, pageSize, total: matching.length };
  },
  '/v1/bonus/wagering': () => wagering,
  '/v1/player/balance/get': () => ({ usdt: '20', trx: '0' }),
});

const text = (screen: Rendered, id: string) => screen.byTestId(id)?.textContent?.trim();
const rows = (screen: Rendered) => [...screen.container.querySelectorAll<HTMLElement>('[data-testid="bonus-row"]')];

describe('/bonusRecord', () => {
  it('lists each bonus with its type, exact amount, time and the wagering it added, a page at a time', async () => {
    const screen = await renderSignedIn(<BonusRecordScreen />, { usdt: '20', trx: '0' });
    expect(rows(screen)).toHaveLength(20);
    const first = rows(screen)[0];
    expect(first.querySelector('b')?.textContent).toBe('Rebate');
    expect(first.querySelector('[data-testid="bonus-amount"]')?.textContent).toBe('+0.123456 USDT');
    expect(first.querySelector('[data-testid="bonus-wagering"]')?.textContent).toBe('Wagering added 0.123456 USDT');
    expect(first.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-20T10:00:00.000Z');
    await screen.click('bonus-more');
    await screen.click('bonus-more');
    expect(rows(screen)).toHaveLength(45);
    expect(text(screen, 'bonus-end')).toBe("That's everything");
  });

  it('filters by type through the server', async () => {
    const screen = await renderSignedIn(<BonusRecordScreen />, { usdt: '20', trx: '0' });
    await screen.click(`bonus-type-${BonusRecordType.REBATE}`);
    expect(rows(screen).map((r) => r.dataset.id)).toEqual(['45']);
    const [, body] = call.mock.calls.filter(([spec]) => spec.path === '/v1/reportForm/activityForm').at(-1)!;
    expect(body).toMatchObject({ bonusType: BonusRecordType.REBATE, page: 1 });
    await screen.click(`bonus-type-${BonusRecordType.SIGN_IN}`);
    expect(screen.byTestId('bonus-empty')).not.toBeNull();
  });

  it('asks a visitor to log in and asks the server nothing', async () => {
    const screen = await renderScreen(<BonusRecordScreen />);
    expect(screen.byTestId('bonusRecord-visitor')).not.toBeNull();
    expect(call).not.toHaveBeenCalled();
  });
});
