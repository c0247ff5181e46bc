import { formatMicro } from '@lobby/contract';
import type { Db } from '../../db/database.ts';
import { fail } from '../../http/app-error.ts';
import type { LedgerCurrency } from '../../money/ledger.service.ts';
import { BonusRepository } from './bonus.repo.ts';

/**
 * Refuses money leaving the player's hands (a withdrawal, a transfer to a merchant) in `currency`
 * while bonus wagering is outstanding in it: code 10053, whose message names the amount left.
 * Call it inside the transaction that debits the player, after locking the player.
 */
export async function assertNoWageringOutstanding(trx: Db, playerId: number, currency: LedgerCurrency): Promise<void> {
  const row = (await new BonusRepository(trx).wagering(playerId)).find((w) => w.currency === currency);
  if (row && row.outstanding > 0n) {
    const amount = formatMicro(row.outstanding);
    throw fail('WAGERING_OUTSTANDING', `${amount} ${currency} left to wager`, { amount, currency });
  }
}
