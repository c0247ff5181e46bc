import { ErrorCode, type Player } from '@lobby/contract';
import { act } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, type ApiEvents } from '../../api/client';
import { signIn } from '../../state/session';
import { answerEachTest, loadTexts, renderScreen, settle } from '../../testing/screen';
import { intervalsPassed, RealityCheckHost } from './RealityCheckHost';
import { refusalText } from './refusal';
import { formatMoment } from './useProtectionT';

const call = vi.fn();
vi.mock('../../api', async () => ({
  ApiError: (await import('../../api/client')).ApiError,
  api: { call: (...args: unknown[]) => call(...args) },
  endSession: vi.fn(),
}));
vi.mock('@ionic/react', () => import('../../testing/screen').then((m) => m.ionicStub));

const MINUTE = 60_000;
let sessionStartedAt = '';

beforeAll(async () => {
  await loadTexts('en_US', ['protection']);
});

const state = { limits: [], realityCheckMinutes: 15, pause: null, held: [], limitOfferAnswered: { registration: true, firstDeposit: true } };

answerEachTest(call, {
  '/v1/player/protection/get': () => state,
  '/v1/player/protection/reality_check': () => ({
    sessionStartedAt,
    elapsedMinutes: Math.floor((Date.now() - Date.parse(sessionStartedAt)) / MINUTE),
    net: [
      { currency: 'USDT', amount: '-12.5' },
      { currency: 'TRX', amount: '0' },
    ],
    intervalMinutes: 15,
  }),
});

const realityChecksAsked = () => call.mock.calls.filter(([spec]) => spec.path === '/v1/player/protection/reality_check').length;

describe('the reality check', () => {
  it('counts whole intervals of the session by the device clock against the server’s start', () => {
    const start = '2026-11-27T10:00:00.000Z';
    expect(intervalsPassed(start, 15, Date.parse(start) + 14 * MINUTE)).toBe(0);
    expect(intervalsPassed(start, 15, Date.parse(start) + 15 * MINUTE)).toBe(1);
    expect(intervalsPassed(start, 15, Date.parse(start) + 61 * MINUTE)).toBe(4);
    expect(intervalsPassed(start, 60, Date.parse(start) - MINUTE)).toBe(0);
  });

  it('appears when an interval of the session ends, with the time played and the net result, and waits for the next after "continue"', async () => {
    sessionStorage.clear();
    // 15 minutes of the session are over 300 ms from now.
    sessionStartedAt = new Date(Date.now() - 15 * MINUTE + 300).toISOString();
    signIn('token', { id: 1 } as unknown as Player);
    const screen = await renderScreen(<RealityCheckHost />);
    expect(screen.byTestId('reality-check')).toBeNull();
    await vi.waitFor(() => expect(screen.byTestId('reality-check')).not.toBeNull(), { timeout: 3000 });
    await settle();
    expect(screen.byTestId('reality-check-elapsed')?.textContent).toBe('You have been playing for 15 min');
    // Only what moved is listed: a loss of 12.50 USDT.
    expect(screen.byTestId('reality-check-net')?.textContent).toBe('Result this session−12.50 USDT');
    await screen.click('reality-check-continue');
    expect(screen.byTestId('reality-check')).toBeNull();
    const asked = realityChecksAsked();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.byTestId('reality-check')).toBeNull();
    expect(realityChecksAsked()).toBe(asked);
  });

  it('does not show at once for intervals that passed before the app learned of the session', async () => {
    sessionStorage.clear();
    sessionStartedAt = new Date(Date.now() - 20 * MINUTE).toISOString();
    signIn('token', { id: 1 } as unknown as Player);
    const screen = await renderScreen(<RealityCheckHost />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(screen.byTestId('reality-check')).toBeNull();
  });
});

describe('a refusal by a limit or a pause', () => {
  it('names the limit and when it resets, or the pause and its end, in the player’s language', async () => {
    const resetsAt = '2026-11-28T16:00:00.000Z';
    const limit = await refusalText(ErrorCode.LIMIT_REACHED, { kind: 'loss', period: 'day', amount: '50', resetsAt }, 'en_US');
    expect(limit).toEqual({
      title: 'Limit reached',
      message: `You have reached your daily loss limit of \u206650.00 USDT\u2069. It resets on ${formatMoment(resetsAt, 'en_US')}.`,
    });
    const paused = await refusalText(ErrorCode.PLAY_PAUSED, { kind: 'time_out', until: resetsAt }, 'en_US');
    expect(paused.title).toBe('Play paused');
    expect(paused.message).toBe(`Your time-out runs until ${formatMoment(resetsAt, 'en_US')}.\nYou can still withdraw, see your history and contact support.`);
    expect((await refusalText(ErrorCode.PLAY_PAUSED, { kind: 'self_exclusion', until: null }, 'en_US')).message).toMatch(
      /^Your self-exclusion has no end date\.\n/,
    );
  });

  it('is reported by the API client with its data, wherever the call came from, and counts as told', async () => {
    const protectionRefusal = vi.fn();
    const events = {
      businessError: vi.fn(),
      sessionEnded: vi.fn(),
      httpError: vi.fn(),
      maintenance: vi.fn(),
      timeout: vi.fn(),
      networkError: vi.fn(),
      beginLoading: () => () => undefined,
      protectionRefusal,
    } satisfies ApiEvents;
    const data = { kind: 'loss', period: 'day', amount: '50', resetsAt: '2026-11-28T16:00:00.000Z' };
    const client = createApiClient({
      fetch: (async () => ({ status: 200, json: async () => ({ code: ErrorCode.LIMIT_REACHED, msg: 'limit', data }) })) as unknown as typeof fetch,
      getToken: () => 'token',
      getClientIp: () => '',
      getLanguage: () => 'en_US',
      events,
    });
    const error = await client.request({ path: '/v1/hashGame/bet', auth: 'player' }, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).handled).toBe(true);
    expect(protectionRefusal).toHaveBeenCalledWith(ErrorCode.LIMIT_REACHED, data);
    // A silent call is left to its caller.
    protectionRefusal.mockClear();
    const quiet = await client.request({ path: '/v1/hashGame/bet', auth: 'player' }, {}, { silent: true }).catch((e: unknown) => e);
    expect((quiet as ApiError).handled).toBe(false);
    expect(protectionRefusal).not.toHaveBeenCalled();
  });
});
