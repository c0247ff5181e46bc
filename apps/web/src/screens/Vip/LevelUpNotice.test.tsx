import { QueryClient } from '@tanstack/react-query';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Player } from '@lobby/contract';
import { signIn, useSession, type Profile } from '../../state/session';
import { playerKeys } from '../../state/queries/keys';
import { readLevelUp } from '../../state/queries/vip';
import { useUi } from '../../state/ui';
import { answerEachTest, loadTexts, renderScreen, settle } from '../../testing/screen';
import { LevelUpNotice } from './LevelUpNotice';

const call = vi.fn();
vi.mock('../../api', async () => ({ ApiError: (await import('../../api/client')).ApiError, api: { call: (...args: unknown[]) => call(...args) }, endSession: vi.fn() }));
vi.mock('@ionic/react', () => import('../../testing/screen').then((m) => m.ionicStub));

// The socket itself is replaced by a switchboard the test pushes into, as the server would.
const handlers = new Map<string, Set<(data: unknown, event: string) => void>>();
vi.mock('../../state/realtime', () => ({
  onPlayerEvent: (event: string, handler: (data: unknown, event: string) => void) => {
    if (!handlers.has(event)) handlers.set(event, new Set());
    handlers.get(event)!.add(handler);
    return () => handlers.get(event)?.delete(handler);
  },
  onRealtimeStatus: () => () => undefined,
  connectRealtime: () => undefined,
  isRealtimeConnected: () => false,
}));
const push = (event: string, data: unknown) => handlers.get(event)?.forEach((handler) => handler(data, event));

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
    expect(handlers.get('vipLevel')?.size).toBe(1);
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
    expect(handlers.get('vipLevel')?.size ?? 0).toBe(0);
  });

  it('ignores a malformed push', () => {
    expect(readLevelUp({ vipLevel: '3' })).toBeUndefined();
    expect(readLevelUp(null)).toBeUndefined();
    expect(readLevelUp({ vipLevel: 2 })).toEqual({ vipLevel: 2, previousLevel: undefined });
  });
});
