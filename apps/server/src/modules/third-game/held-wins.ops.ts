import { formatMicro, heldWinsOpsCalls } from '@lobby/contract';
import type { Db } from '../../db/database.ts';
import { fail } from '../../http/app-error.ts';
import type { OpsRegistrar } from '../../http/ops-call.ts';
import { approvalRequestView } from '../approvals/approvals.routes.ts';
import type { Approvals } from '../approvals/approvals.service.ts';
import { heldWinFailure, requestHeldWinRelease } from './held-win-release.ts';
import type { HeldWin, HeldWins } from './held-wins.ts';

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
 * Operator calls on aggregator wins held as implausible: list them, ask a second person to release one
 * to its player (`heldWin.release`, decided through the approvals calls), or reject it back to the
 * aggregator's settlement, which stays one person's. A decision is kept on the held win under the
 * deciding person's name with its reason, and taken once: repeating it answers the same, the opposite
 * decision afterwards is refused.
 */
export function registerHeldWinsOpsRoutes(ops: OpsRegistrar, heldWins: HeldWins, approvals: Approvals, db: Db): void {
  ops.register(heldWinsOpsCalls.list, async ({ body }) => ({ list: (await heldWins.list(body)).map(view) }));

  ops.register(heldWinsOpsCalls.release, async ({ body, actor, audit }) => {
    audit.target = `held-win:${body.id}`;
    const win = await heldWins.find(body.id);
    if (!win) throw fail('INVALID_PARAMETERS', `no held win ${body.id}`);
    if (win.status === 'rejected') throw fail('UPDATE_FAILED', `held win ${body.id} was rejected`);
    const request = win.status === 'held' ? await requestHeldWinRelease(approvals, db, win, actor, body.reason) : null;
    audit.after = {
      playerId: win.playerId,
      currency: win.currency,
      amount: formatMicro(win.amount),
      status: win.status,
      approvalRequest: request ? Number(request.id) : null,
    };
    return { heldWin: view(win), decidedNow: false, approvalRequest: request ? approvalRequestView(request) : null };
  });

  ops.register(heldWinsOpsCalls.reject, async ({ body, actor, audit }) => {
    audit.target = `held-win:${body.id}`;
    const { win, decidedNow } = await heldWins.reject(body.id, actor.name, body.reason).catch(heldWinFailure);
    audit.after = { playerId: win.playerId, currency: win.currency, amount: formatMicro(win.amount), status: win.status, decidedNow };
    return { heldWin: view(win), decidedNow };
  });
}
