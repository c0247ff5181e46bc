import { formatMicro } from '@lobby/contract';
import type { Db } from '../../db/database.ts';
import { fail } from '../../http/app-error.ts';
import type { LedgerCurrency } from '../../money/ledger.service.ts';
import { BonusRepository, type WageringRow } from './bonus.repo.ts';

/** Whether a requirement still guards cash: one from before cash and bonus were apart, not yet met. */
export const guardsCash = (row: Pick<WageringRow, 'legacy' | 'outstanding'> | undefined): boolean => row !== undefined && row.legacy && row.outstanding > 0n;

/**
 * Money leaving the player's hands (a withdrawal, the exchange, a transfer) is cash only: the ledger
 * debits the cash account, so bonus money cannot leave and a bonus never locks the player's own
 * deposit. One exception remains: a requirement from before cash and bonus were apart (`legacy`,
 * migration 0022) was credited to cash and keeps guarding cash of its currency until it is met or
 * forfeited: code 10053, whose message names the amount left. Call it inside the transaction that
 * debits the player, after locking the player.
 */
export async function assertCashFree(trx: Db, playerId: number, currency: LedgerCurrency): Promise<void> {
  const row = (await new BonusRepository(trx).wagering(playerId)).find((w) => w.currency === currency);
  if (guardsCash(row)) {
    const amount = formatMicro(row!.outstanding);
    throw fail('WAGERING_OUTSTANDING', `${amount} ${currency} left to wager`, { amount, currency });
  }
}
