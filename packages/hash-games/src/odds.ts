import { ODDS_SCALE, type OddsBp } from './games.ts';

/**
 * Odds as configured: an integer in 1/10000 units (19500) or a decimal string ("1.95"). A JavaScript
 * number is never read as a decimal, so 1.95 cannot sneak in as a float.
 */
export type Odds = OddsBp | string;

const DECIMAL = /^(\d{1,7})(?:\.(\d+))?$/;
const MAX_ODDS_BP = 10_000 * ODDS_SCALE;

/** Exact odds in 1/10000 units. Throws a RangeError for anything not exactly representable or below 1. */
export function parseOdds(odds: Odds): OddsBp {
  let bp: number;
  if (typeof odds === 'number') {
    if (!Number.isSafeInteger(odds)) {
      throw new RangeError(`odds as a number must be an integer in 1/10000 units, got ${odds}`);
    }
    bp = odds;
  } else if (typeof odds === 'string') {
    const match = DECIMAL.exec(odds.trim());
    if (!match) throw new RangeError(`odds must be a decimal like "1.95", got "${odds}"`);
    const fraction = match[2] ?? '';
    if (/[1-9]/.test(fraction.slice(4))) {
      throw new RangeError(`odds have more than 4 decimals: "${odds}"`);
    }
    bp = Number(match[1]) * ODDS_SCALE + Number(fraction.slice(0, 4).padEnd(4, '0'));
  } else {
    throw new RangeError(`odds must be a number or a string, got ${typeof odds}`);
  }
  // A "win" returning less than the stake is a configuration mistake, not a game.
  if (bp < ODDS_SCALE || bp > MAX_ODDS_BP) {
    throw new RangeError(`odds must be between 1 and 10000, got ${formatOdds(bp)}`);
  }
  return bp;
}

/** "1.95" for 19500: the shortest exact decimal. */
export function formatOdds(bp: OddsBp): string {
  const whole = Math.trunc(bp / ODDS_SCALE);
  const fraction = Math.abs(bp % ODDS_SCALE)
    .toString()
    .padStart(4, '0')
    .replace(/0+$/, '');
  const sign = bp < 0 && whole === 0 ? '-' : '';
  return fraction ? `${sign}${whole}.${fraction}` : `${sign}${whole}`;
}
