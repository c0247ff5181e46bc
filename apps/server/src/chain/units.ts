// TRX (sun) and USDT both have 6 decimals, so one exact parser serves both. Money never passes
// through a float: "0.1" + "0.2" must be 300000 micro-units, not 300000.00000000004.

export const DECIMALS = 6;
export const MICRO_PER_UNIT = 1_000_000n;
/** Largest amount a TRON int64 field can carry. */
export const MAX_INT64 = (1n << 63n) - 1n;

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * Parses a non-negative decimal string ("1", "1.5", "0.000001") into micro-units.
 * Rejects signs, exponents, more than 6 decimals, empty parts ("1.", ".5") and values beyond int64.
 */
export function parseUnits(input: string): bigint {
  if (typeof input !== 'string') throw new RangeError('amount must be a decimal string');
  const m = DECIMAL.exec(input.trim());
  if (!m) throw new RangeError(`not a plain decimal amount: ${JSON.stringify(input)}`);
  const [, whole, frac = ''] = m;
  if (frac.length > DECIMALS) throw new RangeError(`amount has more than ${DECIMALS} decimals: ${input}`);
  const micro = BigInt(whole) * MICRO_PER_UNIT + BigInt(frac.padEnd(DECIMALS, '0'));
  if (micro > MAX_INT64) throw new RangeError(`amount too large: ${input}`);
  return micro;
}

/** Micro-units to the shortest exact decimal string ("1.5", "0.000001", "12"). */
export function formatUnits(micro: bigint): string {
  const negative = micro < 0n;
  const abs = negative ? -micro : micro;
  const whole = abs / MICRO_PER_UNIT;
  const frac = (abs % MICRO_PER_UNIT).toString().padStart(DECIMALS, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

/**
 * Reads an integer amount in base units from JSON: a safe integer number, a string of digits, or a bigint.
 * Node APIs carry int64 as JSON numbers, which lose precision past 2^53; json.ts turns those into strings.
 */
export function toBigIntAmount(value: unknown, what = 'amount'): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return BigInt(value);
  throw new RangeError(`${what} must be an integer, got ${JSON.stringify(value)}`);
}
