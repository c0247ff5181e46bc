import type { activityCalls, bonusCalls, CallResponse, CurrencyCode } from '@lobby/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { calls } from '../../api/calls';
import { useIntentKey } from '../../api/idempotency';
import { useSession } from '../session';
import { applyBalances } from './balances';
import { bonusKeys } from './keys';

export { bonusKeys } from './keys';

export type WageringState = CallResponse<typeof bonusCalls.wagering>[number];
export type BonusMultipliers = CallResponse<typeof bonusCalls.terms>['multipliers'];
export type BonusForfeit = CallResponse<typeof bonusCalls.forfeit>['forfeit'];
export type BonusRecord = CallResponse<typeof activityCalls.activityForm>['list'][number];
export type BonusRecordTypeCode = BonusRecord['bonusType'];

export const BONUS_PAGE_SIZE = 20;
const quiet = { silent: true } as const;

/** Per currency: cash, the bonus balance and the wagering that stands between the bonus and cash. */
export function useWagering() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: bonusKeys.wagering(),
    queryFn: ({ signal }) => api.call(calls.bonus.wagering, {}, { ...quiet, signal }),
    enabled: token !== null,
    staleTime: 5_000,
    refetchOnWindowFocus: true,
    meta: quiet,
  });
}

/** What each kind of claim asks to wager (× the amount claimed); 0 pays cash at once. Public and rarely changed. */
export function useBonusTerms() {
  return useQuery({
    queryKey: bonusKeys.terms(),
    queryFn: ({ signal }) => api.call(calls.bonus.terms, {}, { ...quiet, signal }),
    staleTime: 5 * 60_000,
    meta: quiet,
    select: (reply) => reply.multipliers,
  });
}

/**
 * Gives up the bonus balance of a currency (after the player confirmed it): the money returns to the
 * house and the outstanding wagering drops to 0. One request id per intent (see IntentKey); the balances follow.
 */
export function useForfeitBonus() {
  const client = useQueryClient();
  const intent = useIntentKey();
  return useMutation({
    mutationFn: (currency: CurrencyCode) => intent.run(currency, (requestId) => api.call(calls.bonus.forfeit, { requestId, currency }, { loading: true })),
    onSuccess: (reply) => {
      applyBalances(client, reply.balances);
      void client.invalidateQueries({ queryKey: bonusKeys.all });
    },
    onError: () => void client.invalidateQueries({ queryKey: bonusKeys.wagering() }),
  });
}

/** The player's credited bonuses, newest first, optionally of one type. */
export function useBonusRecords(bonusType?: BonusRecordTypeCode) {
  const token = useSession((s) => s.token);
  return useInfiniteQuery({
    queryKey: bonusKeys.records(bonusType),
    queryFn: ({ pageParam, signal }) =>
      api.call(
        calls.activity.activityForm,
        { page: pageParam, pageSize: BONUS_PAGE_SIZE, ...(bonusType === undefined ? {} : { bonusType }) },
        { ...quiet, signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total && last.list.length > 0 ? last.page + 1 : undefined),
    enabled: token !== null,
    meta: quiet,
  });
}
