import { z } from 'zod';
import { NAV_IDS } from '../enums.ts';
import { game } from './app.ts';
import { body, defineCall, emptyReply, langField } from './define.ts';

/** How many games a player may keep as favourites: a row to scroll, not a second catalogue. */
export const FAVOURITE_GAMES_CAP = 50;
/** How many games the recently played row remembers. */
export const RECENT_GAMES_CAP = 12;
/** The most results one search answers. */
export const GAME_SEARCH_CAP = 60;

const gameId = z.number().int().positive().max(2_147_483_647);

export const foundGame = z.object({
  game,
  navId: z.literal(NAV_IDS).describe('The category the game is shown in (mini games sit with crypto)'),
  vendorName: z.string().describe("The game's vendor, as the vendor selector names it"),
});
export type FoundGame = z.infer<typeof foundGame>;

/**
 * Designed calls: the lobby's search across every category and vendor, and the player's own rows of
 * games (favourites and recently played), kept on the server so they follow the player to any device.
 */
export const lobbyCalls = {
  searchGames: defineCall({
    path: '/v1/lobby/searchGames',
    auth: 'public',
    summary: 'Our design: games of every category and vendor whose name or vendor contains the keyword, each with the category it is in',
    request: body({
      keyword: z.string().trim().min(1).max(64),
      limit: z.number().int().min(1).max(GAME_SEARCH_CAP).optional(),
      language: langField,
    }),
    response: z.object({ list: z.array(foundGame) }),
  }),
  favourites: defineCall({
    path: '/v1/lobby/favourites',
    auth: 'player',
    summary: "Our design: the player's favourite games still shown in the lobby, latest first",
    request: body({}),
    response: z.object({ list: z.array(game), cap: z.number().int().describe(`At most ${FAVOURITE_GAMES_CAP} favourites`) }),
  }),
  addFavourite: defineCall({
    path: '/v1/lobby/favourite/add',
    auth: 'player',
    summary: 'Our design: mark a shown game as a favourite; marking it again changes nothing; 10054 once the cap is reached, 21001 for a game not shown',
    request: body({ gameId }),
    response: emptyReply,
  }),
  removeFavourite: defineCall({
    path: '/v1/lobby/favourite/remove',
    auth: 'player',
    summary: 'Our design: unmark a favourite; a game that was not one changes nothing',
    request: body({ gameId }),
    response: emptyReply,
  }),
  recentGames: defineCall({
    path: '/v1/lobby/recentGames',
    auth: 'player',
    summary: `Our design: the games the player entered lately and still shown in the lobby, latest first (at most ${RECENT_GAMES_CAP})`,
    request: body({}),
    response: z.object({ list: z.array(game) }),
  }),
  recordPlayed: defineCall({
    path: '/v1/lobby/recentGames/add',
    auth: 'player',
    summary: 'Our design: the player entered a game of ours (hash game page); third-party games are recorded by /v1/thirdGame/enter',
    request: body({ gameId }),
    response: emptyReply,
  }),
} as const;
