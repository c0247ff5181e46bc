import { formatMicro, heldWinsOpsCalls } from '@lobby/contract';
import { fail } from '../../http/app-error.ts';
import type { OpsRegistrar } from '../../http/ops-call.ts';
import { HeldWinDecisionError, type HeldWin, type HeldWins } from './held-wins.ts';

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
 * Operator calls on aggregator wins held as implausible: list them, release one to its player or reject
 * it back to the aggregator's settlement. A decision is kept on the held win under the actor's name
 * with its reason, and taken once: repeating it answers the same, the opposite decision afterwards is
 * refused.
 */
export function registerHeldWinsOpsRoutes(ops: OpsRegistrar, heldWins: HeldWins): void {
  ops.register(heldWinsOpsCalls.list, async ({ body }) => ({ list: (await heldWins.list(body)).map(view) }));

  for (const decision of ['release', 'reject'] as const) {
    ops.register(heldWinsOpsCalls[decision], async ({ body, actor, audit }) => {
      audit.target = `held-win:${body.id}`;
      try {
        const { win, decidedNow } = decision === 'release' ? await heldWins.release(body.id, actor.name, body.reason) : await heldWins.reject(body.id, actor.name, body.reason);
        audit.after = { playerId: win.playerId, currency: win.currency, amount: formatMicro(win.amount), status: win.status, decidedNow };
        return { heldWin: view(win), decidedNow };
      } catch (error) {
        if (error instanceof HeldWinDecisionError) throw fail(error.kind === 'missing' ? 'INVALID_PARAMETERS' : 'UPDATE_FAILED', error.message);
        throw error;
      }
    });
  }
}
