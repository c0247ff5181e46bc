import type { activityCalls, bonusCalls, CallResponse } from '@lobby/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../api';
import { calls } from '../../api/calls';
import { useSession } from '../session';
import { bonusKeys } from './keys';

export { bonusKeys } from './keys';

export type WageringState = CallResponse<typeof bonusCalls.wagering>[number];
export type BonusRecord = CallResponse<typeof activityCalls.activityForm>['list'][number];
export type BonusRecordTypeCode = BonusRecord['bonusType'];

export const BONUS_PAGE_SIZE = 20;
const quiet = { silent: true } as const;

/** Outstanding bonus wagering per currency: what is left to bet before a withdrawal is accepted. */
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
