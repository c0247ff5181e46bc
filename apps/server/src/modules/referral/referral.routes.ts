import { referralCalls } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fail } from '../../http/app-error.ts';
import { opsTokenGuard } from '../../http/ops-guard.ts';
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

const reviewsBody = z
  .object({ status: z.enum(['held', 'cleared']).optional(), page: z.number().int().min(1).default(1), pageSize: z.number().int().min(1).max(200).default(50) })
  .strict();
const clearBody = z
  .object({
    playerId: z.number().int().positive().describe('The invitee of the flagged pair'),
    by: z.string().trim().min(1).max(100).describe('Who clears it, for the audit'),
    note: z.string().trim().min(1).max(500).optional(),
  })
  .strict();

/**
 * Operator endpoints behind `x-ops-token` (absent without OPS_TOKEN): the pairs flagged as
 * self-referral (ECONOMY.md "Referral") and clearing one, which releases what it held. Every clear
 * is kept on the review row (who, when, note) and logged.
 */
export function registerReferralOpsRoutes(http: FastifyInstance, referral: ReferralService, opsToken: string | undefined): void {
  if (!opsToken) return;
  const guard = opsTokenGuard(opsToken);

  http.post('/ops/referral/reviews', async (request) => {
    guard(request);
    const parsed = reviewsBody.safeParse(request.body ?? {});
    if (!parsed.success) throw fail('INVALID_PARAMETERS', "send {status?: 'held' | 'cleared', page?, pageSize?: 1-200}");
    return { code: 0, msg: 'success', data: await referral.reviews(parsed.data) };
  });

  http.post('/ops/referral/reviews/clear', async (request) => {
    guard(request);
    const parsed = clearBody.safeParse(request.body ?? {});
    if (!parsed.success) throw fail('INVALID_PARAMETERS', 'send {playerId, by, note?}');
    const result = await referral.clearReview(parsed.data);
    if (result.changed) {
      request.log.info({ audit: 'referral_review_cleared', playerId: result.playerId, inviterId: result.inviterId, by: parsed.data.by, released: result.released }, 'self-referral pair cleared');
    }
    return { code: 0, msg: 'success', data: result };
  });
}
