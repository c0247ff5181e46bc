import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeHandler } from '../realtime';
import { clearSession, signIn } from '../session';
import { STANDING_AFTER_PUSH_MS, useActivityStates, useStandingFollowsPushes } from './activity';

const balanceHandlers = new Set<RealtimeHandler>();
const activityHandlers = new Set<RealtimeHandler>();
vi.mock('../realtime', () => ({
  onPlayerEvent: (event: string, handler: RealtimeHandler) => {
    const handlers = event === 'balance' ? balanceHandlers : event === 'activity' ? activityHandlers : undefined;
    if (!handlers) return () => undefined;
    handlers.add(handler);
    return () => handlers.delete(handler);
  },
  onRealtimeStatus: () => () => undefined,
}));
const call = vi.fn();
vi.mock('../../api', () => ({ api: { call: (...args: unknown[]) => call(...args) } }));

const push = (usdt: string) =>
  act(async () => {
    for (const handler of balanceHandlers) handler({ usdt, trx: '0' }, 'balance');
    await vi.advanceTimersByTimeAsync(0);
  });
const standingReads = () => call.mock.calls.filter(([spec]) => spec.path === '/v1/activity/playerData').length;

function Follower() {
  useActivityStates();
  useStandingFollowsPushes();
  return null;
}

let container: HTMLDivElement;
let root: ReturnType<typeof createRoot>;

beforeEach(async () => {
  vi.useFakeTimers();
  call.mockReset();
  call.mockImplementation((spec: { path: string }) => Promise.resolve(spec.path === '/v1/activity/playerData' ? [] : { usdt: '1', trx: '0' }));
  signIn('tok', { id: 1 } as Parameters<typeof signIn>[1]);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => {
    root.render(
      <QueryClientProvider client={client}>
        <Follower />
      </QueryClientProvider>,
    );
    await vi.advanceTimersByTimeAsync(0);
  });
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  clearSession();
  vi.useRealTimers();
});

describe("the player's activity standing", () => {
  it('is read again at once after a pushed balance, then at most every 5 s while pushes keep coming', async () => {
    expect(standingReads()).toBe(1);
    await push('60');
    expect(standingReads()).toBe(2);
    // Rounds settling every 3 s: three pushes within the next 5 s bring one read, at its end.
    await push('55');
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await push('50');
    await push('45');
    expect(standingReads()).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(STANDING_AFTER_PUSH_MS));
    expect(standingReads()).toBe(3);
    await act(() => vi.advanceTimersByTimeAsync(STANDING_AFTER_PUSH_MS * 2));
    expect(standingReads()).toBe(3);
  });

  it('is read again at once when the server pushes that something new can be claimed', async () => {
    expect(standingReads()).toBe(1);
    await act(async () => {
      for (const handler of activityHandlers) handler({ claimable: 1, activityIds: [6] }, 'activity');
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(standingReads()).toBe(2);
  });
});
