/**
 * Auto-bet progressions and side choice as pure step functions: the runner keeps the state, feeds in
 * the last outcome and gets the next stake and area, so a simulation and a real run step identically.
 */
import { isAreaOf, type AreaId, type HashKind } from './games.ts';
import type { Outcome } from './settle.ts';

export type ProgressionName = 'flat' | 'martingale' | 'paroli' | 'dalembert' | 'fibonacci' | 'custom';

export const PROGRESSION_NAMES: readonly ProgressionName[] = ['flat', 'martingale', 'paroli', 'dalembert', 'fibonacci', 'custom'];

export interface Progression {
  name: ProgressionName;
  /** The base stake in micro-units (unused by 'custom'). */
  base: bigint;
  /** 'custom' only: the stakes in micro-units, walked one step per loss. */
  details?: readonly bigint[];
  /** 'paroli' only: wins in a row after which the stake falls back to base (default 3). */
  paroliWins?: number;
}

/**
 * `step` is what each progression counts: losses in a row (martingale, custom), wins in a row (paroli),
 * units above base (d'Alembert) or the position in the Fibonacci sequence.
 */
export type ProgressionState =
  | { finished: false; step: number; stake: bigint }
  /** A custom sequence lost on its last stake: the run stops with reason 5, strategy finished. */
  | { finished: true; step: number; stake: null };

const DEFAULT_PAROLI_WINS = 3;

function fibonacci(index: number): bigint {
  let previous = 1n;
  let current = 1n;
  for (let i = 1; i < index; i++) [previous, current] = [current, previous + current];
  return index === 0 ? 1n : current;
}

export function validateProgression(progression: Progression): void {
  const { name, base, details, paroliWins } = progression;
  if (!PROGRESSION_NAMES.includes(name)) throw new RangeError(`unknown progression: ${String(name)}`);
  if (name === 'custom') {
    if (!details || details.length === 0) throw new RangeError('a custom progression needs a stake list');
    if (details.some((stake) => typeof stake !== 'bigint' || stake <= 0n)) {
      throw new RangeError('custom stakes must be positive bigints of micro-units');
    }
    return;
  }
  if (typeof base !== 'bigint' || base <= 0n) throw new RangeError('base stake must be a positive bigint');
  if (paroliWins !== undefined && (!Number.isInteger(paroliWins) || paroliWins < 1)) {
    throw new RangeError('paroliWins must be a positive integer');
  }
}

function stakeAt(progression: Progression, step: number): bigint {
  const { base } = progression;
  switch (progression.name) {
    case 'flat':
      return base;
    case 'martingale':
    case 'paroli':
      return base << BigInt(step);
    case 'dalembert':
      return base * BigInt(step + 1);
    case 'fibonacci':
      return base * fibonacci(step);
    case 'custom':
      return (progression.details as readonly bigint[])[step];
  }
}

function at(progression: Progression, step: number): ProgressionState {
  return { finished: false, step, stake: stakeAt(progression, step) };
}

export function startProgression(progression: Progression): ProgressionState {
  validateProgression(progression);
  return at(progression, 0);
}

/** The state after a round ended with `outcome`; a draw never moves a progression. */
export function nextProgression(progression: Progression, state: ProgressionState, outcome: Outcome): ProgressionState {
  validateProgression(progression);
  if (state.finished || outcome === 'draw') return state;
  const won = outcome === 'win';
  const { step } = state;
  switch (progression.name) {
    case 'flat':
      return at(progression, 0);
    case 'martingale':
      return at(progression, won ? 0 : step + 1);
    case 'paroli': {
      const limit = progression.paroliWins ?? DEFAULT_PAROLI_WINS;
      return at(progression, won && step + 1 < limit ? step + 1 : 0);
    }
    case 'dalembert':
      return at(progression, won ? Math.max(0, step - 1) : step + 1);
    case 'fibonacci':
      // Back two on a win, so one win recovers the last two losses' worth of steps.
      return at(progression, won ? Math.max(0, step - 2) : step + 1);
    case 'custom': {
      if (won) return at(progression, 0);
      const length = (progression.details as readonly bigint[]).length;
      return step + 1 < length ? at(progression, step + 1) : { finished: true, step: step + 1, stake: null };
    }
  }
}

export type SideMode = 'fixed' | 'follow' | 'reverse';

/** `area` is the fixed area, and for follow/reverse the first bet before any result is known. */
export interface SideRule {
  mode: SideMode;
  area: AreaId;
}

const OPPOSITE: Readonly<Partial<Record<AreaId, AreaId>>> = {
  small: 'big',
  big: 'small',
  odd: 'even',
  even: 'odd',
  banker: 'player',
  player: 'banker',
};

/** The other side of a two-sided result; null for a tie or a lucky-ten number, which have none. */
export function oppositeArea(area: AreaId): AreaId | null {
  return OPPOSITE[area] ?? null;
}

export function validateSideRule(kind: HashKind, rule: SideRule): void {
  if (!['fixed', 'follow', 'reverse'].includes(rule.mode)) {
    throw new RangeError(`unknown side mode: ${String(rule.mode)}`);
  }
  if (!isAreaOf(kind, rule.area)) throw new RangeError(`area ${String(rule.area)} does not belong to ${kind}`);
  // Ten numbers have no single opposite, so "reverse" would have to invent one.
  if (rule.mode === 'reverse' && kind === 'luckyTen') {
    throw new RangeError('reverse is not defined for lucky ten');
  }
}

export interface SideChoiceInput {
  kind: HashKind;
  rule: SideRule;
  /** The area of the previous auto-bet, or null before the first. */
  previous: AreaId | null;
  /** The winner announced by the last round (`HashResult.winner`), or null if none yet. */
  lastWinner: AreaId | null;
}

/**
 * The area of the next bet. A tie has no side to follow or reverse, so it keeps the previous area;
 * so does the absence of a last result.
 */
export function chooseArea({ kind, rule, previous, lastWinner }: SideChoiceInput): AreaId {
  validateSideRule(kind, rule);
  const keep = previous ?? rule.area;
  if (rule.mode === 'fixed' || lastWinner === null || lastWinner === 'tie') {
    return rule.mode === 'fixed' ? rule.area : keep;
  }
  if (rule.mode === 'follow') return isAreaOf(kind, lastWinner) ? lastWinner : keep;
  const opposite = oppositeArea(lastWinner);
  return opposite !== null && isAreaOf(kind, opposite) ? opposite : keep;
}
