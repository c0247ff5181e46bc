import type { CallResponse, vipCalls } from '@lobby/contract';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../api';
import { calls } from '../../api/calls';
import { useIntentKey } from '../../api/idempotency';
import { onPlayerEvent } from '../realtime';
import { setPlayer, useSession, type Profile } from '../session';
import { useSettings } from '../settings';
import { applyBalances } from './balances';
import { bonusKeys, playerKeys, vipKeys } from './keys';

export { vipKeys } from './keys';

export type VipDetail = CallResponse<typeof vipCalls.queryVipDetail>;
export type VipLevelConf = CallResponse<typeof vipCalls.queryVipUpLevelConf>[number];
export type VipRebateRate = CallResponse<typeof vipCalls.queryVipReturnProfitConf>[number];

const quiet = { silent: true } as const;

/** The ladder of levels: requirements and gifts. Public; changes only when the operator edits it. */
export function useVipLevels() {
  const language = useSettings((s) => s.language);
  return useQuery({
    queryKey: vipKeys.levels(language),
    queryFn: ({ signal }) => api.call(calls.vip.queryVipUpLevelConf, { language }, { ...quiet, signal }),
    staleTime: 60_000,
    meta: quiet,
  });
}

/** Rebate rates per level and game type. Public. */
export function useVipRebateRates() {
  const language = useSettings((s) => s.language);
  return useQuery({
    queryKey: vipKeys.rates(language),
    queryFn: ({ signal }) => api.call(calls.vip.queryVipReturnProfitConf, { language }, { ...quiet, signal }),
    staleTime: 60_000,
    meta: quiet,
  });
}

/** The signed-in player's level, XP and gifts; read again on focus, as bets move it on. */
export function useVipDetail() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: vipKeys.detail(),
    queryFn: ({ signal }) => api.call(calls.vip.queryVipDetail, {}, { ...quiet, signal }),
    enabled: token !== null,
    refetchOnWindowFocus: true,
    meta: quiet,
  });
}

function afterGift(client: QueryClient, reply: CallResponse<typeof vipCalls.getVipMonthGift>): void {
  applyBalances(client, reply.balances);
  void client.invalidateQueries({ queryKey: vipKeys.detail() });
  // The gift raises the wagering still to do, and it is a new bonus record.
  void client.invalidateQueries({ queryKey: bonusKeys.all });
}

/**
 * Claims the level-up gift of one reached level. The request id is made once per intent and reused
 * by the client's own retries and by a press after an unanswered one, so a lost answer never pays
 * twice (the server also pays each level once).
 */
export function useClaimLevelGift() {
  const client = useQueryClient();
  const intent = useIntentKey();
  return useMutation({
    mutationFn: (vipLevel: number) =>
      intent.run(String(vipLevel), (requestId) => api.call(calls.vip.getVipUpLevelGift, { requestId, vipLevel }, { loading: true })),
    onSuccess: (reply) => afterGift(client, reply),
    onError: () => void client.invalidateQueries({ queryKey: vipKeys.detail() }),
  });
}

/** Claims this month's gift of the level held. */
export function useClaimMonthGift() {
  const client = useQueryClient();
  const intent = useIntentKey();
  return useMutation({
    mutationFn: () => intent.run('month', (requestId) => api.call(calls.vip.getVipMonthGift, { requestId }, { loading: true })),
    onSuccess: (reply) => afterGift(client, reply),
    onError: () => void client.invalidateQueries({ queryKey: vipKeys.detail() }),
  });
}

/** A level-up as the socket pushes it: `player` channel, event `vipLevel`, `{ vipLevel, previousLevel, xp }`. */
export interface VipLevelUp {
  vipLevel: number;
  previousLevel?: number;
}

export const LEVEL_UP_EVENT = 'vipLevel';

const level = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined);

/** The new level and the one before; a push without a new level is ignored. */
export function readLevelUp(data: unknown): VipLevelUp | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const value = data as Record<string, unknown>;
  const vipLevel = level(value.vipLevel);
  if (vipLevel === undefined) return undefined;
  return { vipLevel, previousLevel: level(value.previousLevel) };
}

/**
 * Follows the player's level-ups while signed in: the profile's level and the VIP progress change at
 * once, and `onLevelUp` tells the player (the app shows a notice).
 */
export function useVipLevelUps(onLevelUp: (levelUp: VipLevelUp) => void) {
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  useEffect(() => {
    if (!token) return;
    return onPlayerEvent(LEVEL_UP_EVENT, (data) => {
      const levelUp = readLevelUp(data);
      if (!levelUp) return;
      const profile = client.getQueryData<Profile>(playerKeys.profile());
      if (profile && profile.vipLevel < levelUp.vipLevel) {
        client.setQueryData<Profile>(playerKeys.profile(), { ...profile, vipLevel: levelUp.vipLevel });
        setPlayer({ ...profile, vipLevel: levelUp.vipLevel });
      }
      void client.invalidateQueries({ queryKey: vipKeys.detail() });
      onLevelUp(levelUp);
    });
  }, [client, token, onLevelUp]);
}
