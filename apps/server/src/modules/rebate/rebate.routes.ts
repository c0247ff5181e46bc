import { rebateCalls } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/rpc.ts';
import type { SessionService } from '../player/session.service.ts';
import type { RebateService } from './rebate.service.ts';

/** The rebate screen's calls: what is accrued, claiming it, and past claims. */
export function registerRebateRoutes(http: FastifyInstance, sessions: SessionService, rebates: RebateService): void {
  registerCall(http, sessions, rebateCalls.summary, (ctx) => rebates.summary(ctx.session.playerId));
  registerCall(http, sessions, rebateCalls.claim, (ctx) => rebates.claim(ctx.session.playerId, ctx.body));
  registerCall(http, sessions, rebateCalls.history, (ctx) => rebates.history(ctx.session.playerId, ctx.body));
}
