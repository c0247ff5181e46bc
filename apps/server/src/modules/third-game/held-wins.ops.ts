import { formatMicro } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fail } from '../../http/app-error.ts';
import { opsTokenGuard } from '../../http/ops-guard.ts';
import { HeldWinDecisionError, type HeldWin, type HeldWins } from './held-wins.ts';

const listBody = z
  .object({
    status: z.enum(['held', 'released', 'rejected']).default('held'),
    playerId: z.number().int().positive().max(2_147_483_647).optional(),
    limit: z.number().int().min(1).max(500).default(100),
  })
  .strict();
const decisionBody = z
  .object({
    id: z.number().int().positive(),
    reason: z.string().trim().min(1).max(500),
    by: z.string().trim().min(1).max(100),
  })
  .strict();

function view(win: HeldWin) {
  return {
    id: win.id,
    aggregator: win.aggregator,
    transactionUuid: win.transactionUuid,
    playerId: win.playerId,
    round: win.round,
    gameCode: win.gameCode,
    currency: win.currency,
    amount: formatMicro(win.amount),
    stakes: formatMicro(win.stakes),
    reason: win.reason,
    status: win.status,
    decidedBy: win.decidedBy,
    decisionReason: win.decisionReason,
    decidedAt: win.decidedAt?.toISOString() ?? null,
    createdAt: win.createdAt.toISOString(),
  };
}

/**
 * Operator endpoints behind `x-ops-token` (absent without OPS_TOKEN) for aggregator wins held as
 * implausible: list them, release one to its player or reject it back to the aggregator's settlement.
 * A decision names who took it and why, is kept on the held win, logged as an audit line, and taken
 * once: repeating it answers the same, the opposite decision afterwards is refused.
 */
export function registerHeldWinsOpsRoutes(http: FastifyInstance, heldWins: HeldWins, opsToken: string | undefined): void {
  if (!opsToken) return;
  const guard = opsTokenGuard(opsToken);

  http.post('/ops/provider-wallet/held-wins', async (request) => {
    guard(request);
    const parsed = listBody.safeParse(request.body ?? {});
    if (!parsed.success) throw fail('INVALID_PARAMETERS', 'send {status?: held | released | rejected, playerId?, limit?: 1-500}');
    const wins = await heldWins.list(parsed.data);
    return { code: 0, msg: 'success', data: { list: wins.map(view) } };
  });

  for (const decision of ['release', 'reject'] as const) {
    http.post(`/ops/provider-wallet/held-wins/${decision}`, async (request) => {
      guard(request);
      const parsed = decisionBody.safeParse(request.body ?? {});
      if (!parsed.success) throw fail('INVALID_PARAMETERS', 'send {id, reason, by}');
      const { id, reason, by } = parsed.data;
      try {
        const { win, decidedNow } = decision === 'release' ? await heldWins.release(id, by, reason) : await heldWins.reject(id, by, reason);
        if (decidedNow) {
          request.log.info(
            { audit: `provider_held_win_${decision}`, id, playerId: win.playerId, amount: formatMicro(win.amount), currency: win.currency, by, reason },
            `held win ${decision === 'release' ? 'released' : 'rejected'}`,
          );
        }
        return { code: 0, msg: 'success', data: { heldWin: view(win), decidedNow } };
      } catch (error) {
        if (error instanceof HeldWinDecisionError) throw fail(error.kind === 'missing' ? 'INVALID_PARAMETERS' : 'UPDATE_FAILED', error.message);
        throw error;
      }
    });
  }
}
