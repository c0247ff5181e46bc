import { referralCalls, referralOpsCalls } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import type { OpsRegistrar } from '../../http/ops-call.ts';
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

/**
 * Operator calls on the pairs flagged as self-referral (ECONOMY.md "Referral"): list them, and clear
 * one, which releases what it held. A clear is kept on the review row under the actor's name.
 */
export function registerReferralOpsRoutes(ops: OpsRegistrar, referral: ReferralService): void {
  ops.register(referralOpsCalls.reviews, ({ body }) => referral.reviews(body));

  ops.register(referralOpsCalls.clear, async ({ body, actor, audit }) => {
    const result = await referral.clearReview({ ...body, by: actor.name });
    audit.after = { inviterId: result.inviterId, released: result.released, changed: result.changed };
    return result;
  });
}
