import { GameType } from '@lobby/contract';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReportBet } from '../../state/queries/report';
import { changeLanguage } from '../../i18n';
import { hashGameName } from '../../lib/games';
import { useSettings } from '../../state/settings';
import { loadTexts, renderScreen, renderSignedIn, resetApp, type Rendered } from '../../testing/screen';
import { shanghaiDay, shiftDay } from '../Promotion/days';
import ReportScreen from './ReportScreen';

const call = vi.fn();
vi.mock('../../api', async () => ({
  ApiError: (await import('../../api/client')).ApiError,
  api: { call: (...args: unknown[]) => call(...args) },
  endSession: vi.fn(),
}));
vi.mock('@ionic/react', () => import('../../testing/screen').then((m) => m.ionicStub));
// uPlot draws on a canvas, which the test DOM does not have; the series it is given is what matters here.
vi.mock('./ReportChart', () => ({
  default: ({ days }: { days: { day: string; winLose: bigint; turnover: bigint }[] }) => (
    <div data-testid="report-chart-plot">{days.map((d) => `${d.day}:${d.winLose}/${d.turnover}`).join(' ')}</div>
  ),
}));

const TODAY = shanghaiDay();
/** Bets of the last days, newest first: [win/loss, valid turnover] in micro-units. */
const DAILY: [bigint, bigint][] = [
  [2_500_000n, 10_000_000n],
  [0n, 0n],
  [-7_000_001n, 20_000_000n],
  [0n, 0n],
  [0n, 0n],
  [1n, 3_000_000n],
  [0n, 0n],
];

const units = (micro: bigint) => {
  const negative = micro < 0n;
  const abs = negative ? -micro : micro;
  return `${negative ? '-' : ''}${abs / 1_000_000n}.${(abs % 1_000_000n).toString().padStart(6, '0')}`;
};

/** The window of the last N days as the server answers it: sums of the daily figures, and every day oldest first. */
function windowOf(lastDay: number) {
  const days = Array.from({ length: lastDay }, (_, back) => DAILY[back] ?? ([0n, 0n] as [bigint, bigint]));
  const winLose = days.reduce((sum, [w]) => sum + w, 0n);
  const turnover = days.reduce((sum, [, v]) => sum + v, 0n);
  const from = new Date(`${shiftDay(TODAY, -(lastDay - 1))}T00:00:00+08:00`).toISOString();
  return {
    currencyCode: 'USDT',
    from,
    to: new Date(`${shiftDay(TODAY, 1)}T00:00:00+08:00`).toISOString(),
    betCount: days.filter(([, v]) => v > 0n).length,
    betAmount: units(turnover),
    validBetAmount: units(turnover),
    payoutAmount: units(turnover + winLose),
    winLoseAmount: units(winLose),
    bonusAmount: '0',
    depositAmount: '100',
    withdrawAmount: '0',
    days: days
      .map(([w, v], back) => ({
        day: shiftDay(TODAY, -back),
        betAmount: units(v),
        validBetAmount: units(v),
        payoutAmount: units(v + w),
        winLoseAmount: units(w),
      }))
      .reverse(),
  };
}

const bet = (id: number, gameType: 1 | 10, winLose: string | null): ReportBet => ({
  id,
  gameType,
  gameId: gameType === GameType.HASH ? 1 : 5001,
  gameName: gameType === GameType.HASH ? 'Hash Big/Small' : 'Lucky Sevens',
  manufacturer: gameType === GameType.HASH ? 'Hash Lobby' : 'Pocket Studio',
  betAmount: '10',
  validBetAmount: '10',
  payoutAmount: winLose === null ? null : '12.5',
  winLoseAmount: winLose,
  status: winLose === null ? 1 : 4,
  betAt: '2026-11-20T10:00:00.000Z',
  settledAt: winLose === null ? null : '2026-11-20T10:00:03.000Z',
});

const HASH_BETS = Array.from({ length: 23 }, (_, index) => bet(100 + index, GameType.HASH, index === 0 ? null : index % 2 ? '2.5' : '-10'));

function request<T>(path: string): T {
  return call.mock.calls.filter(([spec]) => spec.path === path).at(-1)![1] as T;
}

type Body = { lastDay: number; gameType: number; page: number; pageSize: number };
const ROUTES: Record<string, (body: Body) => unknown> = {
  '/v1/reportForm/winOrLoseForm': ({ lastDay }) => windowOf(lastDay),
  '/v1/reportForm/betFormSummary': () => ({
    ...windowOf(7),
    total: { betCount: 3, betAmount: '33', validBetAmount: '33', payoutAmount: '28.499999', winLoseAmount: '-4.500001' },
    byGameType: [
      { gameType: GameType.HASH, betCount: 2, betAmount: '30', validBetAmount: '30', payoutAmount: '25.499999', winLoseAmount: '-4.500001' },
      { gameType: GameType.SLOT, betCount: 1, betAmount: '3', validBetAmount: '3', payoutAmount: '3.000001', winLoseAmount: '0.000001' },
    ],
  }),
  '/v1/reportForm/betFormDetail': ({ gameType, page, pageSize }) => {
    const list = gameType === GameType.HASH ? HASH_BETS : [bet(900, GameType.SLOT, '0.000001')];
    return { list: list.slice((page - 1) * pageSize, page * pageSize), total: list.length, page, pageSize };
  },
  '/v1/player/balance/get': () => ({ usdt: '10', trx: '0' }),
};

beforeEach(() => {
  resetApp();
  call.mockReset();
  call.mockImplementation((spec: { path: string }, body: Body) => {
    const route = ROUTES[spec.path];
    return route ? Promise.resolve().then(() => route(body)) : Promise.reject(new Error(`unexpected call ${spec.path}`));
  });
});

beforeAll(async () => {
  await loadTexts('en_US', ['referral', 'trade', 'vip']);
});

const text = (screen: Rendered, id: string) => screen.byTestId(id)?.textContent?.trim();

describe('/report', () => {
  it('shows the totals of the last 7 days, the loss signed', async () => {
    const screen = await renderSignedIn(<ReportScreen />, { usdt: '10', trx: '0' });
    expect(text(screen, 'report-winlose')).toBe('-4.50 USDT');
    expect(text(screen, 'report-valid-bet')).toBe('33.00 USDT');
    expect(text(screen, 'report-deposit')).toBe('100.00 USDT');
  });

  it('charts every day of the window from the one call that brings its totals, exact to the micro-unit, oldest first', async () => {
    const screen = await renderSignedIn(<ReportScreen />, { usdt: '10', trx: '0' });
    const days = [...DAILY].reverse().map(([w, v], index) => `${shiftDay(TODAY, index - 6)}:${w}/${v}`);
    expect(text(screen, 'report-chart-plot')).toBe(days.join(' '));
    const lastDays = call.mock.calls.filter(([spec]) => spec.path === '/v1/reportForm/winOrLoseForm').map(([, body]) => body.lastDay);
    expect(new Set(lastDays)).toEqual(new Set([7]));
  });

  it('charts 30 days with one call, the days without bets at zero', async () => {
    const screen = await renderSignedIn(<ReportScreen />, { usdt: '10', trx: '0' });
    await screen.click('report-period-30');
    const plotted = text(screen, 'report-chart-plot')!.split(' ');
    expect(plotted).toHaveLength(30);
    expect(plotted[0]).toBe(`${shiftDay(TODAY, -29)}:0/0`);
    expect(plotted.at(-1)).toBe(`${TODAY}:${DAILY[0]![0]}/${DAILY[0]![1]}`);
    const lastDays = call.mock.calls.filter(([spec]) => spec.path === '/v1/reportForm/winOrLoseForm').map(([, body]) => body.lastDay);
    expect(lastDays.filter((lastDay) => lastDay === 30)).toHaveLength(1);
    expect(new Set(lastDays)).toEqual(new Set([7, 30]));
  });

  it('sums per game type and lists the bets of the type picked, 20 at a time', async () => {
    const screen = await renderSignedIn(<ReportScreen />, { usdt: '10', trx: '0' });
    expect(text(screen, `report-type-${GameType.HASH}`)).toContain('-4.500001 USDT');
    expect(text(screen, `report-type-${GameType.SLOT}`)).toContain('+0.000001 USDT');
    const rows = () => screen.container.querySelectorAll('[data-testid="report-bet"]');
    expect(rows()).toHaveLength(20);
    expect(rows()[0].textContent).toContain('In progress');
    expect(rows()[1].textContent).toContain('+2.50 USDT');
    await screen.click('report-details-more');
    expect(rows()).toHaveLength(23);
    await screen.click(`report-type-${GameType.SLOT}`);
    expect(rows()).toHaveLength(1);
    expect(rows()[0].textContent).toContain('Lucky Sevens');
    expect(request<{ gameType: number; currencyCode: string; lastDay: number }>('/v1/reportForm/betFormDetail')).toMatchObject({
      gameType: GameType.SLOT,
      currencyCode: 'USDT',
      lastDay: 7,
    });
  });

  it('names hash games in the language of the player, not in the English of the server', async () => {
    await changeLanguage('th_TH');
    await loadTexts('th_TH', ['referral', 'trade', 'vip']);
    useSettings.setState({ language: 'th_TH' });
    try {
      const screen = await renderSignedIn(<ReportScreen />, { usdt: '10', trx: '0' });
      const names = [...screen.container.querySelectorAll('[data-testid="report-bet-name"]')].map((el) => el.textContent);
      expect(names[0]).toBe(hashGameName(1, 'th_TH'));
      expect(names[0]).not.toBe('Hash Big/Small');
      expect(names[0]).toMatch(/[\u0E00-\u0E7F]/);
    } finally {
      useSettings.setState({ language: 'en_US' });
      await changeLanguage('en_US');
    }
  });

  it('reads the chosen period and currency', async () => {
    const screen = await renderSignedIn(<ReportScreen />, { usdt: '10', trx: '0' });
    await screen.click('report-currency-TRX');
    await screen.click('report-period-30');
    expect(request<{ currencyCode: string; lastDay: number }>('/v1/reportForm/betFormSummary')).toEqual({ currencyCode: 'TRX', lastDay: 30 });
  });

  it('asks a visitor to log in and calls nothing', async () => {
    const screen = await renderScreen(<ReportScreen />);
    expect(screen.byTestId('report-visitor')).not.toBeNull();
    expect(call).not.toHaveBeenCalled();
  });
});
