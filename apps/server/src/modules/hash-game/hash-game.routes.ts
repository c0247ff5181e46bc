import { hashGameCalls } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/rpc.ts';
import type { SessionService } from '../player/session.service.ts';
import type { HashGameService } from './hash-game.service.ts';

export function registerHashGameRoutes(app: FastifyInstance, sessions: SessionService, hashGames: HashGameService) {
  registerCall(app, sessions, hashGameCalls.bet, (ctx) => hashGames.bet(ctx.session.playerId, ctx.body));
  registerCall(app, sessions, hashGameCalls.round, (ctx) => hashGames.round(ctx.body.gameId));
  registerCall(app, sessions, hashGameCalls.results, (ctx) => hashGames.results(ctx.body.gameId, ctx.body.limit, ctx.body.beforeRound));
  registerCall(app, sessions, hashGameCalls.myBets, (ctx) => hashGames.myBets(ctx.session.playerId, ctx.body.gameId));
  registerCall(app, sessions, hashGameCalls.betRecord, (ctx) => hashGames.betRecord(ctx.session.playerId, ctx.body));
  registerCall(app, sessions, hashGameCalls.betDetail, (ctx) => hashGames.betDetail(ctx.session.playerId, ctx.body.betId));
  registerCall(app, sessions, hashGameCalls.verify, async (ctx) => hashGames.verify(ctx.body));
}
