import type { Player } from '@lobby/contract';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, signIn, useSession } from '../session';
import { useHeartbeat } from './heartbeat';

const call = vi.fn();
vi.mock('../../api', () => ({ api: { call: (...args: unknown[]) => call(...args) } }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Beat() {
  useHeartbeat();
  return null;
}

let root: ReturnType<typeof createRoot>;

beforeEach(() => {
  vi.useFakeTimers();
  call.mockReset();
  clearSession();
  root = createRoot(document.createElement('div'));
});

afterEach(() => {
  act(() => root.unmount());
  vi.useRealTimers();
});

describe('heartbeat', () => {
  it('does nothing while signed out', async () => {
    await act(async () => root.render(<Beat />));
    await act(async () => vi.advanceTimersByTime(60_000));
    expect(call).not.toHaveBeenCalled();
  });

  it('beats at once, then every 30 s, and shows a notice on the bulletin board', async () => {
    call.mockResolvedValue({ notice: null, serverTime: '' });
    signIn('tok', { id: 1 } as unknown as Player);
    useSession.setState({ justLoggedIn: false });
    await act(async () => root.render(<Beat />));
    expect(call).toHaveBeenCalledTimes(1);
    expect(call.mock.calls[0][0]).toMatchObject({ path: '/v1/player/heartbeat', auth: 'player' });

    call.mockResolvedValue({ notice: { id: 9, title: 'Hello', content: 'News', publishedAt: '' }, serverTime: '' });
    await act(async () => vi.advanceTimersByTime(30_000));
    expect(call).toHaveBeenCalledTimes(2);
    expect(useSession.getState().bulletin).toEqual({ id: 9, title: 'Hello', content: 'News' });
    expect(useSession.getState().justLoggedIn).toBe(true);

    call.mockResolvedValue({ notice: null, serverTime: '' });
    await act(async () => vi.advanceTimersByTime(30_000));
    expect(useSession.getState().bulletin).toBeNull();
  });

  it('stops when the session ends', async () => {
    call.mockResolvedValue({ notice: null, serverTime: '' });
    signIn('tok', { id: 1 } as unknown as Player);
    await act(async () => root.render(<Beat />));
    await act(async () => clearSession());
    await act(async () => vi.advanceTimersByTime(90_000));
    expect(call).toHaveBeenCalledTimes(1);
  });
});
