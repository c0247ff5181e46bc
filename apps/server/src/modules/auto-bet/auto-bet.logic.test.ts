import { AutoBetStopReason } from '@lobby/contract';
import { resultOf, type AreaId, type Outcome } from '@lobby/hash-games';
import { describe, expect, it } from 'vitest';
import {
  initialState,
  nextArea,
  planBet,
  settlePending,
  stateFromJson,
  stateToJson,
  watchRound,
  withPending,
  type RunSettings,
  type RunState,
  type RunTotals,
} from './auto-bet.logic.ts';

const U = 1_000_000n;
// Block ids whose last decimal digit decides big/small: ...9 is big, ...1 is small.
const BIG = resultOf(1, '0000000000000064' + 'a'.repeat(47) + '9', 100);
const SMALL = resultOf(1, '0000000000000064' + 'a'.repeat(47) + '1', 100);
const LIMIT = { min: U, max: 1000n * U };
const NO_TOTALS = { reward: 0n, virtualBalance: null };

function settings(progression: RunSettings['strategy']['progression'], over: Partial<RunSettings> = {}, stakes = [1n]): RunSettings {
  return {
    strategy: { name: progression, progression, side: 'fixed', details: stakes.map((s) => ({ area: 'big' as AreaId, amount: s * U })) },
    wakeUp: { type: 3, rule: [] },
    stopWin: 10_000n * U,
    stopLose: 10_000n * U,
    interval: 1,
    ...over,
  };
}

/** Plays a run through rounds with the given outcomes for its (fixed, big) area; returns the stakes bet. */
function play(s: RunSettings, outcomes: Outcome[]) {
  let state = initialState(s);
  let totals: RunTotals = { totalNum: 0, winNum: 0, reward: 0n, virtualBalance: null };
  const stakes: number[] = [];
  let stopType = 0;
  let round = 2;
  for (const outcome of outcomes) {
    const plan = planBet(1, s, state, round, LIMIT, totals);
    if (plan.kind === 'stop') return { stakes, stopType: plan.stopType, totals };
    if (plan.kind === 'wait') {
      state = watchRound(1, s, state, outcome === 'win' ? BIG : SMALL, 19_500);
    } else {
      stakes.push(Number(plan.amount / U));
      state = withPending(s, state, { round, area: plan.area, amount: plan.amount, oddsBp: 19_500, placed: true }, 1);
      const step = settlePending(1, s, state, totals, outcome === 'win' ? BIG : SMALL);
      state = step.state;
      totals = step.totals;
      stopType = step.stopType;
      if (stopType) break;
    }
    round += 2;
  }
  return { stakes, stopType, totals, state };
}

describe('auto-bet progressions (stakes of consecutive bets)', () => {
  const W: Outcome = 'win';
  const L: Outcome = 'lose';

  it('flat bets the base stake whatever happens', () => {
    expect(play(settings('flat'), [L, W, L, L, W]).stakes).toEqual([1, 1, 1, 1, 1]);
  });

  it('martingale doubles after each loss and goes back to the base after a win', () => {
    expect(play(settings('martingale'), [L, L, L, W, L, W]).stakes).toEqual([1, 2, 4, 8, 1, 2]);
  });

  it('paroli (reverse martingale) doubles after each win and falls back after three wins or a loss', () => {
    expect(play(settings('paroli'), [W, W, W, W, L, W, L]).stakes).toEqual([1, 2, 4, 1, 2, 1, 2]);
  });

  it("d'Alembert goes one base up per loss and one down per win, never below the base", () => {
    expect(play(settings('dalembert'), [L, L, W, W, W, L]).stakes).toEqual([1, 2, 3, 2, 1, 1]);
  });

  it('fibonacci walks up the sequence per loss and two steps back per win', () => {
    expect(play(settings('fibonacci'), [L, L, L, L, W, W, L]).stakes).toEqual([1, 1, 2, 3, 5, 2, 1]);
  });

  it('a custom sequence walks one step per loss, back to the start on a win, and finishes on a loss at its end (reason 5)', () => {
    const s = settings('custom', {}, [1n, 3n, 7n]);
    expect(play(s, [L, W, L, L, W]).stakes).toEqual([1, 3, 1, 3, 7]);
    const finished = play(s, [L, L, L, W]);
    expect(finished.stakes).toEqual([1, 3, 7]);
    expect(finished.stopType).toBe(AutoBetStopReason.STRATEGY_FINISHED);
  });

  it('a loss costs the stake and a win returns 1.95 times it: -1 then +0.95 × 2 is a reward of +0.9', () => {
    expect(play(settings('martingale'), [L, W]).totals).toMatchObject({ totalNum: 2, winNum: 1, reward: 900_000n });
  });
});

describe('auto-bet stop rules', () => {
  it('stops with reason 1 once the loss reaches stopLoseAmount', () => {
    const r = play(settings('martingale', { stopLose: 3n * U }), ['lose', 'lose', 'lose']);
    expect(r.stakes).toEqual([1, 2]);
    expect(r.stopType).toBe(AutoBetStopReason.STOP_LOSS);
  });

  it('stops with reason 2 once the profit reaches stopWinAmount', () => {
    const r = play(settings('flat', { stopWin: 1_900_000n }), ['win', 'lose', 'win', 'win']);
    expect(r.stakes).toEqual([1, 1, 1, 1]);
    expect(r.totals.reward).toBe(1_850_000n);
    const more = play(settings('flat', { stopWin: 1_900_000n }), ['win', 'win', 'win']);
    expect(more.stakes).toEqual([1, 1]);
    expect(more.stopType).toBe(AutoBetStopReason.TAKE_PROFIT);
  });

  it('stops with reason 3 when the next stake is outside the level limits', () => {
    const r = play(settings('martingale', {}, [300n]), ['lose', 'lose', 'lose']);
    expect(r.stakes).toEqual([300, 600]);
    expect(r.stopType).toBe(AutoBetStopReason.BET_OVER_LIMIT);
  });

  it('a simulated run stops with reason 4 when its virtual balance cannot pay the next stake', () => {
    const s = settings('martingale');
    const state = initialState(s);
    expect(planBet(1, s, state, 2, LIMIT, { reward: 0n, virtualBalance: 0n })).toEqual({ kind: 'stop', stopType: AutoBetStopReason.INSUFFICIENT_BALANCE });
  });
});

describe('auto-bet wake-up rules', () => {
  it('type 0 with rule [2] watches until its area lost two rounds in a row, then bets', () => {
    const s = settings('martingale', { wakeUp: { type: 0, rule: [2] } });
    // lose (1), win (streak broken), lose (1), lose (2: wakes), then bets lose, win.
    const r = play(s, ['lose', 'win', 'lose', 'lose', 'lose', 'win']);
    expect(r.stakes).toEqual([1, 2]);
  });

  it('type 1 with rule [1] bets after one winning round of its area, and watches again after a won sequence', () => {
    const s = settings('martingale', { wakeUp: { type: 1, rule: [1] } });
    // lose (watch), win (wakes), bet lose, bet win (sequence closed: watches), lose (watch), win (wakes), bet.
    const r = play(s, ['lose', 'win', 'lose', 'win', 'lose', 'win', 'lose']);
    expect(r.stakes).toEqual([1, 2, 1]);
  });

  it('types 2 (every round) and 3 (none) bet from the first round', () => {
    for (const type of [2, 3]) {
      expect(play(settings('flat', { wakeUp: { type, rule: [] } }), ['lose', 'win']).stakes).toEqual([1, 1]);
    }
  });

  it('a draw leaves the streak where it was', () => {
    const s = settings('flat', { wakeUp: { type: 0, rule: [2] } });
    let state: RunState = initialState(s);
    state = watchRound(1, s, state, SMALL, 19_500);
    expect(state.streak).toBe(1);
  });
});

describe('auto-bet side choice and interval', () => {
  it('follow bets the last announced area, reverse its opposite', () => {
    const follow = settings('flat');
    follow.strategy.side = 'follow';
    const state = { ...initialState(follow), lastWinner: 'small' as AreaId };
    expect(nextArea(1, follow, state)).toBe('small');
    const reverse = { ...follow, strategy: { ...follow.strategy, side: 'reverse' as const } };
    expect(nextArea(1, reverse, state)).toBe('big');
  });

  it('a custom fixed strategy bets each step on its own area', () => {
    const s = settings('custom', {}, [1n, 2n]);
    s.strategy.details[1].area = 'small';
    const state = initialState(s);
    expect(nextArea(1, s, state)).toBe('big');
    expect(nextArea(1, s, { ...state, progression: { finished: false, step: 1, stake: 2n * U } })).toBe('small');
  });

  it('interval n leaves n rounds from one bet to the next', () => {
    const s = settings('flat', { interval: 3 });
    const state = withPending(s, initialState(s), { round: 9, area: 'big', amount: U, oddsBp: 19_500, placed: true }, 3);
    expect(state.nextRound).toBe(18);
    const after = settlePending(1, s, state, { totalNum: 0, winNum: 0, reward: 0n, virtualBalance: null }, BIG).state;
    expect(planBet(1, s, after, 15, LIMIT, NO_TOTALS)).toEqual({ kind: 'wait' });
    expect(planBet(1, s, after, 18, LIMIT, NO_TOTALS)).toMatchObject({ kind: 'bet', round: 18 });
  });

  // A one-block round closes a block before it is decided: when a bet's result arrives, the round
  // after it has already closed. Waiting for every result made "every round" every other block.
  it('interval 1 on a one-block game bets the very next round while the last bet is undecided, when its stake does not depend on it', () => {
    const s = settings('flat');
    let state = initialState(s);
    const bets: number[] = [];
    // Head h: the open round is h + 2; the bet of round h is decided by block h.
    for (let head = 0; head < 8; head++) {
      if (state.pending[0]?.round === head) state = settlePending(1, s, state, { totalNum: 0, winNum: 0, reward: 0n, virtualBalance: null }, SMALL).state;
      const plan = planBet(1, s, state, head + 2, LIMIT, NO_TOTALS);
      if (plan.kind === 'bet') {
        bets.push(plan.round);
        state = withPending(s, state, { round: plan.round, area: plan.area, amount: plan.amount, oddsBp: 19_500, placed: true }, 1);
      }
    }
    expect(bets).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    expect(state.pending.length).toBeLessThanOrEqual(2);
  });

  it('interval 2 bets every other round, and a stake that follows the last result waits for it', () => {
    const rounds = (s: RunSettings) => {
      let state = initialState(s);
      let totals: RunTotals = { totalNum: 0, winNum: 0, reward: 0n, virtualBalance: null };
      const bets: number[] = [];
      for (let head = 0; head < 8; head++) {
        if (state.pending[0]?.round === head) ({ state, totals } = settlePending(1, s, state, totals, SMALL));
        const plan = planBet(1, s, state, head + 2, LIMIT, totals);
        if (plan.kind === 'bet') {
          bets.push(plan.round);
          state = withPending(s, state, { round: plan.round, area: plan.area, amount: plan.amount, oddsBp: 19_500, placed: true }, 1);
        }
      }
      return bets;
    };
    expect(rounds(settings('flat', { interval: 2 }))).toEqual([2, 4, 6, 8]);
    expect(rounds(settings('flat', { interval: 3 }))).toEqual([2, 5, 8]);
    // Martingale's next stake is the last one doubled or the base: it can only be known from the result.
    expect(rounds(settings('martingale'))).toEqual([2, 4, 6, 8]);
  });

  it('never bets ahead when the bets in play, all lost or all won, could reach the stop-loss or the take-profit', () => {
    const s = settings('flat', { stopLose: 3n * U, stopWin: 100n * U });
    const pending = withPending(s, initialState(s), { round: 2, area: 'big', amount: U, oddsBp: 19_500, placed: true }, 1);
    expect(planBet(1, s, pending, 3, LIMIT, { reward: 0n, virtualBalance: null })).toMatchObject({ kind: 'bet', round: 3 });
    // 1 behind, 1 in play and 1 more: the stop-loss of 3 would be reached with both in play.
    expect(planBet(1, s, pending, 3, LIMIT, { reward: -U, virtualBalance: null })).toEqual({ kind: 'wait' });
    const nearProfit = settings('flat', { stopWin: U });
    const ahead = withPending(nearProfit, initialState(nearProfit), { round: 2, area: 'big', amount: U, oddsBp: 19_500, placed: true }, 1);
    expect(planBet(1, nearProfit, ahead, 3, LIMIT, { reward: U / 10n, virtualBalance: null })).toEqual({ kind: 'wait' });
  });

  it('reads a run stored with one bet in play, or none, as before', () => {
    const stored = {
      ...JSON.parse(stateToJson(initialState(settings('flat')))),
      pending: { round: 7, area: 'big', amount: '1000000', oddsBp: 19_500, placed: false },
    };
    expect(stateFromJson(JSON.stringify(stored)).pending).toEqual([{ round: 7, area: 'big', amount: U, oddsBp: 19_500, placed: false }]);
    expect(stateFromJson(JSON.stringify({ ...stored, pending: null })).pending).toEqual([]);
  });
});
