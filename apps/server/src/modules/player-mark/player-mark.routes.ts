import { playerMarkCalls, positiveMoneyAmount } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fail } from '../../http/app-error.ts';
import { opsTokenGuard } from '../../http/ops-guard.ts';
import { registerCall } from '../../http/rpc.ts';
import type { SessionService } from '../player/session.service.ts';
import type { PlayerMarkService } from './player-mark.service.ts';

/** The player's two calls: what the app reads before a third-party game and on the rule pages. */
export function registerPlayerMarkRoutes(http: FastifyInstance, sessions: SessionService, marks: PlayerMarkService) {
  registerCall(http, sessions, playerMarkCalls.specialInvitedAccountInfo, (ctx) => marks.specialInvitedAccountInfo(ctx.session.playerId));
  registerCall(http, sessions, playerMarkCalls.experienceGoldInfo, (ctx) => marks.experienceGoldInfo(ctx.session.playerId));
}

const note = z.string().trim().max(200).optional();
const grantBody = z
  .object({
    requestId: z.string().regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'letters, digits, _ . : - (at most 100)'),
    playerId: z.number().int().positive().max(2_147_483_647),
    amount: positiveMoneyAmount,
    note,
  })
  .strict();
const issueBody = z
  .object({
    count: z.number().int().min(1).max(100).default(1),
    maxUses: z.number().int().min(1).max(100_000).default(1),
    note,
  })
  .strict();

/**
 * Operator endpoints behind `x-ops-token` (absent without OPS_TOKEN): grant experience gold and issue
 * special invite codes. Each change is a row (grants and codes are kept with their note) and a log
 * line naming what was done; both take effect at once, without a restart.
 */
export function registerPlayerMarkOpsRoutes(http: FastifyInstance, marks: PlayerMarkService, opsToken: string | undefined): void {
  if (!opsToken) return;
  const guard = opsTokenGuard(opsToken);

  http.post('/ops/player-marks/experience-gold/grant', async (request) => {
    guard(request);
    const parsed = grantBody.safeParse(request.body ?? {});
    if (!parsed.success) throw fail('INVALID_PARAMETERS', 'send {requestId, playerId, amount, note?}; amount in USDT, e.g. "10"');
    const result = await marks.grantExperienceGold(parsed.data);
    request.log.info({ audit: 'experience_gold_grant', ...result, note: parsed.data.note ?? null }, 'experience gold granted');
    return { code: 0, msg: 'success', data: result };
  });

  http.post('/ops/player-marks/special-invite-codes/issue', async (request) => {
    guard(request);
    const parsed = issueBody.safeParse(request.body ?? {});
    if (!parsed.success) throw fail('INVALID_PARAMETERS', 'send {count?: 1-100, maxUses?: 1-100000, note?}');
    const codes = await marks.issueInviteCodes(parsed.data);
    request.log.info({ audit: 'special_invite_codes_issued', codes, maxUses: parsed.data.maxUses, note: parsed.data.note ?? null }, 'special invite codes issued');
    return { code: 0, msg: 'success', data: { codes, maxUses: parsed.data.maxUses } };
  });
}
