import { MICRO_PER_UNIT, MONEY_DECIMALS } from './constants.ts';

// Without zod, so a screen that only reads and writes amounts (the lobby's bonus popup) can import
// this alone (`@lobby/contract/micro`) without bringing the schemas into its first download.

/** Largest amount we accept anywhere: 10^12 units, far above any real balance, far below int8. */
export const MAX_MICRO = 10n ** 18n;

const DECIMAL = /^(0|[1-9]\d{0,17})(\.\d{1,6})?$/;

/**
 * Parses a decimal amount exactly into micro-units. Numbers are read through their shortest
 * decimal spelling, so 0.1 is 100000 micro-units, never 99999.
 * Returns undefined for anything that is not a plain non-negative decimal with at most 6 places.
 */
export function parseMicro(value: unknown): bigint | undefined {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return undefined;
    text = String(value);
    if (/e/i.test(text)) return undefined;
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return undefined;
  }
  if (!DECIMAL.test(text)) return undefined;
  const [whole, fraction = ''] = text.split('.');
  const micro = BigInt(whole) * MICRO_PER_UNIT + BigInt(fraction.padEnd(MONEY_DECIMALS, '0'));
  return micro > MAX_MICRO ? undefined : micro;
}

/** Formats micro-units as a decimal string without trailing zeros ("12.5", "0", "-3.000001"). */
export function formatMicro(micro: bigint): string {
  const negative = micro < 0n;
  const abs = negative ? -micro : micro;
  const whole = abs / MICRO_PER_UNIT;
  const fraction = (abs % MICRO_PER_UNIT).toString().padStart(MONEY_DECIMALS, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
