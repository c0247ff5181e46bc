import { parseMicro, type CallResponse, type CurrencyCode, type GameTypeCode, type reportCalls } from '@lobby/contract';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../api';
import { calls } from '../../api/calls';
import { useSession } from '../session';
import { useSettings } from '../settings';
import { reportKeys } from './keys';

export { reportKeys } from './keys';

export type WinOrLoseForm = CallResponse<typeof reportCalls.winOrLoseForm>;
export type BetFormSummary = CallResponse<typeof reportCalls.betFormSummary>;
export type GameTypeTotals = BetFormSummary['byGameType'][number];
export type ReportBet = CallResponse<typeof reportCalls.betFormDetail>['list'][number];

export const REPORT_PAGE_SIZE = 20;
const quiet = { silent: true } as const;

/** Totals of the window, the daily series of the chart included. Reports move with every settled bet: read on focus. */
export function useWinOrLoseForm(currencyCode: CurrencyCode, lastDay: number) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: reportKeys.winOrLose(currencyCode, lastDay),
    queryFn: ({ signal }) => api.call(calls.report.winOrLoseForm, { currencyCode, lastDay }, { ...quiet, signal }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
    meta: quiet,
  });
}

/** One row per game type played in the window, and their total. */
export function useBetFormSummary(currencyCode: CurrencyCode, lastDay: number) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: reportKeys.summary(currencyCode, lastDay),
    queryFn: ({ signal }) => api.call(calls.report.betFormSummary, { currencyCode, lastDay }, { ...quiet, signal }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
    meta: quiet,
  });
}

/** The bets of one game type in the window, newest first, a page at a time; game names in the player's language. */
export function useBetFormDetail(currencyCode: CurrencyCode, lastDay: number, gameType: GameTypeCode | null) {
  const token = useSession((s) => s.token);
  const language = useSettings((s) => s.language);
  return useInfiniteQuery({
    queryKey: [...reportKeys.detail(currencyCode, lastDay, gameType ?? 0), language],
    queryFn: ({ pageParam, signal }) =>
      api.call(calls.report.betFormDetail, { currencyCode, lastDay, gameType: gameType!, page: pageParam, pageSize: REPORT_PAGE_SIZE }, { ...quiet, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total && last.list.length > 0 ? last.page + 1 : undefined),
    enabled: token !== null && gameType !== null,
    meta: quiet,
  });
}

export interface ReportDay {
  /** `YYYY-MM-DD` (Asia/Shanghai). */
  day: string;
  winLoseMicro: bigint;
  turnoverMicro: bigint;
}

/** A signed server amount ("-1.5" when the player lost) in micro-units. */
export function signedMicro(value: string): bigint {
  const text = value.trim();
  const negative = text.startsWith('-');
  const magnitude = parseMicro(negative || text.startsWith('+') ? text.slice(1) : text) ?? 0n;
  return negative ? -magnitude : magnitude;
}

/**
 * The chart's daily series: the window's own reply carries every day, oldest first, so the chart
 * shares the totals' query (one call for 30 days) and changes with it.
 */
export function useDailyWinOrLose(currencyCode: CurrencyCode, lastDay: number) {
  const form = useWinOrLoseForm(currencyCode, lastDay);
  const series = form.data?.days;
  // The same array while the reply is the same, so the chart redraws only when the data changes.
  const days = useMemo<ReportDay[] | undefined>(
    () => series?.map((day) => ({ day: day.day, winLoseMicro: signedMicro(day.winLoseAmount), turnoverMicro: signedMicro(day.validBetAmount) })),
    [series],
  );
  return { days, isPending: form.isPending, isError: form.isError, refetch: () => void form.refetch() };
}
