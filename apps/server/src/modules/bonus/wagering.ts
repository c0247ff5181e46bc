import { formatMicro } from '@lobby/contract';
import { sql } from 'kysely';
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

/**
 * When the bonus money of a requirement is all lost (none left, none at stake), the requirement drops
 * to 0 (ECONOMY.md "Bonus money and wagering"): nothing is left to release. Requirements from before
 * the split (`legacy`, guarding cash) and experience gold (`locked`) stay. Releases nothing: the bonus
 * balance is 0. Run it after the settlement's ledger postings, which may still credit bonus money.
 */
export async function dropSpentRequirements(trx: Db, pairs: { playerId: number; currency: LedgerCurrency }[]): Promise<void> {
  if (pairs.length === 0) return;
  await sql`
    update wagering w set outstanding = 0, updated_at = now()
    from unnest(${pairs.map((p) => p.playerId)}::int4[], ${pairs.map((p) => p.currency)}::text[]) as x(player_id, currency)
    where w.player_id = x.player_id and w.currency = x.currency
      and w.outstanding > 0 and w.bonus_at_stake = 0 and not w.locked and not w.legacy
      and not exists (
        select 1 from ledger_accounts a
        where a.kind = 'player_bonus' and a.owner_id = x.player_id and a.currency = x.currency and a.balance <> 0)`.execute(trx);
}
