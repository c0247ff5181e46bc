import type { CallResponse, CurrencyCode, LimitKind, LimitPeriod, protectionCalls, SelfExclusionPeriod } from '@lobby/contract';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { calls } from '../../api/calls';
import { useIntentKey } from '../../api/idempotency';
import { useSession } from '../session';
import { playerKeys, walletKeys } from './keys';

export type ProtectionState = CallResponse<typeof protectionCalls.protectionGet>;
export type ProtectionLimit = ProtectionState['limits'][number];
export type ProtectionPause = NonNullable<ProtectionState['pause']>;
export type RealityCheck = CallResponse<typeof protectionCalls.protectionRealityCheck>;
export type RealityCheckMinutes = ProtectionState['realityCheckMinutes'];
export type OfferMoment = 'registration' | 'firstDeposit';

/** The player's own protection: limits, reality checks, time-out and self-exclusion, held deposits. */
export const protectionKeys = {
  all: [...playerKeys.all, 'protection'] as const,
  state: () => [...protectionKeys.all, 'state'] as const,
  realityCheck: () => [...protectionKeys.all, 'realityCheck'] as const,
};

const quiet = { silent: true } as const;

/**
 * Limits with what is used and when each resets, pending raises, the reality-check interval, a
 * running time-out or self-exclusion and deposits held beyond a limit. Read again on focus: bets
 * move the used amounts on.
 */
export function useProtection(options: { enabled?: boolean } = {}) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: protectionKeys.state(),
    queryFn: ({ signal }) => api.call(calls.protection.protectionGet, {}, { ...quiet, signal }),
    enabled: token !== null && (options.enabled ?? true),
    refetchOnWindowFocus: true,
    meta: quiet,
  });
}

/** The session so far (start, minutes, net per currency), as the reality check shows it. */
export function fetchRealityCheck(signal?: AbortSignal): Promise<RealityCheck> {
  return api.call(calls.protection.protectionRealityCheck, {}, { ...quiet, signal });
}

export function useRealityCheck(enabled: boolean) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: protectionKeys.realityCheck(),
    queryFn: ({ signal }) => fetchRealityCheck(signal),
    enabled: token !== null && enabled,
    meta: quiet,
  });
}

/** Every protection call answers the whole new state: it replaces the one held. */
function useStateMutation<V>(send: (variables: V) => Promise<ProtectionState>, after?: (client: QueryClient) => void, meta?: { silent: true }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    // Refusals are shown by the app's own toast unless the screen places them itself (meta.silent).
    meta,
    onSuccess: (state) => {
      client.setQueryData(protectionKeys.state(), state);
      after?.(client);
    },
    // A refusal (a pending raise not ready yet, a pause begun elsewhere) may mean the state held is old.
    onError: () => void client.invalidateQueries({ queryKey: protectionKeys.state() }),
  });
}

export interface LimitChange {
  kind: LimitKind;
  period: LimitPeriod;
  /** USDT; null removes the limit (after the cooling-off and a second confirmation). */
  amount: string | null;
}

/** A new or lower limit applies at once; a higher one or a removal waits 24 hours and a confirmation. */
export function useSetLimit() {
  return useStateMutation((change: LimitChange) => api.call(calls.protection.protectionLimitSet, change, { loading: true }));
}

export function useConfirmLimit() {
  return useStateMutation((limit: { kind: LimitKind; period: LimitPeriod }) => api.call(calls.protection.protectionLimitConfirm, limit, { loading: true }));
}

export function useCancelLimit() {
  return useStateMutation((limit: { kind: LimitKind; period: LimitPeriod }) => api.call(calls.protection.protectionLimitCancel, limit, { loading: true }));
}

/** The limit offer was answered (a limit set, or "not now"): it is not shown again for that moment. */
export function useAnswerOffer() {
  return useStateMutation((moment: OfferMoment) => api.call(calls.protection.protectionOfferAnswer, { moment }, quiet));
}

export function useSetRealityCheck() {
  return useStateMutation(
    (minutes: RealityCheckMinutes) => api.call(calls.protection.protectionRealityCheckSet, { minutes }, { loading: true }),
    (client) => void client.invalidateQueries({ queryKey: protectionKeys.realityCheck() }),
  );
}

export function useTimeOut() {
  return useStateMutation((days: number) => api.call(calls.protection.protectionTimeOut, { days }, { loading: true }));
}

export function useSelfExclude() {
  return useStateMutation(
    (request: { period: SelfExclusionPeriod; password: string }) =>
      api.call(calls.protection.protectionSelfExclude, { ...request, confirm: true }, { loading: true }),
    undefined,
    // The screen says a wrong password under its field, and the rest as a toast.
    quiet,
  );
}

/** After an ended self-exclusion: asks to come back, which ends it after 7 days of cooling-off. */
export function useReturnRequest() {
  return useStateMutation(() => api.call(calls.protection.protectionReturnRequest, {}, { loading: true }));
}

/**
 * Sends the deposits held beyond a deposit limit back to where they came from. The request id is made
 * once per currency and reused by a press after an unanswered attempt, so a lost answer never sends twice.
 */
export function useHeldReturn() {
  const intent = useIntentKey();
  return useStateMutation(
    (currency: CurrencyCode) =>
      intent.run(currency, (requestId) => api.call(calls.protection.protectionHeldReturn, { currency, requestId }, { loading: true })),
    (client) => void client.invalidateQueries({ queryKey: walletKeys.all }),
  );
}
