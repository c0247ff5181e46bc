import type { CallRequest, CallResponse, DEPOSIT_EVENT, bankCalls } from '@lobby/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../api';
import { calls } from '../../api/calls';
import { isRealtimeConnected, onPlayerEvent, onRealtimeStatus } from '../realtime';
import { useSession } from '../session';
import { applyBalances } from './balances';
import { bankKeys } from './keys';
import { useExplorerLinks } from './siteConfig';
import { withCode, withTwoFactor } from '../../screens/Security/twoFactor';

export { bankKeys } from './keys';

export type DepositInfo = CallResponse<typeof bankCalls.depositAddress>;
export type CashoutConfig = CallResponse<typeof bankCalls.cashoutConfig>;
export type ExchangeConfig = CallResponse<typeof bankCalls.currencyExchangeConfig>;
export type TradeRecord = CallResponse<typeof bankCalls.records>['list'][number];
export type MoneyMoved = CallResponse<typeof bankCalls.cashoutSubmit>;
export type RecordsFilter = Omit<CallRequest<typeof bankCalls.records>, 'page' | 'pageSize'>;

export const RECORDS_PAGE_SIZE = 20;
const DEPOSIT_PUSH: typeof DEPOSIT_EVENT = 'deposit';

// Screens show their own error states for these; a toast on top would say the same thing twice.
const quiet = { silent: true } as const;

export function useDepositInfo() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: bankKeys.deposit(),
    queryFn: ({ signal }) => api.call(calls.bank.depositAddress, {}, { ...quiet, signal }),
    enabled: token !== null,
    // The address never changes; the minimums rarely do.
    staleTime: 10 * 60_000,
    meta: quiet,
  });
}

export function useCashoutConfig() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: bankKeys.cashoutConfig(),
    queryFn: ({ signal }) => api.call(calls.bank.cashoutConfig, {}, { ...quiet, signal }),
    enabled: token !== null,
    staleTime: 10_000,
    refetchOnWindowFocus: true,
    meta: quiet,
  });
}

/** Rates move: the quote is refreshed every 15 s while a screen shows it, and on focus. */
export function useExchangeConfig(live = true) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: bankKeys.exchangeConfig(),
    queryFn: ({ signal }) => api.call(calls.bank.currencyExchangeConfig, {}, { ...quiet, signal }),
    enabled: token !== null,
    staleTime: 10_000,
    refetchInterval: live ? 15_000 : false,
    refetchOnWindowFocus: true,
    meta: quiet,
  });
}

/** Deposits seen on chain and not yet credited, as the Deposit screen shows them. */
const incomingKey = [...bankKeys.all, 'incoming'] as const;
/** Without the socket, how often the Deposit screen asks after deposits on their way. */
export const INCOMING_POLL_MS = 5_000;

/**
 * Follows the server's `deposit` pushes (a deposit on its way gained a confirmation): the Deposit
 * screen's incoming list and the trade history are asked again.
 */
export function useDepositPushes(): void {
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  useEffect(() => {
    if (!token) return;
    return onPlayerEvent(DEPOSIT_PUSH, () => {
      void client.invalidateQueries({ queryKey: incomingKey });
      void client.invalidateQueries({ queryKey: bankKeys.records() });
    });
  }, [client, token]);
}

/**
 * The player's deposits seen on chain and waiting for their confirmations, newest first, each with
 * how many it has of how many it needs. Pushes keep it current; without the socket it is polled.
 */
export function useIncomingDeposits() {
  const token = useSession((s) => s.token);
  const [live, setLive] = useState(isRealtimeConnected);
  useEffect(() => onRealtimeStatus(setLive), []);
  useDepositPushes();
  return useQuery({
    queryKey: incomingKey,
    queryFn: async ({ signal }) => {
      const page = await api.call(calls.bank.records, { type: 'deposit', page: 1, pageSize: 10 }, { ...quiet, signal });
      return page.list.filter((record) => record.status === 'pending');
    },
    enabled: token !== null,
    refetchInterval: live ? false : INCOMING_POLL_MS,
    meta: quiet,
  });
}

export function useTradeRecords(filter: RecordsFilter) {
  const token = useSession((s) => s.token);
  return useInfiniteQuery({
    queryKey: bankKeys.records(filter),
    queryFn: ({ pageParam, signal }) => api.call(calls.bank.records, { ...filter, page: pageParam, pageSize: RECORDS_PAGE_SIZE }, { ...quiet, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total && last.list.length > 0 ? last.page + 1 : undefined),
    enabled: token !== null,
    meta: quiet,
  });
}

/**
 * One record followed until it settles (a withdrawal waiting for review or being sent): the newest
 * records of its type are asked every 5 s and the one with its id picked out.
 */
export function useTrackedRecord(initial: TradeRecord | undefined) {
  const settled = (status: TradeRecord['status'] | undefined) => status === 'completed' || status === 'failed' || status === 'rejected';
  return useQuery({
    queryKey: bankKeys.record(initial?.type ?? 'none', initial?.id ?? 0),
    queryFn: async ({ signal }) => {
      const page = await api.call(calls.bank.records, { type: initial!.type, currency: initial!.currency, page: 1, pageSize: 20 }, { ...quiet, signal });
      return page.list.find((r) => r.id === initial!.id) ?? initial!;
    },
    enabled: initial !== undefined,
    initialData: initial,
    initialDataUpdatedAt: 0,
    refetchInterval: (query) => (settled(query.state.data?.status) ? false : 5_000),
    meta: quiet,
  });
}

/**
 * Money calls. The client gives each request an idempotency key before its first attempt; screens
 * pass their own `requestId` from an IntentKey (api/idempotency.ts), so that pressing again after a
 * timeout replays the same request.
 */
export function useWithdraw() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof bankCalls.cashoutSubmit>) =>
      withTwoFactor('withdraw', (code) => api.call(calls.bank.cashoutSubmit, withCode(body, code), { loading: true })),
    onSuccess: (reply) => {
      applyBalances(client, reply.balances);
      void client.invalidateQueries({ queryKey: bankKeys.records() });
    },
    meta: quiet,
  });
}

export function useExchange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof bankCalls.currencyExchangeSubmit>) => api.call(calls.bank.currencyExchangeSubmit, body, { loading: true }),
    onSuccess: (reply) => {
      applyBalances(client, reply.balances);
      void client.invalidateQueries({ queryKey: bankKeys.records() });
    },
    meta: quiet,
  });
}

/**
 * The block explorer's link for a transaction, from the site configuration (SPEC section 9). None
 * while the settings load or when they carry no explorer: the devnet's transactions exist only on
 * this server, so a public explorer would show nothing.
 */
export function useExplorerTxUrl(): (txId: string) => string | undefined {
  const template = useExplorerLinks()?.transaction;
  if (typeof template !== 'string' || !template) return () => undefined;
  // A template with `{id}`, or a prefix the id is appended to, as the block links take.
  return (txId) => (template.includes('{id}') ? template.replace('{id}', encodeURIComponent(txId)) : `${template}${encodeURIComponent(txId)}`);
}
