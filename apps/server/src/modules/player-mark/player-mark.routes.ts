import { formatMicro, playerMarkCalls, playerMarksOpsCalls } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { fail } from '../../http/app-error.ts';
import type { OpsRegistrar } from '../../http/ops-call.ts';
import { registerCall } from '../../http/rpc.ts';
import type { SessionService } from '../player/session.service.ts';
import type { PlayerMarkService } from './player-mark.service.ts';

/** The player's two calls: what the app reads before a third-party game and on the rule pages. */
export function registerPlayerMarkRoutes(http: FastifyInstance, sessions: SessionService, marks: PlayerMarkService) {
  registerCall(http, sessions, playerMarkCalls.specialInvitedAccountInfo, (ctx) => marks.specialInvitedAccountInfo(ctx.session.playerId));
  registerCall(http, sessions, playerMarkCalls.experienceGoldInfo, (ctx) => marks.experienceGoldInfo(ctx.session.playerId));
}

/**
 * The operator's levers: grant experience gold, at most `experienceGoldGrantMax` micro-USDT a grant,
 * and issue special invite codes. Each is a row (grants and codes are kept with their note) and takes
 * effect at once, without a restart.
 */
export function registerPlayerMarkOpsRoutes(ops: OpsRegistrar, marks: PlayerMarkService, experienceGoldGrantMax: bigint): void {
  ops.register(playerMarksOpsCalls.grantExperienceGold, async ({ body }) => {
    if (body.amount > experienceGoldGrantMax) throw fail('INVALID_PARAMETERS', `amount: at most ${formatMicro(experienceGoldGrantMax)} USDT a grant`);
    return marks.grantExperienceGold(body);
  });

  ops.register(playerMarksOpsCalls.issueInviteCodes, async ({ body, audit }) => {
    const codes = await marks.issueInviteCodes(body);
    audit.after = { codes, maxUses: body.maxUses, note: body.note ?? null };
    return { codes, maxUses: body.maxUses };
  });

  ops.register(playerMarksOpsCalls.setUserType, async ({ body, audit }) => {
    const { before, ...result } = await marks.setUserType(body.playerId, body.userType);
    audit.before = { userType: before };
    audit.after = { userType: result.userType };
    return result;
  });
}
