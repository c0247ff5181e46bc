/**
 * Conversions the economy forms need, all on text and integers: rates are stored as integer parts per
 * million and edited as percentages; USDT amounts are decimal text compared as micro-units.
 */

/** Game types that earn rebates and commission, in the order the tables show them (ECONOMY.md). */
export const RATE_GAME_TYPES = [1, 2, 10, 11, 12, 13, 14, 15] as const;

const PERCENT = /^\d{1,3}(\.\d{1,4})?$/;

/** 5000 ppm → "0.5" (percent). */
export function ppmToPercent(ppm: number): string {
  const whole = Math.trunc(ppm / 10_000);
  const fraction = String(ppm % 10_000)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** "0.55" (percent) → 5500 ppm; undefined when the text is not a percentage with at most 4 decimals. */
export function percentToPpm(text: string): number | undefined {
  const value = text.trim();
  if (!PERCENT.test(value)) return undefined;
  const [whole, fraction = ''] = value.split('.');
  return Number(whole) * 10_000 + Number(fraction.padEnd(4, '0'));
}

const DECIMAL = /^\d{1,12}(\.\d{1,6})?$/;

/** "12.5" → 12_500_000n micro-units; undefined when it is not a non-negative decimal of at most 6 places. */
export function toMicro(text: string): bigint | undefined {
  const value = text.trim();
  if (!DECIMAL.test(value)) return undefined;
  const [whole, fraction = ''] = value.split('.');
  return BigInt(whole!) * 1_000_000n + BigInt(fraction.padEnd(6, '0'));
}

/** One difference between two JSON values: where, what it was, what it is. */
export interface Difference {
  path: string[];
  before: unknown;
  after: unknown;
}

/** Every leaf that differs between two JSON values (a missing side is undefined). */
export function differences(before: unknown, after: unknown, path: string[] = []): Difference[] {
  const isTree = (value: unknown) => value !== null && typeof value === 'object';
  if (isTree(before) && isTree(after)) {
    const keys = new Set([...Object.keys(before as object), ...Object.keys(after as object)]);
    return [...keys].flatMap((key) => differences((before as Record<string, unknown>)[key], (after as Record<string, unknown>)[key], [...path, key]));
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  return [{ path, before, after }];
}
