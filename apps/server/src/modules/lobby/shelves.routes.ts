import { GAME_SEARCH_CAP, FAVOURITE_GAMES_CAP, lobbyCalls, type Game } from '@lobby/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerCall } from '../../http/rpc.ts';
import type { SessionService } from '../player/session.service.ts';
import type { LobbyService } from './lobby.service.ts';
import type { ShelvesService } from './shelves.service.ts';

const DEFAULT_SEARCH_LIMIT = 40;

/**
 * The lobby's search across categories and the player's rows of games. Tiles go out as the requesting
 * player can open their thumbnails, like the home data's (third-game/player-host.ts).
 */
export function registerShelfRoutes(
  app: FastifyInstance,
  sessions: SessionService,
  lobby: LobbyService,
  shelves: ShelvesService,
  tileFor: (game: Game, request: FastifyRequest) => Game = (game) => game,
) {
  registerCall(app, sessions, lobbyCalls.searchGames, async (ctx) => {
    const found = await lobby.searchGames(ctx.body.keyword, Math.min(ctx.body.limit ?? DEFAULT_SEARCH_LIMIT, GAME_SEARCH_CAP));
    return { list: found.map((entry) => ({ ...entry, game: tileFor(entry.game, ctx.request) })) };
  });
  registerCall(app, sessions, lobbyCalls.favourites, async (ctx) => ({
    list: (await shelves.favourites(ctx.session.playerId)).map((game) => tileFor(game, ctx.request)),
    cap: FAVOURITE_GAMES_CAP,
  }));
  registerCall(app, sessions, lobbyCalls.addFavourite, async (ctx) => {
    await shelves.addFavourite(ctx.session.playerId, ctx.body.gameId);
    return null;
  });
  registerCall(app, sessions, lobbyCalls.removeFavourite, async (ctx) => {
    await shelves.removeFavourite(ctx.session.playerId, ctx.body.gameId);
    return null;
  });
  registerCall(app, sessions, lobbyCalls.recentGames, async (ctx) => ({
    list: (await shelves.recentGames(ctx.session.playerId)).map((game) => tileFor(game, ctx.request)),
  }));
  registerCall(app, sessions, lobbyCalls.recordPlayed, async (ctx) => {
    await shelves.recordPlayed(ctx.session.playerId, ctx.body.gameId);
    return null;
  });
}
