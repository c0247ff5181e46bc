import { referralCalls } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/rpc.ts';
import type { SessionService } from '../player/session.service.ts';
import type { ReferralService } from './referral.service.ts';

/** The promotion, proxy partner and performance screens' calls; each reads the session's own player only. */
export function registerReferralRoutes(http: FastifyInstance, sessions: SessionService, referral: ReferralService): void {
  registerCall(http, sessions, referralCalls.summary, (ctx) => referral.summary(ctx.session.playerId));
  registerCall(http, sessions, referralCalls.claim, (ctx) => referral.claim(ctx.session.playerId, ctx.body));
  registerCall(http, sessions, referralCalls.members, (ctx) => referral.members(ctx.session.playerId, ctx.body));
  registerCall(http, sessions, referralCalls.performance, (ctx) => referral.performance(ctx.session.playerId, ctx.body));
}
