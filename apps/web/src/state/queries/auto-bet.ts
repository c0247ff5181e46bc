import {
  AUTO_BET_POLL_MS,
  AutoBetWakeUpType,
  type autoBetCalls,
  type CallRequest,
  type CallResponse,
  type CurrencyCode,
  type HashGameId,
} from '@lobby/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { create } from 'zustand';
import { api } from '../../api';
import { calls } from '../../api/calls';
import { onPlayerEvent } from '../realtime';
import { useSession } from '../session';

export type AutoBetStatus = CallResponse<typeof autoBetCalls.playerStatus>;
export type AutoBetLog = CallResponse<typeof autoBetCalls.openLog>;
export type AutoBetGame = CallResponse<typeof autoBetCalls.gameList>[number];
export type AutoBetStrategy = CallResponse<typeof autoBetCalls.strategy>;
export type AutoBetStartInput = CallRequest<typeof autoBetCalls.start>;

// Player-scoped keys start with 'player', so a logout drops them with everything else of the player.
export const autoBetKeys = {
  all: ['player', 'autoBet'] as const,
  status: () => [...autoBetKeys.all, 'status'] as const,
  log: (gameId: number, simulate: boolean) => [...autoBetKeys.all, 'log', gameId, simulate] as const,
  games: () => [...autoBetKeys.all, 'games'] as const,
  strategy: (gameId: number) => [...autoBetKeys.all, 'strategy', gameId] as const,
};

/** Which log the global panel shows; it stays up after a run ends until the player closes it. */
interface PanelState {
  shown: boolean;
  gameId: HashGameId | null;
  simulate: boolean;
}
export const useAutoBetPanel = create<PanelState>(() => ({ shown: false, gameId: null, simulate: false }));
export const showAutoBetLog = (gameId: HashGameId, simulate: boolean) => useAutoBetPanel.setState({ shown: true, gameId, simulate });
export const hideAutoBetLog = () => useAutoBetPanel.setState({ shown: false });

export function useAutoBetStatus() {
  const token = useSession((s) => s.token);
  const client = useQueryClient();
  useEffect(() => {
    if (!token) return;
    return onPlayerEvent('autoBet', () => void client.invalidateQueries({ queryKey: autoBetKeys.all }));
  }, [token, client]);
  return useQuery({
    queryKey: autoBetKeys.status(),
    queryFn: ({ signal }) => api.call(calls.autoBet.playerStatus, {}, { silent: true, signal }),
    enabled: token !== null,
    staleTime: AUTO_BET_POLL_MS,
    refetchInterval: (query) => (query.state.data?.isOpen ? AUTO_BET_POLL_MS : false),
    meta: { silent: true },
  });
}

/** The log, polled every 2 s while the server says the run is open, and no longer once it is closed. */
export function useAutoBetLog(gameId: HashGameId | null, simulate: boolean) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: autoBetKeys.log(gameId ?? 0, simulate),
    queryFn: ({ signal }) => api.call(calls.autoBet.openLog, { gameId: gameId!, simulate }, { silent: true, signal }),
    enabled: token !== null && gameId !== null,
    refetchInterval: (query) => (query.state.data?.isOpen === false ? false : AUTO_BET_POLL_MS),
    meta: { silent: true },
  });
}

export function useAutoBetGames() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: autoBetKeys.games(),
    queryFn: ({ signal }) => api.call(calls.autoBet.gameList, {}, { silent: true, signal }),
    enabled: token !== null,
    staleTime: 60_000,
  });
}

export function useAutoBetStrategy(gameId: HashGameId) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: autoBetKeys.strategy(gameId),
    queryFn: ({ signal }) => api.call(calls.autoBet.strategy, { gameId }, { signal }),
    enabled: token !== null,
  });
}

export function useAutoBetControls() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: autoBetKeys.all });
  const start = useMutation({
    mutationFn: (input: AutoBetStartInput) => api.call(calls.autoBet.start, input),
    onSuccess: (_status, input) => {
      showAutoBetLog(input.gameId, input.simulate);
      return refresh();
    },
  });
  // Called twice: a bet placed between the two still finds the run closed.
  const stop = useMutation({
    mutationFn: async () => {
      await api.call(calls.autoBet.stop, {});
      return api.call(calls.autoBet.stop, {});
    },
    onSuccess: refresh,
  });
  const clear = useMutation({
    mutationFn: (key: CallRequest<typeof autoBetCalls.clearLog>) => api.call(calls.autoBet.clearLog, key),
    onSuccess: refresh,
  });
  const save = useMutation({
    mutationFn: (input: CallRequest<typeof autoBetCalls.strategyUpdate>) => api.call(calls.autoBet.strategyUpdate, input),
    onSuccess: refresh,
  });
  // Runs the saved strategy again with the finished run's game, mode and currency.
  const restart = useMutation({
    mutationFn: async ({ gameId, simulate, currency }: { gameId: HashGameId; simulate: boolean; currency: CurrencyCode }) => {
      const saved = await api.call(calls.autoBet.strategy, { gameId });
      if (!saved.currentData) return null;
      return start.mutateAsync({
        simulate,
        gameId,
        gameLevel: 0,
        currency,
        strategy: saved.currentData,
        wakeUp: saved.wakeUpData ?? { type: AutoBetWakeUpType.NONE, rule: [] },
      });
    },
    // The start inside reports its own failure; one toast is enough.
    meta: { silent: true },
  });
  return { start, stop, clear, save, restart };
}
