import type { activityCalls, CallResponse } from '@lobby/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { api } from '../../api';
import { calls } from '../../api/calls';
import { parseMicro } from '@lobby/contract/micro';
import { useIntentKey } from '../../api/idempotency';
import { onPlayerEvent } from '../realtime';
import { useSession } from '../session';
import { useSettings } from '../settings';
import { applyBalances, useBalances } from './balances';
import { activityKeys, bonusKeys } from './keys';

export { activityKeys } from './keys';

export type ActivityConf = CallResponse<typeof activityCalls.configSync>['confs'][number];
export type ActivityState = CallResponse<typeof activityCalls.playerData>[number];
export type ParticipateReply = CallResponse<typeof activityCalls.participate>;

/** Progress moves with every bet and deposit; read again this often while the app is open. */
export const PLAYER_DATA_REFRESH_MS = 30_000;
const quiet = { silent: true } as const;

/** A reward the player can take now with one press: the badge and the lobby popup count these. */
export function isClaimable(state: ActivityState): boolean {
  return state.canParticipate && (parseMicro(state.pendingReward) ?? 0n) > 0n;
}

/** The activities offered now, in the player's language, ordered as the operator sorted them. */
export function useActivities() {
  const token = useSession((s) => s.token);
  const language = useSettings((s) => s.language);
  return useQuery({
    queryKey: activityKeys.confs(language),
    queryFn: async ({ signal }) => {
      const reply = await api.call(calls.activity.configSync, { language }, { ...quiet, signal });
      return [...reply.confs].sort((a, b) => a.sort - b.sort || a.id - b.id);
    },
    enabled: token !== null,
    staleTime: 60_000,
    meta: quiet,
  });
}

/** The player's progress and pending reward in every current activity, by activity id. */
export function useActivityStates() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: activityKeys.playerData(),
    queryFn: ({ signal }) => api.call(calls.activity.playerData, {}, { ...quiet, signal }),
    select: (states) => new Map(states.map((state) => [state.activityId, state])),
    enabled: token !== null,
    refetchInterval: PLAYER_DATA_REFRESH_MS,
    refetchOnWindowFocus: true,
    meta: quiet,
  });
}

/** Standing is read again at most this often when balance pushes come in. */
export const STANDING_AFTER_PUSH_MS = 5_000;

/** Pushed on the player's channel when a registration, a bound e-mail, a deposit or a round leaves a reward to claim. */
export const ACTIVITY_EVENT = 'activity';

/**
 * Reads the player's standing again soon after a pushed balance change: a credited deposit or a
 * settled round is what moves a progress or makes a reward claimable. While bets settle every few
 * seconds the reads are spaced out, the last push always followed by one.
 */
export function useStandingFollowsPushes(): void {
  const client = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const last = useRef(0);
  const refresh = useCallback(() => {
    if (timer.current) return;
    const wait = Math.max(0, last.current + STANDING_AFTER_PUSH_MS - Date.now());
    timer.current = setTimeout(() => {
      timer.current = undefined;
      last.current = Date.now();
      void client.invalidateQueries({ queryKey: activityKeys.playerData() });
    }, wait);
  }, [client]);
  useEffect(() => () => clearTimeout(timer.current), []);
  useBalances(refresh);
  // The server's own word that something new can be claimed (`{ claimable, activityIds }`): read at once.
  const token = useSession((s) => s.token);
  useEffect(() => {
    if (!token) return;
    return onPlayerEvent(ACTIVITY_EVENT, () => void client.invalidateQueries({ queryKey: activityKeys.playerData() }));
  }, [client, token]);
}

/** How many rewards wait to be claimed (the Events tab's badge). */
export function useClaimableCount(): number {
  const states = useActivityStates();
  let count = 0;
  for (const state of states.data?.values() ?? []) if (isClaimable(state)) count++;
  return count;
}

/**
 * Joins an activity or claims its reward. The request id is made once per intent and reused by the
 * client's own retries and by a press after an unanswered one, so a lost answer never pays twice (the
 * server also pays once per period).
 */
export function useParticipate() {
  const client = useQueryClient();
  const intent = useIntentKey();
  return useMutation({
    mutationFn: (activityId: number) =>
      intent.run(String(activityId), (requestId) => api.call(calls.activity.participate, { requestId, activityId }, { loading: true })),
    onSuccess: (reply) => {
      applyBalances(client, reply.balances);
      // A reward raises the wagering still to do and is a new bonus record.
      void client.invalidateQueries({ queryKey: bonusKeys.all });
    },
    // Claimed or refused, the standing has changed (or was not what the screen showed).
    onSettled: () => void client.invalidateQueries({ queryKey: activityKeys.playerData() }),
  });
}
