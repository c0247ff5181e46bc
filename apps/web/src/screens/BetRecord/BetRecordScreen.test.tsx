import { act } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ThirdGameRound } from '../../state/queries/thirdGame';
import { answerEachTest, loadTexts, renderScreen, renderSignedIn, settle, type Rendered } from '../../testing/screen';
import BetRecordScreen from './BetRecordScreen';

const call = vi.fn();
vi.mock('../../api', async () => ({
  ApiError: (await import('../../api/client')).ApiError,
  api: { call: (...args: unknown[]) => call(...args) },
  endSession: vi.fn(),
}));
vi.mock('@ionic/react', () => import('../../testing/screen').then((m) => m.ionicStub));

const round = (id: number, status: ThirdGameRound['status'], bet: string, win: string, profit: string): ThirdGameRound => ({
  id,
  round: `round-${id}`,
  aggregator: 'hub88',
  gameCode: 'demo_slot',
  gameName: 'Lucky Sevens',
  manufacturer: 'DEMO',
  gameType: 10,
  currency: 'USDT',
  betAmount: bet,
  winAmount: win,
  profitAmount: profit,
  betCount: status === 'refunded' ? 0 : 1,
  status,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:05.000Z',
  settledAt: status === 'settled' ? '2026-11-20T10:00:05.000Z' : null,
});

/** 23 rounds, newest first: a win, an open round, a refund, then 20 losses. */
const ROUNDS = [
  round(23, 'settled', '2', '5', '3'),
  round(22, 'open', '1', '0', '-1'),
  round(21, 'refunded', '0', '0', '0'),
  ...Array.from({ length: 20 }, (_, i) => round(20 - i, 'settled', '0.5', '0', '-0.5')),
];

beforeAll(async () => {
  await loadTexts('en_US', ['hash']);
});

answerEachTest(call, {
  '/v1/hashGame/betRecord': () => ({ list: [], total: 0, page: 1, pageSize: 20 }),
  '/v1/thirdGame/betRecord': () => {
    const [, body] = call.mock.calls.at(-1)!;
    const { page, pageSize, gameType } = body as { page: number; pageSize: number; gameType?: number };
    const matching = ROUNDS.filter((r) => gameType === undefined || r.gameType === gameType);
    return { list: matching.slice((page - 1) * pageSize, page * pageSize), total: matching.length, page, pageSize };
  },
  '/v1/player/balance/get': () => ({ usdt: '20', trx: '0' }),
});

const rows = (screen: Rendered) => [...screen.container.querySelectorAll<HTMLElement>('[data-testid="thirdrecord-row"]')];
const bodiesOf = (path: string) => call.mock.calls.filter(([spec]) => spec.path === path).map(([, body]) => body);

async function choose(screen: Rendered, id: string, value: string) {
  const select = screen.byTestId(id) as HTMLSelectElement;
  Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, value);
  await act(async () => select.dispatchEvent(new Event('change', { bubbles: true })));
  await settle();
}

describe('/betRecord, third-party games', () => {
  it('switches from hash bets to third-party rounds, each with its game, type, studio, bet, win, profit and status', async () => {
    const screen = await renderSignedIn(<BetRecordScreen />, { usdt: '20', trx: '0' });
    expect(screen.byTestId('betrecord-kind-hash')?.getAttribute('aria-selected')).toBe('true');
    expect(bodiesOf('/v1/thirdGame/betRecord')).toEqual([]);

    await screen.click('betrecord-kind-third');
    expect(screen.byTestId('betrecord-kind-third')?.getAttribute('aria-selected')).toBe('true');
    expect(screen.byTestId('thirdrecord-total')?.textContent).toBe('Rounds found: 23');
    expect(rows(screen)).toHaveLength(20);
    const [won, open, refunded] = rows(screen);
    expect(won.querySelector('b')?.textContent).toBe('Lucky Sevens');
    expect(won.textContent).toContain('Slots · DEMO · #round-23');
    // The amounts sit in isolate marks, so they read left to right in an Arabic sentence too.
    expect(won.querySelector('[data-testid="thirdrecord-bet"]')?.textContent).toBe('Bet \u20662.00 USDT\u2069');
    expect(won.querySelector('[data-testid="thirdrecord-win"]')?.textContent).toBe('Win \u20665.00 USDT\u2069');
    expect(won.querySelector('.status-tag')?.textContent).toBe('Settled');
    expect(won.querySelector('.bet-row__profit')?.textContent).toBe('+3.00 USDT');
    expect(open.querySelector('.status-tag')?.textContent).toBe('In progress');
    expect(open.querySelector('.bet-row__profit')?.textContent).toBe('—');
    expect(refunded.querySelector('.status-tag')?.textContent).toBe('Refunded');
    expect(rows(screen)[3].querySelector('.bet-row__profit')?.textContent).toBe('−0.50 USDT');

    await screen.click('thirdrecord-next');
    expect(rows(screen).map((r) => r.dataset.round)).toEqual(['round-3', 'round-2', 'round-1']);
  });

  it('filters by game type through the server, from the first page', async () => {
    const screen = await renderSignedIn(<BetRecordScreen />, { usdt: '20', trx: '0' });
    await screen.click('betrecord-kind-third');
    await screen.click('thirdrecord-next');
    await choose(screen, 'thirdrecord-type', '11');
    expect(bodiesOf('/v1/thirdGame/betRecord').at(-1)).toEqual({ page: 1, pageSize: 20, gameType: 11 });
    expect(screen.byTestId('thirdrecord-empty')?.textContent).toContain('No rounds match these filters');
    await screen.click('thirdrecord-clear');
    expect(rows(screen)).toHaveLength(20);
  });

  it('asks a visitor to log in and asks the server nothing', async () => {
    const screen = await renderScreen(<BetRecordScreen />);
    expect(screen.byTestId('betrecord-visitor')).not.toBeNull();
    expect(call).not.toHaveBeenCalled();
  });
});
