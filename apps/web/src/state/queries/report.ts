import { parseMicro, type CallResponse, type CurrencyCode, type GameTypeCode, type reportCalls } from '@lobby/contract';
import { keepPreviousData, useInfiniteQuery, useQueries, useQuery } from '@tanstack/react-query';
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
      api.call(
        calls.report.betFormDetail,
        { currencyCode, lastDay, gameType: gameType!, page: pageParam, pageSize: REPORT_PAGE_SIZE },
        { ...quiet, signal },
      ),
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
const micro = signedMicro;

/**
 * The chart's daily series. The report calls answer windows that end today, so day k back is the
 * window of k+1 days minus the window of k days: exact in micro-units, each window read from the
 * server's daily aggregates. The windows are cached one by one, so moving from 7 to 30 days asks
 * only for the 23 new ones.
 */
export function useDailyWinOrLose(currencyCode: CurrencyCode, lastDay: number) {
  const token = useSession((s) => s.token);
  const windows = useQueries({
    queries: Array.from({ length: lastDay }, (_, index) => ({
      queryKey: reportKeys.winOrLose(currencyCode, index + 1),
      queryFn: ({ signal }: { signal: AbortSignal }) => api.call(calls.report.winOrLoseForm, { currencyCode, lastDay: index + 1 }, { ...quiet, signal }),
      enabled: token !== null,
      refetchOnWindowFocus: true,
      meta: quiet,
    })),
  });
  const isPending = windows.some((query) => query.isPending);
  const isError = windows.some((query) => query.isError);
  const forms = windows.map((query) => query.data);
  let days: ReportDay[] | undefined;
  if (forms.every((form): form is WinOrLoseForm => form !== undefined)) {
    days = forms
      .map((form, index) => {
        const before = index === 0 ? undefined : forms[index - 1];
        return {
          day: shanghaiDate(form.from),
          winLoseMicro: micro(form.winLoseAmount) - (before ? micro(before.winLoseAmount) : 0n),
          turnoverMicro: micro(form.validBetAmount) - (before ? micro(before.validBetAmount) : 0n),
        };
      })
      .reverse();
  }
  return { days, isPending, isError, refetch: () => windows.forEach((query) => void query.refetch()) };
}

const SHANGHAI = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' });
const shanghaiDate = (iso: string) => SHANGHAI.format(new Date(iso));
