import { formatMicro, parseMicro } from '@lobby/contract';
import type { Db } from '../../db/database.ts';
import { fail } from '../../http/app-error.ts';
import type { BalanceEvents } from '../../money/balance-events.ts';
import { InsufficientFundsError, type Ledger, type LedgerCurrency } from '../../money/ledger.service.ts';
import type { ApprovalContext, Approvals } from './approvals.service.ts';

export const BALANCE_ADJUSTMENT = 'balance.adjust';

/** A manual credit or debit of a player's cash, as requested and kept in the request's payload. */
export interface BalanceAdjustment {
  playerId: number;
  currency: LedgerCurrency;
  direction: 'credit' | 'debit';
  /** Decimal text (e.g. "12.5"): exact, and readable by whoever decides. */
  amount: string;
}

/**
 * Registers the `balance.adjust` kind: once approved by someone holding finance.adjust.approve, the
 * player's cash moves against the operator's adjustment account through the money kernel, in the
 * deciding transaction. The transfer's key is the request's id, so no retry pays twice; a debit the
 * cash no longer covers fails (21002) and moves nothing, since a player's cash is never negative.
 */
export function registerBalanceAdjustment(approvals: Approvals, ledger: Ledger, balances: Pick<BalanceEvents, 'changed'>): void {
  approvals.register<BalanceAdjustment>(BALANCE_ADJUSTMENT, {
    permission: 'finance.adjust.approve',
    prepare: async (adjustment, db) => {
      await requirePlayer(db, adjustment.playerId);
      return { ...adjustment, amount: formatMicro(microOf(adjustment)) };
    },
    execute: async (adjustment, context) => applyAdjustment(ledger, balances, adjustment, context),
  });
}

async function applyAdjustment(ledger: Ledger, balances: Pick<BalanceEvents, 'changed'>, adjustment: BalanceAdjustment, context: ApprovalContext) {
  const { playerId, currency } = adjustment;
  const cash = adjustment.direction === 'credit' ? microOf(adjustment) : -microOf(adjustment);
  const key = `approval:${context.request.id}`;
  try {
    const transfer = await ledger.transfer(
      {
        idempotencyKey: key,
        kind: 'operator_adjustment',
        reference: key,
        metadata: { requestedBy: context.request.requested_by_name, decidedBy: context.decidedBy.name, reason: context.request.reason },
        legs: [
          { account: { kind: 'player', playerId }, currency, amount: cash },
          { account: { kind: 'operator_adjustment' }, currency, amount: -cash },
        ],
      },
      context.trx,
    );
    if (!transfer.replayed) context.afterCommit(() => balances.changed([playerId]));
    const balance = await ledger.balance({ kind: 'player', playerId }, currency, context.trx);
    return { transferId: transfer.transferId.toString(), replayed: transfer.replayed, balanceAfter: formatMicro(balance) };
  } catch (error) {
    if (error instanceof InsufficientFundsError)
      throw fail('INSUFFICIENT_BALANCE', `player ${playerId}'s ${currency} cash does not cover ${adjustment.amount}`);
    throw error;
  }
}

function microOf(adjustment: BalanceAdjustment): bigint {
  const micro = parseMicro(adjustment.amount);
  if (micro === undefined || micro <= 0n) throw fail('INVALID_PARAMETERS', `amount ${adjustment.amount} is not a positive amount`);
  return micro;
}

async function requirePlayer(db: Db, playerId: number): Promise<void> {
  const player = await db.selectFrom('players').select('id').where('id', '=', playerId).executeTakeFirst();
  if (!player) throw fail('PLAYER_MISSING', `no player ${playerId}`);
}
