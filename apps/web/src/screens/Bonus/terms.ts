import type { TFunction } from 'i18next';

// Zod-free and React-free: the lobby's bonus popup builds its sentence with this alone.

/** The texts of cash and bonus balances, wagering, forfeits and claim terms. */
export const BONUS_NS = 'bonus';

/**
 * What a claim of `amount` asks before it becomes cash, said before the tap: "Paid as cash" when the
 * multiplier is 0, else the multiplier and the amount to wager (or the multiplier alone when the
 * amount is not known yet). `format` writes micro-units as the screen writes amounts.
 */
export function wagerText(
  t: TFunction,
  { multiplier, amount, currency }: { multiplier: number; amount?: bigint; currency: string },
  format: (micro: bigint) => string,
): string {
  if (multiplier === 0) return t('claim.cash');
  if (amount === undefined || amount <= 0n) return t('claim.wagerTimes', { multiplier });
  return t('claim.wager', { multiplier, amount: `\u2066${format(amount * BigInt(multiplier))} ${currency}\u2069` });
}
