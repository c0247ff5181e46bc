import { GAME_CURRENCY, type CallRequest, type Game, type thirdGameCalls } from '@lobby/contract';
import { useCallback } from 'react';
import { api } from '../../api';
import { calls } from '../../api/calls';
import { detectOs } from '../../config/app';
import { useSession } from '../session';

type EnterRequest = CallRequest<typeof thirdGameCalls.enter>;

/**
 * Entering a provider's game: each opening asks for a fresh launch address, so nothing is cached.
 * Failures come back to the screen, which words them (a first deposit is required, for instance).
 */
export function useEnterThirdGame() {
  return useCallback(
    (game: Game, language: string, signal: AbortSignal) =>
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
