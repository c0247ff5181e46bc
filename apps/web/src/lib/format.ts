import { MONEY_DISPLAY_DECIMALS } from '@lobby/contract';

/**
 * Money arrives as decimal strings. Display rounds down to the shown places, so a balance never
 * looks larger than it is, and adds thousands separators.
 */
export function formatAmount(value: string | number | null | undefined, decimals = MONEY_DISPLAY_DECIMALS): string {
  if (value === null || value === undefined || value === '') return (0).toFixed(decimals);
  const text = typeof value === 'number' ? value.toFixed(8) : value.trim();
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return (0).toFixed(decimals);
  const [, sign, whole, fraction = ''] = match;
  const grouped = whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cut = fraction.padEnd(decimals, '0').slice(0, decimals);
  const isZero = /^0*$/.test(whole) && /^0*$/.test(cut);
  return `${sign && !isZero ? '-' : ''}${grouped}${decimals > 0 ? `.${cut}` : ''}`;
}

/** Shortens a long address for display: first 6 and last 6 characters. */
export function shortAddress(address: string, keep = 6): string {
  if (address.length <= keep * 2 + 3) return address;
  return `${address.slice(0, keep)}…${address.slice(-keep)}`;
}

/** Odds as the lobby shows them: `1:1.95`. */
export function formatOdds(rewardRate: string | null | undefined, fallback: string): string {
  const rate = rewardRate && Number(rewardRate) > 0 ? rewardRate : fallback;
  return `1:${rate}`;
}
