import { formatMicro, type CurrencyCode } from '@lobby/contract';
import type { Db } from '../../db/database.ts';
import type { StaffActor } from '../../http/ops-call.ts';
import type { ApprovalRequest, Approvals } from '../approvals/approvals.service.ts';
import { requestOnce } from '../approvals/request-once.ts';
import type { WalletSettings } from './settings.ts';
import type { WithdrawalRow, WithdrawalService } from './withdrawal.service.ts';

export const WITHDRAWAL_APPROVAL = 'withdrawal.approve';

/** A withdrawal awaiting review whose approval waits for a second person, as kept in the request's payload. */
export interface WithdrawalApproval {
  /** Decimal text: the id is a bigint. */
  withdrawalId: string;
  playerId: number;
  currency: CurrencyCode;
  /** Decimal text, exact and readable by whoever decides. */
  amount: string;
  toAddress: string;
}

/**
 * Registers the `withdrawal.approve` kind: once a second person holding finance.withdrawals.review
 * approves, the withdrawal is queued through the wallet's own approval, in the deciding transaction.
 * That approval moves it only from `pending_review`, so it is sent once whatever is decided twice; a
 * withdrawal rejected meanwhile fails the request and stays rejected.
 */
export function registerWithdrawalApproval(approvals: Approvals, withdrawals: WithdrawalService): void {
  approvals.register<WithdrawalApproval>(WITHDRAWAL_APPROVAL, {
    permission: 'finance.withdrawals.review',
    execute: async (approval, context) => {
      const row = await withdrawals.approveIn(context.trx, BigInt(approval.withdrawalId));
      context.afterCommit(() => withdrawals.approved(row));
      return { withdrawalId: approval.withdrawalId, status: row.status };
    },
  });
}

/** Whether approving `row` takes a second person (CONSOLE.md "Four eyes"): it awaits review and is at or above its currency's threshold. */
export function approvalNeedsSecondPerson(row: WithdrawalRow, settings: WalletSettings): boolean {
  return row.status === 'pending_review' && row.amount >= settings.withdrawal.limits[row.currency].fourEyes;
}

/** Asks a second person to approve `row`; asking again while a request waits answers that request. */
export function requestWithdrawalApproval(approvals: Approvals, db: Db, row: WithdrawalRow, actor: StaffActor, reason: string): Promise<ApprovalRequest> {
  const withdrawalId = row.id.toString();
  return requestOnce<WithdrawalApproval>(approvals, db, {
    kind: WITHDRAWAL_APPROVAL,
    subject: { withdrawalId },
    payload: { withdrawalId, playerId: row.player_id, currency: row.currency, amount: formatMicro(row.amount), toAddress: row.to_address },
    actor,
    reason,
  });
}
