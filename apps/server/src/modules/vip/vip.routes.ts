import { vipCalls } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/rpc.ts';
import type { SessionService } from '../player/session.service.ts';
import type { VipService } from './vip.service.ts';

/** The five /v1/vip calls: the ladder and rates (public), the player's progress and the gift claims. */
export function registerVipRoutes(http: FastifyInstance, sessions: SessionService, vip: VipService): void {
  registerCall(http, sessions, vipCalls.queryVipUpLevelConf, async () => vip.upLevelConf());
  registerCall(http, sessions, vipCalls.queryVipReturnProfitConf, async () => vip.returnProfitConf());
  registerCall(http, sessions, vipCalls.queryVipDetail, (ctx) => vip.detail(ctx.session.playerId));
  registerCall(http, sessions, vipCalls.getVipUpLevelGift, (ctx) => vip.claimUpLevelGift(ctx.session.playerId, ctx.body));
  registerCall(http, sessions, vipCalls.getVipMonthGift, (ctx) => vip.claimMonthGift(ctx.session.playerId, ctx.body));
}
