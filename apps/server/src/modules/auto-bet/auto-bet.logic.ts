import { AutoBetStopReason, AutoBetWakeUpType } from '@lobby/contract';
import {
  chooseArea,
  hashGame,
  isAreaOf,
  nextProgression,
  settle,
  startProgression,
  validateProgression,
  validateSideRule,
  type AreaId,
  type HashResult,
  type Outcome,
  type Progression,
  type ProgressionName,
  type ProgressionState,
  type SideMode,
} from '@lobby/hash-games';

/** What a run was started with; amounts in micro-units. */
export interface RunSettings {
  strategy: { name: string; progression: ProgressionName; side: SideMode; details: { area: AreaId; amount: bigint }[] };
  wakeUp: { type: number; rule: number[] };
  stopWin: bigint;
  stopLose: bigint;
  interval: number;
}

/** A bet the run asked for: `placed` is false between writing the intent and the bet call's answer. */
export interface PendingBet {
  round: number;
  area: AreaId;
  amount: bigint;
  oddsBp: number;
  placed: boolean;
}

/** The runner's memory of a run between blocks. */
export interface RunState {
  progression: ProgressionState;
  previousArea: AreaId | null;
  lastWinner: AreaId | null;
  /** Waiting for the wake-up condition before a sequence starts. */
  watching: boolean;
  /** Rounds in a row that met the wake-up condition so far. */
  streak: number;
  /** No bet before this deciding height (the interval). */
  nextRound: number | null;
  /**
   * Bets placed and not yet decided, oldest first. A round closes a block before it is decided, so on
   * a one-block game the next round is already open while the last bet waits for its block: a run
   * whose next bet does not depend on that result bets it at once (two bets outstanding), any other
   * waits for the result.
   */
  pending: PendingBet[];
}

export interface RunTotals {
  totalNum: number;
  winNum: number;
  reward: bigint;
  /** Simulated runs only. */
  virtualBalance: bigint | null;
}

export function progressionOf(settings: RunSettings): Progression {
  const { strategy } = settings;
  if (strategy.progression === 'custom') {
    return { name: 'custom', base: strategy.details[0].amount, details: strategy.details.map((step) => step.amount) };
  }
  return { name: strategy.progression, base: strategy.details[0].amount };
}

const watches = (settings: RunSettings) => settings.wakeUp.type === AutoBetWakeUpType.LOSE || settings.wakeUp.type === AutoBetWakeUpType.WIN;

/** Throws a RangeError naming the first thing that cannot be played on this game. */
export function validateSettings(gameId: number, settings: RunSettings): void {
  const { kind } = hashGame(gameId);
  for (const step of settings.strategy.details) {
    if (!isAreaOf(kind, step.area)) throw new RangeError(`${step.area} is not an area of game ${gameId}`);
  }
  validateProgression(progressionOf(settings));
  validateSideRule(kind, { mode: settings.strategy.side, area: settings.strategy.details[0].area });
}

export function initialState(settings: RunSettings): RunState {
  return {
    progression: startProgression(progressionOf(settings)),
    previousArea: null,
    lastWinner: null,
    watching: watches(settings),
    streak: 0,
    nextRound: null,
    pending: [],
  };
}

/** The area the next bet takes (also the area a wake-up condition watches). */
export function nextArea(gameId: number, settings: RunSettings, state: RunState): AreaId {
  const { strategy } = settings;
  if (strategy.side === 'fixed') {
    const step = strategy.progression === 'custom' ? Math.min(state.progression.step, strategy.details.length - 1) : 0;
    return strategy.details[step].area;
  }
  return chooseArea({
    kind: hashGame(gameId).kind,
    rule: { mode: strategy.side, area: strategy.details[0].area },
    previous: state.previousArea,
    lastWinner: state.lastWinner,
  });
}

/** The area a round announced, or null when it has none of this game's areas (a bull tie). */
export function announcedArea(gameId: number, result: HashResult): AreaId | null {
  const winner = result.winner as AreaId;
  return isAreaOf(hashGame(gameId).kind, winner) ? winner : null;
}

export interface SettledStep {
  state: RunState;
  totals: RunTotals;
  outcome: Outcome;
  payout: bigint;
  stopType: number;
}

/** The run after its pending bet's round was decided by `result`. */
export function settlePending(gameId: number, settings: RunSettings, state: RunState, totals: RunTotals, result: HashResult): SettledStep {
  const pending = state.pending[0]!;
  const { outcome, payout } = settle({ area: pending.area, result, odds: pending.oddsBp, stake: pending.amount });
  const progression = nextProgression(progressionOf(settings), state.progression, outcome);
  const profit = payout - pending.amount;
  const next: RunTotals = {
    totalNum: totals.totalNum + 1,
    winNum: totals.winNum + (outcome === 'win' ? 1 : 0),
    reward: totals.reward + profit,
    virtualBalance: totals.virtualBalance === null ? null : totals.virtualBalance + payout,
  };
  // A win that brings the stake back to the first step closes a sequence; the next one waits for
  // the wake-up condition again.
  const sequenceClosed = outcome === 'win' && !progression.finished && progression.step === 0;
  let stopType = 0;
  if (next.reward <= -settings.stopLose) stopType = AutoBetStopReason.STOP_LOSS;
  else if (next.reward >= settings.stopWin) stopType = AutoBetStopReason.TAKE_PROFIT;
  else if (progression.finished) stopType = AutoBetStopReason.STRATEGY_FINISHED;
  return {
    state: {
      ...state,
      progression,
      previousArea: pending.area,
      lastWinner: announcedArea(gameId, result) ?? state.lastWinner,
      watching: sequenceClosed && watches(settings),
      streak: 0,
      pending: state.pending.slice(1),
    },
    totals: next,
    outcome,
    payout,
    stopType,
  };
}

/**
 * A decided round the run watched without a bet: it counts towards the wake-up streak when the area
 * the run would have bet lost (type 0) or won (type 1); the opposite outcome starts the count again
 * and a draw leaves it as it is.
 */
export function watchRound(gameId: number, settings: RunSettings, state: RunState, result: HashResult, oddsBp: number): RunState {
  const lastWinner = announcedArea(gameId, result) ?? state.lastWinner;
  if (!state.watching) return { ...state, lastWinner };
  const area = nextArea(gameId, settings, state);
  const { outcome } = settle({ area, result, odds: oddsBp, stake: 1_000_000n });
  const wanted: Outcome = settings.wakeUp.type === AutoBetWakeUpType.LOSE ? 'lose' : 'win';
  const streak = outcome === 'draw' ? state.streak : outcome === wanted ? state.streak + 1 : 0;
  const needed = settings.wakeUp.rule[0] ?? 1;
  return { ...state, lastWinner, streak: streak >= needed ? 0 : streak, watching: streak < needed };
}

export type BetPlan = { kind: 'wait' } | { kind: 'bet'; round: number; area: AreaId; amount: bigint } | { kind: 'stop'; stopType: number };

/**
 * Whether a run may bet while earlier bets are undecided: only when nothing of the next bet depends on
 * their results (a flat stake on a fixed area, no wake-up condition), and only while every bet
 * outstanding losing, or winning, could not reach the stop-loss or the take-profit: a run never has a
 * bet in play past the moment it should have stopped.
 */
export function mayBetAhead(settings: RunSettings, state: RunState, reward: bigint): boolean {
  if (state.pending.length === 0) return true;
  if (settings.strategy.progression !== 'flat' || settings.strategy.side !== 'fixed' || watches(settings)) return false;
  const stake = state.progression.stake ?? 0n;
  let atRisk = stake;
  let toWin = 0n;
  for (const bet of state.pending) {
    atRisk += bet.amount;
    toWin += (bet.amount * BigInt(Math.max(bet.oddsBp - 10_000, 0))) / 10_000n;
  }
  return reward - atRisk > -settings.stopLose && reward + toWin < settings.stopWin;
}

/** Whether the run bets in the round open at `head`, and with what. */
export function planBet(
  gameId: number,
  settings: RunSettings,
  state: RunState,
  openRound: number,
  limit: { min: bigint; max: bigint },
  totals: Pick<RunTotals, 'reward' | 'virtualBalance'>,
): BetPlan {
  const { virtualBalance } = totals;
  if (state.watching || state.progression.finished) return { kind: 'wait' };
  if (state.nextRound !== null && openRound < state.nextRound) return { kind: 'wait' };
  if (state.pending.some((bet) => bet.round >= openRound) || !mayBetAhead(settings, state, totals.reward)) return { kind: 'wait' };
  const amount = state.progression.stake;
  if (amount < limit.min || amount > limit.max) return { kind: 'stop', stopType: AutoBetStopReason.BET_OVER_LIMIT };
  if (virtualBalance !== null && virtualBalance < amount) return { kind: 'stop', stopType: AutoBetStopReason.INSUFFICIENT_BALANCE };
  return { kind: 'bet', round: openRound, area: nextArea(gameId, settings, state), amount };
}

/**
 * The state once a bet for `round` is under way. `interval` counts rounds from one bet to the next:
 * 1 bets every round, 2 every other round.
 */
export function withPending(settings: RunSettings, state: RunState, bet: PendingBet, blocksPerRound: number): RunState {
  return { ...state, pending: [...state.pending, bet], nextRound: bet.round + settings.interval * blocksPerRound };
}

/** The state without its bet of `round` (one that was never placed). */
export function withoutPending(state: RunState, round: number): RunState {
  return { ...state, pending: state.pending.filter((bet) => bet.round !== round), nextRound: null };
}

/** The state with its bet of `round` placed at `oddsBp`. */
export function withPlaced(state: RunState, round: number, oddsBp: number): RunState {
  return { ...state, pending: state.pending.map((bet) => (bet.round === round ? { ...bet, placed: true, oddsBp } : bet)) };
}

// Bigints do not survive JSON; the stored documents carry them as decimal strings.
export function stateToJson(state: RunState): string {
  return JSON.stringify(state, (_key, value) => (typeof value === 'bigint' ? value.toString() : value));
}

export function stateFromJson(raw: unknown): RunState {
  const value = (typeof raw === 'string' ? JSON.parse(raw) : raw) as any;
  const progression: ProgressionState = value.progression.finished
    ? { finished: true, step: value.progression.step, stake: null }
    : { finished: false, step: value.progression.step, stake: BigInt(value.progression.stake) };
  // A run stored before bets could overlap holds one bet or none.
  const stored: any[] = Array.isArray(value.pending) ? value.pending : value.pending ? [value.pending] : [];
  const pending: PendingBet[] = stored.map((bet) => ({ ...bet, amount: BigInt(bet.amount) }));
  return { ...value, progression, pending };
}

export function settingsToJson(settings: RunSettings): string {
  return JSON.stringify(settings, (_key, value) => (typeof value === 'bigint' ? value.toString() : value));
}

export function settingsFromJson(raw: unknown): RunSettings {
  const value = (typeof raw === 'string' ? JSON.parse(raw) : raw) as any;
  return {
    ...value,
    stopWin: BigInt(value.stopWin),
    stopLose: BigInt(value.stopLose),
    strategy: { ...value.strategy, details: value.strategy.details.map((d: any) => ({ area: d.area, amount: BigInt(d.amount) })) },
  };
}
