import { FAVOURITE_GAMES_CAP, type FoundGame, type Game } from '@lobby/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../api';
import { calls } from '../../api/calls';
import { useSession } from '../session';
import { useSettings } from '../settings';

/**
 * The lobby's search across categories (public, per keyword) and the player's own rows of games:
 * favourites and recently played, under 'player' so a logout drops them with the rest.
 */
export const shelfKeys = {
  search: (keyword: string) => ['app', 'lobby', 'search', keyword] as const,
  favourites: () => ['player', 'lobby', 'favourites'] as const,
  recent: () => ['player', 'lobby', 'recent'] as const,
};

const quiet = { silent: true } as const;

/** Keywords as the search compares them: one space between words, no spaces around. */
export const searchKeyword = (text: string) => text.trim().replace(/\s+/g, ' ').slice(0, 64);

/** Games of every category and vendor whose name or vendor holds the keyword; nothing is asked for an empty one. */
export function useGameSearch(text: string) {
  const keyword = searchKeyword(text);
  const language = useSettings((s) => s.language);
  return useQuery({
    queryKey: shelfKeys.search(keyword),
    queryFn: async ({ signal }): Promise<FoundGame[]> => (await api.call(calls.lobby.searchGames, { keyword, limit: 60, language }, { ...quiet, signal })).list,
    enabled: keyword.length > 0,
    staleTime: 60_000,
    // While the player types, the last results stay until the next ones arrive.
    placeholderData: keepPreviousData,
    meta: quiet,
  });
}

export function useFavourites() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: shelfKeys.favourites(),
    queryFn: async ({ signal }): Promise<Game[]> => (await api.call(calls.lobby.favourites, {}, { ...quiet, signal })).list,
    enabled: token !== null,
    staleTime: 5 * 60_000,
    meta: quiet,
  });
}

export function useRecentGames() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: shelfKeys.recent(),
    queryFn: async ({ signal }): Promise<Game[]> => (await api.call(calls.lobby.recentGames, {}, { ...quiet, signal })).list,
    enabled: token !== null,
    meta: quiet,
  });
}

export class FavouritesFullError extends Error {
  constructor(readonly cap: number) {
    super(`at most ${cap} favourites`);
  }
}

/**
 * Marks or unmarks a favourite. The row changes at once and goes back if the server refuses; the
 * cap is checked here first, so a full row says so in the player's words rather than the server's.
 */
export function useToggleFavourite() {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: async ({ game, on }: { game: Game; on: boolean }) => {
      if (on) await api.call(calls.lobby.addFavourite, { gameId: game.id });
      else await api.call(calls.lobby.removeFavourite, { gameId: game.id });
    },
    onMutate: async ({ game, on }) => {
      await client.cancelQueries({ queryKey: shelfKeys.favourites() });
      const before = client.getQueryData<Game[]>(shelfKeys.favourites());
      client.setQueryData<Game[]>(shelfKeys.favourites(), (list = []) =>
        on ? [game, ...list.filter((g) => g.id !== game.id)] : list.filter((g) => g.id !== game.id),
      );
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) client.setQueryData(shelfKeys.favourites(), context.before);
    },
    onSettled: () => client.invalidateQueries({ queryKey: shelfKeys.favourites() }),
  });
  const { mutateAsync } = mutation;
  return useCallback(
    async (game: Game, on: boolean) => {
      const count = client.getQueryData<Game[]>(shelfKeys.favourites())?.length ?? 0;
      if (on && count >= FAVOURITE_GAMES_CAP) throw new FavouritesFullError(FAVOURITE_GAMES_CAP);
      await mutateAsync({ game, on });
    },
    [client, mutateAsync],
  );
}

/**
 * After the player entered a game: a hash game of ours is recorded here (third-party games are
 * recorded by the server when it opens their session), then the row is read again.
 */
export function useRecordPlayed() {
  const client = useQueryClient();
  return useCallback(
    async (game: Game, recordHere: boolean) => {
      if (!useSession.getState().token) return;
      if (recordHere) await api.call(calls.lobby.recordPlayed, { gameId: game.id }, quiet).catch(() => undefined);
      await client.invalidateQueries({ queryKey: shelfKeys.recent() });
    },
    [client],
  );
}
