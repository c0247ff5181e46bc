import { formatMicro } from '@lobby/contract';
import type { Db } from '../../db/database.ts';
import { fail } from '../../http/app-error.ts';
import type { StaffActor } from '../../http/ops-call.ts';
import type { LedgerCurrency } from '../../money/ledger.service.ts';
import type { ApprovalRequest, Approvals } from '../approvals/approvals.service.ts';
import { requestOnce } from '../approvals/request-once.ts';
import { HeldWinDecisionError, type HeldWin, type HeldWins } from './held-wins.ts';

export const HELD_WIN_RELEASE = 'heldWin.release';

/** A held win whose release waits for a second person, as kept in the request's payload. */
export interface HeldWinRelease {
  heldWinId: number;
  playerId: number;
  currency: LedgerCurrency;
  /** Decimal text, exact and readable by whoever decides. */
  amount: string;
  aggregator: string;
  gameCode: string;
  round: string;
}

/**
 * Registers the `heldWin.release` kind: once a second person holding finance.held-wins approves, the
 * win is credited to its player in the deciding transaction, under the decider's name and the
 * requester's reason. The held win is locked and moves only from `held`, so it is paid once; one
 * rejected meanwhile fails the request (10021) and stays with the aggregator's settlement.
 */
export function registerHeldWinRelease(approvals: Approvals, heldWins: HeldWins): void {
  approvals.register<HeldWinRelease>(HELD_WIN_RELEASE, {
    permission: 'finance.held-wins',
    execute: async (release, context) => {
      const decision = await heldWins.releaseIn(context.trx, release.heldWinId, context.decidedBy.name, context.request.reason).catch(heldWinFailure);
      context.afterCommit(async () => heldWins.announce(decision));
      return { heldWinId: release.heldWinId, status: decision.win.status, decidedNow: decision.decidedNow };
    },
  });
}

/** Asks a second person to release `win`; asking again while a request waits answers that request. */
export function requestHeldWinRelease(approvals: Approvals, db: Db, win: HeldWin, actor: StaffActor, reason: string): Promise<ApprovalRequest> {
  return requestOnce<HeldWinRelease>(approvals, db, {
    kind: HELD_WIN_RELEASE,
    subject: { heldWinId: win.id },
    payload: {
      heldWinId: win.id,
      playerId: win.playerId,
      currency: win.currency,
      amount: formatMicro(win.amount),
      aggregator: win.aggregator,
      gameCode: win.gameCode,
      round: win.round,
    },
    actor,
    reason,
  });
}

/** A decision that cannot be taken, as the operator calls answer it: an unknown win 12, one decided the other way 10021. */
export function heldWinFailure(error: unknown): never {
  if (error instanceof HeldWinDecisionError) throw fail(error.kind === 'missing' ? 'INVALID_PARAMETERS' : 'UPDATE_FAILED', error.message);
  throw error;
}
