import type { CallRequest, CallResponse, CurrencyCode, referralCalls } from '@lobby/contract';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { calls } from '../../api/calls';
import { useIntentKey } from '../../api/idempotency';
import { useSession } from '../session';
import { applyBalances } from './balances';
import { bonusKeys, referralKeys } from './keys';

export { referralKeys } from './keys';

export type ReferralSummary = CallResponse<typeof referralCalls.summary>;
export type ReferralCommission = ReferralSummary['commissions'][number];
export type ReferralMember = CallResponse<typeof referralCalls.members>['list'][number];
export type PerformanceRequest = CallRequest<typeof referralCalls.performance>;
export type Performance = CallResponse<typeof referralCalls.performance>;

export const MEMBERS_PAGE_SIZE = 20;
const quiet = { silent: true } as const;

/** Invite code, commission and team size. Commission accrues with every bet the team settles: read every 15 s while shown. */
export function useReferralSummary() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: referralKeys.summary(),
    queryFn: ({ signal }) => api.call(calls.referral.summary, {}, { ...quiet, signal }),
    enabled: token !== null,
    refetchInterval: 15_000,
    refetchOnWindowFocus: true,
    meta: quiet,
  });
}

/** Team members of one level (all three when absent), newest first, a page at a time. */
export function useReferralMembers(level: 1 | 2 | 3 | undefined) {
  const token = useSession((s) => s.token);
  return useInfiniteQuery({
    queryKey: referralKeys.members(level ?? 0),
    queryFn: ({ pageParam, signal }) =>
      api.call(calls.referral.members, { ...(level ? { level } : {}), page: pageParam, pageSize: MEMBERS_PAGE_SIZE }, { ...quiet, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total && last.list.length > 0 ? last.page + 1 : undefined),
    enabled: token !== null,
    refetchOnWindowFocus: true,
    meta: quiet,
  });
}

/** One day of performance for the player alone or the whole team, one game type or all. */
export function useReferralPerformance(request: PerformanceRequest) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: referralKeys.performance(request),
    queryFn: ({ signal }) => api.call(calls.referral.performance, request, { ...quiet, signal }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
    meta: quiet,
  });
}

/** Claims all claimable commission of a currency; a press after an unanswered one replays its request id, and the server pays it once. */
export function useClaimCommission() {
  const client = useQueryClient();
  const intent = useIntentKey();
  return useMutation({
    mutationFn: (currency: CurrencyCode) => intent.run(currency, (requestId) => api.call(calls.referral.claim, { requestId, currency }, { loading: true })),
    onSuccess: (reply) => {
      applyBalances(client, reply.balances);
      void client.invalidateQueries({ queryKey: referralKeys.all });
      void client.invalidateQueries({ queryKey: bonusKeys.all });
    },
    onError: () => void client.invalidateQueries({ queryKey: referralKeys.summary() }),
  });
}
