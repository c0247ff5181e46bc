import { defaultOddsOf, isAreaOf, ODDS_SCALE, type AreaId, type HashKind } from './games.ts';
import { parseOdds, type Odds } from './odds.ts';
import type { HashResult } from './result.ts';

export type Outcome = 'win' | 'lose' | 'draw';

/**
 * Every payout is stake × rate / RATE_SCALE rounded down, with one fixed denominator so the server can
 * settle a whole round in one set-based SQL statement (`stake * rate / 100000` on bigints) and get
 * the same micro-units as `settle`.
 */
export const RATE_SCALE = 100_000n;

const SCALE_PER_BP = RATE_SCALE / BigInt(ODDS_SCALE);

export interface RateInput {
  /** Optional cross-check: must match `result.kind` when given. */
  kind?: HashKind;
  area: AreaId | string;
  result: HashResult;
  /** Defaults to the kind's default odds for the area. */
  odds?: Odds;
}

export interface PayoutRate {
  outcome: Outcome;
  /** payout = stake × rate / RATE_SCALE, rounded down. */
  rate: bigint;
}

export interface SettleInput extends RateInput {
  /** Micro-units (6 decimals). */
  stake: bigint;
}

export interface Settlement {
  outcome: Outcome;
  /** Micro-units returned to the player, stake included; 0n when everything is lost. */
  payout: bigint;
}

export function payoutRate({ kind, area, result, odds }: RateInput): PayoutRate {
  if (kind !== undefined && kind !== result.kind) {
    throw new RangeError(`a ${kind} bet cannot be settled with a ${result.kind} result`);
  }
  if (!isAreaOf(result.kind, area)) {
    throw new RangeError(`area ${String(area)} does not belong to ${result.kind}`);
  }
  const bp = BigInt(odds === undefined ? defaultOddsOf(result.kind, area) : parseOdds(odds));

  if (result.kind === 'bull') {
    const mine = area === 'banker' ? result.banker.points : result.player.points;
    const theirs = area === 'banker' ? result.player.points : result.banker.points;
    if (mine > theirs) {
      // S + S × pX/10 × (odds − 1)
      return { outcome: 'win', rate: RATE_SCALE + BigInt(mine) * (bp - BigInt(ODDS_SCALE)) };
    }
    if (mine < theirs) {
      // S − S × pY/10
      return { outcome: 'lose', rate: (BigInt(10 - theirs) * RATE_SCALE) / 10n };
    }
    return { outcome: 'draw', rate: RATE_SCALE };
  }

  if (result.kind === 'bankerPlayer' && result.winner === 'tie' && area !== 'tie') {
    return { outcome: 'draw', rate: RATE_SCALE };
  }
  return result.winner === area ? { outcome: 'win', rate: bp * SCALE_PER_BP } : { outcome: 'lose', rate: 0n };
}

/** Settles one bet exactly: integer micro-units in and out, rounded down to the micro-unit. */
export function settle(input: SettleInput): Settlement {
  const { stake } = input;
  if (typeof stake !== 'bigint' || stake <= 0n) {
    throw new RangeError(`stake must be a positive bigint of micro-units, got ${String(stake)}`);
  }
  const { outcome, rate } = payoutRate(input);
  return { outcome, payout: (stake * rate) / RATE_SCALE };
}
