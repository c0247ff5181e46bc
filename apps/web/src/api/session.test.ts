import { errorMessage, type Player } from '@lobby/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_PATH, setNavigator } from '../lib/navigation';
import { signIn, useSession } from '../state/session';
import { useSettings } from '../state/settings';
import { useUi } from '../state/ui';
import { endSession } from './index';

const navigate = vi.fn();

beforeEach(() => {
  vi.useFakeTimers();
  navigate.mockReset();
  setNavigator(navigate);
  signIn('tok', { id: 1 } as unknown as Player);
});

afterEach(() => {
  setNavigator(undefined);
  vi.useRealTimers();
});

describe('ending a session', () => {
  it('logs out and goes to login from any screen but home', () => {
    window.history.pushState({}, '', '/UserInfo');
    endSession('expired', 10008);
    expect(useSession.getState().token).toBeNull();
    expect(navigate).toHaveBeenCalledWith(LOGIN_PATH, { replace: true });
  });

  it('stays on home', () => {
    vi.advanceTimersByTime(1000);
    window.history.pushState({}, '', '/home');
    endSession('unauthorized');
    expect(useSession.getState().token).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('tells the player why when another device logged in', async () => {
    vi.advanceTimersByTime(1000);
    useUi.setState({ toast: null });
    window.history.pushState({}, '', '/home');
    endSession('elsewhere', 10032, 'server text');
    await vi.waitFor(() => expect(useUi.getState().toast?.text).toBe(errorMessage(10032, useSettings.getState().language)));
  });
});
