import { MICRO_PER_UNIT, MONEY_DECIMALS } from '@lobby/contract';
import { formatMicro, parseMicro } from '@lobby/contract/micro';

/**
 * Money in the app is exact: amounts are integer micro-units (bigint), as in the ledger.
 * Typed text becomes micro-units without passing through a float, and every sum, fee and quote is
 * integer arithmetic.
 */

/** Twelve integer digits is far beyond any balance and keeps the text inside the contract's limit. */
const MAX_WHOLE_DIGITS = 12;

/**
 * What an amount field keeps of a keystroke: digits and one decimal point, at most 6 decimals, no
 * leading zeros. A comma counts as the decimal point, as phone keypads in pt_BR, id_ID and vi_VN
 * offer one in its place.
 */
export function cleanAmountInput(raw: string, decimals = MONEY_DECIMALS): string {
  let text = raw.replace(/[\s\u00a0]/g, '');
  if (!text.includes('.') && (text.match(/,/g) ?? []).length === 1) text = text.replace(',', '.');
  text = text.replace(/[^\d.]/g, '');
  const dot = text.indexOf('.');
  let whole = dot === -1 ? text : text.slice(0, dot);
  let fraction = dot === -1 ? undefined : text.slice(dot + 1).replace(/\./g, '');
  whole = whole.replace(/^0+(?=\d)/, '').slice(0, MAX_WHOLE_DIGITS);
  if (fraction !== undefined) {
    fraction = fraction.slice(0, decimals);
    if (whole === '') whole = '0';
    return decimals > 0 ? `${whole}.${fraction}` : whole;
  }
  return whole;
}

/** The micro-units of a (cleaned) amount field; `1.` and `.5` read as 1 and 0.5. Undefined when empty or malformed. */
export function inputToMicro(text: string): bigint | undefined {
  const trimmed = text.trim();
  const match = /^(\d*)(?:\.(\d*))?$/.exec(trimmed);
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) return undefined;
  const [, whole, fraction = ''] = match;
  if (fraction.length > MONEY_DECIMALS || whole.length > 18) return undefined;
  return BigInt(whole || '0') * MICRO_PER_UNIT + BigInt(fraction.padEnd(MONEY_DECIMALS, '0'));
}

/** A server amount ("12.5") in micro-units; anything unreadable counts as zero. */
export function toMicro(value: string | null | undefined): bigint {
  if (value === null || value === undefined) return 0n;
  return parseMicro(value) ?? 0n;
}

/** Micro-units as the text an amount field holds (no grouping, no trailing zeros, in any language). */
export const microToInput = (micro: bigint): string => formatMicro(micro < 0n ? 0n : micro);

// Display lives in the one formatting module; these names stay for the screens that use them.
export { formatMicroExact, formatMicroShort } from './format';

export function sumMicro(values: readonly bigint[]): bigint {
  return values.reduce((total, value) => total + value, 0n);
}

export interface Rational {
  num: bigint;
  den: bigint;
}

/** A decimal rate ("6.4321") as an exact fraction; undefined unless it is a plain positive decimal. */
export function parseRate(rate: string): Rational | undefined {
  const match = /^(\d{1,18})(?:\.(\d{1,18}))?$/.exec(rate.trim());
  if (!match) return undefined;
  const [, whole, fraction = ''] = match;
  const den = 10n ** BigInt(fraction.length);
  const num = BigInt(whole) * den + BigInt(fraction || '0');
  return num > 0n ? { num, den } : undefined;
}

/**
 * What an exchange pays: `amount` micro-units of the source currency at `rate` (units of the target
 * per unit of the source), rounded down like the server does. Both currencies have 6 decimals, so
 * the rate applies to micro-units unchanged.
 */
export function quoteExchange(amount: bigint, rate: string): bigint {
  const fraction = parseRate(rate);
  if (!fraction || amount <= 0n) return 0n;
  return (amount * fraction.num) / fraction.den;
}

/**
 * The spread inside a pair of quoted rates, as a fraction per side. Each direction pays
 * mid × (1 − s) or (1 / mid) × (1 − s), so their product is (1 − s)². For display only.
 */
export function spreadOf(rate: string, inverseRate: string): number | undefined {
  const a = parseRate(rate);
  const b = parseRate(inverseRate);
  if (!a || !b) return undefined;
  // Scaled to 12 digits before the float: the product of two 12-decimal rates keeps its precision.
  const scale = 10n ** 12n;
  const product = Number((a.num * b.num * scale) / (a.den * b.den)) / Number(scale);
  if (!(product > 0) || product > 1) return product > 1 ? 0 : undefined;
  return 1 - Math.sqrt(product);
}

/** The rate for display: at most `decimals` places, cut, trailing zeros dropped. */
export function formatRate(rate: string, decimals = 6): string {
  const fraction = parseRate(rate);
  if (!fraction) return rate;
  const scale = 10n ** BigInt(decimals);
  const scaled = (fraction.num * scale) / fraction.den;
  const whole = (scaled / scale).toString();
  const rest = (scaled % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  return rest ? `${whole}.${rest}` : whole;
}

/** What arrives after the fixed withdrawal fee; never below zero. */
export function afterFee(amount: bigint, fee: bigint): bigint {
  return amount > fee ? amount - fee : 0n;
}

/** The largest amount that may be sent: the available balance, capped by the limit. */
export function maxSendable(available: bigint, max: bigint): bigint {
  if (available < 0n) return 0n;
  return max > 0n && available > max ? max : available;
}
