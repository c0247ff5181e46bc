import { GAME_CURRENCY, type CallRequest, type CallResponse, type Game, type thirdGameCalls } from '@lobby/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../api';
import { calls } from '../../api/calls';
import { detectOs } from '../../config/app';
import { useSession } from '../session';
import { applyBalances, refreshBalances, type Balances } from './balances';

type EnterRequest = CallRequest<typeof thirdGameCalls.enter>;

export type ThirdGameRecordRequest = CallRequest<typeof thirdGameCalls.betRecord>;
export type ThirdGameRound = CallResponse<typeof thirdGameCalls.betRecord>['list'][number];

export const thirdGameKeys = {
  records: () => ['player', 'thirdGame', 'records'] as const,
  recordPage: (request: ThirdGameRecordRequest) => [...thirdGameKeys.records(), request] as const,
};

/**
 * Entering a provider's game: each opening asks for a fresh launch address, so nothing is cached.
 * Feature refusals (30007: a first deposit is required, for instance) come back to the caller, which
 * words them; the client itself reports network failures and the codes it always shows.
 */
export function useEnterThirdGame() {
  return useCallback(
    (game: Game, language: string, signal?: AbortSignal) =>
      api.call(
        calls.thirdGame.enter,
        {
          aggregator: game.aggregator,
          manufacturer: game.manufacturer,
          gameCode: game.gameCode,
          // Home data types it as any number; the contract narrows it to the game type codes.
          gameType: game.gameType as EnterRequest['gameType'],
          gameId: game.id,
          language,
          currency: GAME_CURRENCY,
          ipAddress: useSession.getState().clientIp || undefined,
          platformCode: detectOs(),
        },
        { loading: true, signal },
      ),
    [],
  );
}

/**
 * Leaving a provider's game closes its session on the server, which answers the balances after the
 * last win: they go into the one balance source, so the lobby shows them at once. If the answer is
 * lost, the balances are asked again instead.
 */
export function useExitThirdGame() {
  const client = useQueryClient();
  return useCallback(
    async (gameId?: number): Promise<Balances | undefined> => {
      if (!useSession.getState().token) return undefined;
      try {
        const reply = await api.call(calls.thirdGame.exit, gameId === undefined ? {} : { gameId }, { silent: true });
        applyBalances(client, reply.balances);
        return reply.balances;
      } catch {
        await refreshBalances(client);
        return undefined;
      }
    },
    [client],
  );
}

/** While a game is played, the wallet moves under it: the lobby's balances are asked again when the game says so. */
export function useRefreshBalances() {
  const client = useQueryClient();
  return useCallback(() => void refreshBalances(client), [client]);
}

/** A page of the player's third-party rounds (`/betRecord`, third-party tab), newest first. */
export function useThirdGameRecord(request: ThirdGameRecordRequest) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: thirdGameKeys.recordPage(request),
    queryFn: ({ signal }) => api.call(calls.thirdGame.betRecord, request, { silent: true, signal }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    meta: { silent: true },
  });
}
