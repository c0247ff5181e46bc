import { QueryClient } from '@tanstack/react-query';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Player } from '@lobby/contract';
import { signIn, useSession, type Profile } from '../../state/session';
import { playerKeys } from '../../state/queries/keys';
import { readLevelUp } from '../../state/queries/vip';
import { useUi } from '../../state/ui';
import { listenersOf, pushPlayerEvent as push } from '../../testing/realtime';
import { answerEachTest, loadTexts, renderScreen, settle } from '../../testing/screen';
import { LevelUpNotice } from './LevelUpNotice';

const call = vi.fn();
vi.mock('../../api', async () => ({
  ApiError: (await import('../../api/client')).ApiError,
  api: { call: (...args: unknown[]) => call(...args) },
  endSession: vi.fn(),
}));
vi.mock('@ionic/react', () => import('../../testing/screen').then((m) => m.ionicStub));

vi.mock('../../state/realtime', () => import('../../testing/realtime').then((m) => m.fakeRealtime));

beforeAll(async () => {
  await loadTexts('en_US', ['vip']);
});

answerEachTest(call, {
  '/v1/player/balance/get': () => ({ usdt: '0', trx: '0' }),
});

describe('a level-up pushed over the socket', () => {
  it('is announced at once, and the profile and VIP progress follow the new level', async () => {
    let client: QueryClient | undefined;
    signIn('token', { id: 1, vipLevel: 0 } as unknown as Player);
    await renderScreen(<LevelUpNotice />, (c) => {
      client = c;
      c.setQueryData(playerKeys.profile(), { id: 1, vipLevel: 0 });
    });
    expect(listenersOf('vipLevel')).toBe(1);
    push('vipLevel', { vipLevel: 3, previousLevel: 0, xp: '1000' });
    await settle();
    const popup = useUi.getState().popups.at(-1);
    expect(popup?.title).toBe('VIP 3 reached!');
    expect(popup?.testId).toBe('vip-level-up');
    expect(client?.getQueryData<Profile>(playerKeys.profile())?.vipLevel).toBe(3);
    expect(useSession.getState().player?.vipLevel).toBe(3);
  });

  it('is not followed by a visitor', async () => {
    await renderScreen(<LevelUpNotice />);
    expect(listenersOf('vipLevel')).toBe(0);
  });

  it('ignores a malformed push', () => {
    expect(readLevelUp({ vipLevel: '3' })).toBeUndefined();
    expect(readLevelUp(null)).toBeUndefined();
    expect(readLevelUp({ vipLevel: 2 })).toEqual({ vipLevel: 2, previousLevel: undefined });
  });
});
