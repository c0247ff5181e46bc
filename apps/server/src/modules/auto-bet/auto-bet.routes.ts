import { autoBetCalls } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/rpc.ts';
import type { SessionService } from '../player/session.service.ts';
import type { AutoBetService } from './auto-bet.service.ts';

export function registerAutoBetRoutes(app: FastifyInstance, sessions: SessionService, autoBet: AutoBetService) {
  registerCall(app, sessions, autoBetCalls.gameList, (ctx) => autoBet.gameList(ctx.lang));
  registerCall(app, sessions, autoBetCalls.strategy, (ctx) => autoBet.strategy(ctx.session.playerId, ctx.body.gameId));
  registerCall(app, sessions, autoBetCalls.strategyUpdate, (ctx) => autoBet.strategyUpdate(ctx.session.playerId, ctx.body));
  registerCall(app, sessions, autoBetCalls.start, (ctx) => autoBet.start(ctx.session.playerId, ctx.body, ctx.request.country));
  registerCall(app, sessions, autoBetCalls.stop, (ctx) => autoBet.stop(ctx.session.playerId));
  registerCall(app, sessions, autoBetCalls.openLog, (ctx) => autoBet.openLog(ctx.session.playerId, ctx.body.gameId, ctx.body.simulate));
  registerCall(app, sessions, autoBetCalls.clearLog, (ctx) => autoBet.clearLog(ctx.session.playerId, ctx.body.gameId, ctx.body.simulate));
  registerCall(app, sessions, autoBetCalls.playerStatus, (ctx) => autoBet.playerStatus(ctx.session.playerId));
}
