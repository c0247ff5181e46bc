import { GameType } from '@lobby/contract';
import { Navigate, Route, Routes } from 'react-router-dom';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Performance, PerformanceRequest } from '../../state/queries/referral';
import { answerEachTest, loadTexts, renderSignedIn, type Rendered } from '../../testing/screen';
import { shanghaiDay, shiftDay } from './days';
import PerformanceScreen, { readPerformancePath } from './PerformanceScreen';

const call = vi.fn();
vi.mock('../../api', async () => ({
  ApiError: (await import('../../api/client')).ApiError,
  api: { call: (...args: unknown[]) => call(...args) },
  endSession: vi.fn(),
}));
vi.mock('@ionic/react', () => import('../../testing/screen').then((m) => m.ionicStub));

const TODAY = shanghaiDay();
const asked = () => call.mock.calls.filter(([spec]) => spec.path === '/v1/referral/performance').map(([, body]) => body as PerformanceRequest);

answerEachTest(call, {
  '/v1/referral/performance': (): Performance => {
    const request = asked().at(-1)!;
    const busy = request.selectDay === '2026-11-20';
    return {
      day: request.selectDay,
      isTeam: request.isTeam,
      gameType: request.gameType ?? null,
      currency: request.currencyCode,
      newMembers: busy ? 2 : 0,
      firstDepositCount: busy ? 1 : 0,
      depositCount: busy ? 3 : 0,
      depositAmount: busy ? '250.5' : '0',
      validTurnover: busy ? '1000' : '0',
      commission: busy ? '3.000001' : '0',
      byGameType: busy ? [{ gameType: GameType.HASH, validTurnover: '1000', commission: '3.000001' }] : [],
    };
  },
  '/v1/player/balance/get': () => ({ usdt: '10', trx: '0' }),
});

beforeAll(async () => {
  await loadTexts('en_US', ['referral', 'trade', 'vip']);
});

const at = (path: string) => (
  <Routes>
    <Route path="/performance/details/:isTeam/:gameType/:currencyCode/:selectDay" element={<PerformanceScreen />} />
    <Route path="*" element={<Navigate to={path} replace />} />
  </Routes>
);
const text = (screen: Rendered, id: string) => screen.byTestId(id)?.textContent?.trim();

describe('/performance/details/{isTeam}/{gameType}/{currencyCode}/{selectDay}', () => {
  it('asks for the day, scope, game type and currency of its path and shows the figures', async () => {
    const screen = await renderSignedIn(at('/performance/details/1/0/USDT/2026-11-20'), { usdt: '10', trx: '0' });
    expect(asked().at(-1)).toEqual({ isTeam: 1, currencyCode: 'USDT', selectDay: '2026-11-20' });
    expect(text(screen, 'performance-new-members')).toBe('2');
    expect(text(screen, 'performance-first-deposits')).toBe('1');
    expect(text(screen, 'performance-deposits')).toBe('250.50 USDT');
    expect(text(screen, 'performance-commission')).toBe('3.000001 USDT');
    expect(text(screen, `performance-type-${GameType.HASH}`)).toContain('Hash');
  });

  it('moves day by day and between scopes, never past today', async () => {
    const screen = await renderSignedIn(at(`/performance/details/0/${GameType.SLOT}/TRX/${shiftDay(TODAY, -1)}`), { usdt: '10', trx: '0' });
    expect(asked().at(-1)).toEqual({ isTeam: 0, gameType: GameType.SLOT, currencyCode: 'TRX', selectDay: shiftDay(TODAY, -1) });
    expect(screen.byTestId('performance-quiet')).not.toBeNull();
    await screen.click('performance-next-day');
    expect(asked().at(-1)?.selectDay).toBe(TODAY);
    expect((screen.byTestId('performance-next-day') as HTMLButtonElement).disabled).toBe(true);
    await screen.click('performance-scope-1');
    expect(asked().at(-1)).toMatchObject({ isTeam: 1, selectDay: TODAY });
  });

  it('reads an unreadable path as the team, all games, USDT, today', () => {
    expect(readPerformancePath({ isTeam: 'x', gameType: '99', currencyCode: 'BTC', selectDay: '2026-02-30' }, TODAY)).toEqual({
      isTeam: 1,
      gameType: GameType.NONE,
      currencyCode: 'USDT',
      selectDay: TODAY,
    });
    expect(readPerformancePath({ isTeam: '0', gameType: '10', currencyCode: 'trx', selectDay: shiftDay(TODAY, 1) }, TODAY)).toMatchObject({
      isTeam: 0,
      gameType: GameType.SLOT,
      currencyCode: 'TRX',
      selectDay: TODAY,
    });
  });
});
