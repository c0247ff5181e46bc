import { BetStatus } from '@lobby/contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { create } from 'zustand';
import { useAutoBetStatus } from './queries/auto-bet';

/** Where the player is; kept by a bridge inside the router, for hosts that sit outside it. */
export const useRoute = create<{ pathname: string; search: string }>(() => ({
  pathname: typeof location === 'undefined' ? '/' : location.pathname,
  search: typeof location === 'undefined' ? '' : location.search,
}));

/** The third-party game screen: the whole screen is the game's. */
const GAME_PATH = '/webview';
const HASH_GAME_PATH = '/hashGame';

/** Whether the player's own bets on this hash game (as the game screen holds them) include one not yet settled. */
function hasOpenHashBet(client: QueryClient, gameId: number): boolean {
  if (!Number.isSafeInteger(gameId) || gameId <= 0) return false;
  // The key of hashPlayerKeys.myBets, spelled out so the lobby's first download does not carry the hash game's queries.
  const bets = client.getQueryData<{ status: number }[]>(['player', 'hashGame', 'myBets', gameId]);
  return bets?.some((bet) => bet.status === BetStatus.UNSETTLED) ?? false;
}

/**
 * Whether the player is in the middle of play: an auto-bet is running, a third-party game is open,
 * or they are on a hash game with a bet waiting for its block. Notices that arrive on their own
 * wait while this holds, so no popup lands on the controls of a game or of the auto-bet panel.
 */
export function isBusy(route: { pathname: string; search: string }, autoBetRunning: boolean, openHashBet: (gameId: number) => boolean): boolean {
  if (autoBetRunning || route.pathname === GAME_PATH) return true;
  if (route.pathname !== HASH_GAME_PATH) return false;
  return openHashBet(Number(new URLSearchParams(route.search).get('gameId')));
}

export function useIsBusy(): boolean {
  const route = useRoute();
  const autoBet = useAutoBetStatus().data?.isOpen === true;
  const client = useQueryClient();
  const gameId = route.pathname === HASH_GAME_PATH ? Number(new URLSearchParams(route.search).get('gameId')) : 0;
  const openBet = useSyncExternalStore(
    (changed) => client.getQueryCache().subscribe(changed),
    () => hasOpenHashBet(client, gameId),
  );
  return isBusy(route, autoBet, () => openBet);
}
