import type { CallResponse, CurrencyCode, rebateCalls } from '@lobby/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { calls } from '../../api/calls';
import { useIntentKey } from '../../api/idempotency';
import { useSession } from '../session';
import { applyBalances } from './balances';
import { bonusKeys, rebateKeys } from './keys';

export { rebateKeys } from './keys';

export type RebateSummary = CallResponse<typeof rebateCalls.summary>;
export type RebateCurrency = RebateSummary['currencies'][number];
export type RebateClaim = CallResponse<typeof rebateCalls.history>['list'][number];

export const REBATE_HISTORY_PAGE_SIZE = 20;
const quiet = { silent: true } as const;

/** Accrued rebates per currency and game type. Rebates accrue with every bet: read every 15 s while shown. */
export function useRebateSummary() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: rebateKeys.summary(),
    queryFn: ({ signal }) => api.call(calls.rebate.summary, {}, { ...quiet, signal }),
    enabled: token !== null,
    refetchInterval: 15_000,
    refetchOnWindowFocus: true,
    meta: quiet,
  });
}

export function useRebateHistory() {
  const token = useSession((s) => s.token);
  return useInfiniteQuery({
    queryKey: rebateKeys.history(),
    queryFn: ({ pageParam, signal }) => api.call(calls.rebate.history, { page: pageParam, pageSize: REBATE_HISTORY_PAGE_SIZE }, { ...quiet, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total && last.list.length > 0 ? last.page + 1 : undefined),
    enabled: token !== null,
    meta: quiet,
  });
}

/** Claims everything accrued in a currency; a press after an unanswered one replays its request id, and the server pays a claim once. */
export function useClaimRebate() {
  const client = useQueryClient();
  const intent = useIntentKey();
  return useMutation({
    mutationFn: (currency: CurrencyCode) => intent.run(currency, (requestId) => api.call(calls.rebate.claim, { requestId, currency }, { loading: true })),
    onSuccess: (reply) => {
      applyBalances(client, reply.balances);
      void client.invalidateQueries({ queryKey: rebateKeys.all });
      void client.invalidateQueries({ queryKey: bonusKeys.all });
    },
    onError: () => void client.invalidateQueries({ queryKey: rebateKeys.summary() }),
  });
}
