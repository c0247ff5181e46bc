import { BetAddressStatus, type CallRequest, type CallResponse, type hashGameCalls } from '@lobby/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../api';
import { calls } from '../../api/calls';
import { isRealtimeConnected, onPlayerEvent, onRealtimeStatus, subscribe } from '../realtime';
import { useSession } from '../session';
import { applyBalances } from './balances';
import { useExplorerLinks } from './siteConfig';

export type HashRound = CallResponse<typeof hashGameCalls.round>;
export type HashResultRow = CallResponse<typeof hashGameCalls.results>[number];
export type HashBet = CallResponse<typeof hashGameCalls.myBets>[number];
export type HashBetDetail = CallResponse<typeof hashGameCalls.betDetail>;
export type HashBetPage = CallResponse<typeof hashGameCalls.betRecord>;
export type HashVerifyReply = CallResponse<typeof hashGameCalls.verify>;
export type BetRecordFilters = Omit<CallRequest<typeof hashGameCalls.betRecord>, 'page' | 'pageSize'> & {
  page: number;
  pageSize: number;
};
export type VerifyInput = CallRequest<typeof hashGameCalls.verify>;
type BetInput = CallRequest<typeof hashGameCalls.bet>;

/** A round as it arrived, with our clock's time of arrival for the countdown's clock correction. */
export interface RoundSnapshot {
  round: HashRound;
  receivedAt: number;
}

export const hashKeys = {
  all: ['hashGame'] as const,
  round: (gameId: number) => [...hashKeys.all, 'round', gameId] as const,
  results: (gameId: number) => [...hashKeys.all, 'results', gameId] as const,
  verify: (input: VerifyInput) => [...hashKeys.all, 'verify', input] as const,
};

// Player-scoped keys start with 'player', so a logout drops them with everything else of the player.
export const hashPlayerKeys = {
  all: ['player', 'hashGame'] as const,
  myBets: (gameId: number) => [...hashPlayerKeys.all, 'myBets', gameId] as const,
  records: () => [...hashPlayerKeys.all, 'records'] as const,
  recordPage: (filters: BetRecordFilters) => [...hashPlayerKeys.records(), filters] as const,
  detail: (betId: number) => [...hashPlayerKeys.all, 'detail', betId] as const,
  betAddresses: () => ['player', 'betAddresses'] as const,
};

export const RESULTS_SHOWN = 10;

/** Whether the websocket is up; the polls below slow down while it is. */
export function useRealtimeConnected(): boolean {
  const [connected, setConnected] = useState(isRealtimeConnected);
  useEffect(() => onRealtimeStatus(setConnected), []);
  return connected;
}

/**
 * The open round; a poll keeps it fresh when the websocket is down (or just slow to tell). Screens
 * that only want its odds and limits pass `poll: false`.
 */
export function useHashRound(gameId: number, enabled = true, poll = true) {
  const live = useRealtimeConnected();
  return useQuery({
    queryKey: hashKeys.round(gameId),
    queryFn: async ({ signal }): Promise<RoundSnapshot> => {
      const round = await api.call(calls.hashGame.round, { gameId: gameId }, { silent: true, signal });
      return { round, receivedAt: Date.now() };
    },
    enabled,
    staleTime: poll ? 1_000 : 60_000,
    refetchInterval: poll ? (live ? 15_000 : 3_000) : false,
    meta: { silent: true },
  });
}

export function useHashResults(gameId: number, enabled = true) {
  const live = useRealtimeConnected();
  return useQuery({
    queryKey: hashKeys.results(gameId),
    queryFn: ({ signal }) => api.call(calls.hashGame.results, { gameId: gameId, limit: RESULTS_SHOWN }, { silent: true, signal }),
    enabled,
    staleTime: 1_000,
    refetchInterval: live ? 30_000 : 6_000,
    meta: { silent: true },
  });
}

export function useMyBets(gameId: number, enabled = true) {
  const token = useSession((s) => s.token);
  const live = useRealtimeConnected();
  return useQuery({
    queryKey: hashPlayerKeys.myBets(gameId),
    queryFn: ({ signal }) => api.call(calls.hashGame.myBets, { gameId: gameId }, { silent: true, signal }),
    enabled: enabled && token !== null,
    staleTime: 1_000,
    refetchInterval: live ? 30_000 : 6_000,
    meta: { silent: true },
  });
}

export function useBetRecord(filters: BetRecordFilters) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: hashPlayerKeys.recordPage(filters),
    queryFn: ({ signal }) => api.call(calls.hashGame.betRecord, filters, { silent: true, signal }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    meta: { silent: true },
  });
}

export function useBetDetail(betId: number) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: hashPlayerKeys.detail(betId),
    queryFn: ({ signal }) => api.call(calls.hashGame.betDetail, { betId }, { silent: true, signal }),
    enabled: token !== null && Number.isSafeInteger(betId) && betId > 0,
    // An unsettled bet changes when its block arrives; a settled one never does.
    refetchInterval: (query) => (query.state.data?.status === 1 ? 5_000 : false),
    meta: { silent: true },
  });
}

/** How often a binding waiting for its activation transfer is asked after: the server puts it in use when the transfer is credited. */
export const BINDING_POLL_MS = 5_000;

/** Wallet addresses the player has bound for transfer bets (their transfers count as the player's). */
export function useBetAddresses(enabled: boolean) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: hashPlayerKeys.betAddresses(),
    queryFn: ({ signal }) => api.call(calls.wallet.betAddressList, {}, { silent: true, signal }),
    enabled: enabled && token !== null,
    refetchInterval: (query) =>
      query.state.data?.some(
        (entry) => entry.status === BetAddressStatus.PENDING && entry.activation && new Date(entry.activation.expiresAt).getTime() > Date.now(),
      )
        ? BINDING_POLL_MS
        : false,
    meta: { silent: true },
  });
}

export function useBindBetAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (address: string) => api.call(calls.wallet.betAddressAdd, { address }, { loading: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: hashPlayerKeys.betAddresses() }),
  });
}

export function useUnbindBetAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(calls.wallet.betAddressUnbind, { id }, { loading: true }),
    onSuccess: (list) => client.setQueryData(hashPlayerKeys.betAddresses(), list),
  });
}

/** The server's own computation of a result, to hold the local one against. */
export function useServerVerify(input: VerifyInput | null) {
  return useQuery({
    queryKey: hashKeys.verify(input ?? ({} as VerifyInput)),
    queryFn: ({ signal }) => api.call(calls.hashGame.verify, input as VerifyInput, { silent: true, signal }),
    enabled: input !== null,
    staleTime: Infinity,
    retry: false,
    meta: { silent: true },
  });
}

/** The explorer's block link from the public site configuration (a template with `{id}`), if any. */
export function useExplorerBlockTemplate(): string | null {
  const block = useExplorerLinks()?.block;
  return typeof block === 'string' && block ? block : null;
}

function upsertBet(client: QueryClient, bet: HashBet): void {
  client.setQueryData<HashBet[]>(hashPlayerKeys.myBets(bet.gameId), (list) => {
    if (!list) return list;
    const index = list.findIndex((entry) => entry.id === bet.id);
    if (index < 0) return [bet, ...list];
    const next = [...list];
    next[index] = bet;
    return next;
  });
}

export function usePlaceBet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: BetInput) => api.call(calls.hashGame.bet, input),
    onSuccess: ({ bet, balances }) => {
      upsertBet(client, bet);
      applyBalances(client, balances);
      void client.invalidateQueries({ queryKey: hashPlayerKeys.records() });
    },
    // The bet panel words its refusals itself: a refusal for funds offers a deposit instead of a toast.
    meta: { silent: true },
  });
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function looksLikeRound(data: unknown, gameId: number): data is HashRound {
  return (
    isObject(data) &&
    data.gameId === gameId &&
    typeof data.round === 'number' &&
    typeof data.closesAt === 'string' &&
    typeof data.serverTime === 'string' &&
    Array.isArray(data.levels) &&
    isObject(data.head)
  );
}

function looksLikeResult(data: unknown, gameId: number): data is HashResultRow {
  return isObject(data) && data.gameId === gameId && typeof data.round === 'number' && typeof data.blockId === 'string' && isObject(data.working);
}

function looksLikeBet(data: unknown): data is HashBet {
  return isObject(data) && typeof data.id === 'number' && typeof data.gameId === 'number' && typeof data.status === 'number';
}

/**
 * Keeps a hash game's screen live: new rounds and results from the public channels, the player's bet
 * settlements from the private one (the balance
 * follows its pushes wherever it is shown, state/queries/balances). A push in a shape this build does not know simply
 * makes the matching query ask the server again.
 */
export function useHashLive(gameId: number, enabled = true): void {
  const client = useQueryClient();
  const token = useSession((s) => s.token);

  useEffect(() => {
    if (!enabled) return;
    const offRound = subscribe(`round:${gameId}`, (data) => {
      if (looksLikeRound(data, gameId)) client.setQueryData<RoundSnapshot>(hashKeys.round(gameId), { round: data, receivedAt: Date.now() });
      else void client.invalidateQueries({ queryKey: hashKeys.round(gameId) });
    });
    const offResults = subscribe(`results:${gameId}`, (data) => {
      if (looksLikeResult(data, gameId)) {
        client.setQueryData<HashResultRow[]>(hashKeys.results(gameId), (list) =>
          [data, ...(list ?? []).filter((entry) => entry.round !== data.round)].slice(0, RESULTS_SHOWN),
        );
      } else {
        void client.invalidateQueries({ queryKey: hashKeys.results(gameId) });
      }
      // A decided round also means a new one is open.
      void client.invalidateQueries({ queryKey: hashKeys.round(gameId) });
    });
    return () => {
      offRound();
      offResults();
    };
  }, [client, gameId, enabled]);

  useEffect(() => {
    if (!enabled || !token) return;
    // One bet (`bet`) or a settled round's bets (`betSettled`, `{ round, bets }`): both carry hash bets.
    const onBets = (data: unknown) => {
      const bets = looksLikeBet(data) ? [data] : isObject(data) && Array.isArray(data.bets) ? data.bets.filter(looksLikeBet) : [];
      for (const bet of bets) {
        upsertBet(client, bet);
        void client.invalidateQueries({ queryKey: hashPlayerKeys.detail(bet.id) });
      }
      if (bets.length === 0) void client.invalidateQueries({ queryKey: hashPlayerKeys.myBets(gameId) });
      void client.invalidateQueries({ queryKey: hashPlayerKeys.records() });
    };
    const offBet = onPlayerEvent('bet', onBets);
    const offSettled = onPlayerEvent('betSettled', onBets);
    return () => {
      offBet();
      offSettled();
    };
  }, [client, gameId, enabled, token]);
}
