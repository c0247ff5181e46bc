import { describe, expect, it } from 'vitest';
import { chooseArea, nextProgression, oppositeArea, startProgression, validateSideRule, type Outcome, type Progression } from './index.ts';

/** The stakes bet, in whole units, when the rounds end as `outcomes` ('W', 'L', 'D'); null once finished. */
function stakes(progression: Progression, outcomes: string): (number | null)[] {
  const named: Record<string, Outcome> = { W: 'win', L: 'lose', D: 'draw' };
  let state = startProgression(progression);
  const seen = [state.stake];
  for (const letter of outcomes) {
    state = nextProgression(progression, state, named[letter]);
    seen.push(state.stake);
  }
  return seen.map((stake) => (stake === null ? null : Number(stake / 1_000_000n)));
}

const base = 10_000_000n; // 10 units

describe('auto-bet progressions', () => {
  it('flat bets the base every time', () => {
    expect(stakes({ name: 'flat', base }, 'LLWDL')).toEqual([10, 10, 10, 10, 10, 10]);
  });

  it('martingale doubles after a loss and returns to base after a win', () => {
    expect(stakes({ name: 'martingale', base }, 'LLWDLLLW')).toEqual([10, 20, 40, 10, 10, 20, 40, 80, 10]);
  });

  it('paroli (reverse martingale) doubles after a win, returns to base after a loss or after 3 wins', () => {
    expect(stakes({ name: 'paroli', base }, 'WWWWLDW')).toEqual([10, 20, 40, 10, 20, 10, 10, 20]);
    expect(stakes({ name: 'paroli', base, paroliWins: 2 }, 'WWW')).toEqual([10, 20, 10, 20]);
  });

  it("d'Alembert adds a unit after a loss and takes one off after a win, never below base", () => {
    expect(stakes({ name: 'dalembert', base }, 'LLWWWLD')).toEqual([10, 20, 30, 20, 10, 10, 20, 20]);
  });

  it('fibonacci steps forward through 1, 1, 2, 3, 5, 8 on a loss and back two on a win', () => {
    expect(stakes({ name: 'fibonacci', base }, 'LLLLLWWW')).toEqual([10, 10, 20, 30, 50, 80, 30, 10, 10]);
  });

  it('custom walks its stake list on losses, restarts on a win, and finishes after losing the last', () => {
    const custom: Progression = { name: 'custom', base: 0n, details: [10_000_000n, 30_000_000n, 70_000_000n] };
    expect(stakes(custom, 'LWLDLLW')).toEqual([10, 30, 10, 30, 30, 70, null, null]);
    let state = startProgression(custom);
    for (const outcome of ['lose', 'lose', 'lose'] as const) state = nextProgression(custom, state, outcome);
    expect(state).toEqual({ finished: true, step: 3, stake: null });
  });

  it('refuses a progression it cannot run', () => {
    expect(() => startProgression({ name: 'custom', base: 0n, details: [] })).toThrow(RangeError);
    expect(() => startProgression({ name: 'custom', base: 0n, details: [0n] })).toThrow(RangeError);
    expect(() => startProgression({ name: 'flat', base: 0n })).toThrow(RangeError);
    expect(() => startProgression({ name: 'paroli', base, paroliWins: 0 })).toThrow(RangeError);
    expect(() => startProgression({ name: 'labouchere' as never, base })).toThrow(RangeError);
  });
});

describe('choosing the side of the next auto-bet', () => {
  it('fixed always bets the chosen area', () => {
    const rule = { mode: 'fixed', area: 'big' } as const;
    expect(chooseArea({ kind: 'bigSmall', rule, previous: null, lastWinner: null })).toBe('big');
    expect(chooseArea({ kind: 'bigSmall', rule, previous: 'big', lastWinner: 'small' })).toBe('big');
  });

  it('follow bets what won last, starting from the chosen area', () => {
    const rule = { mode: 'follow', area: 'odd' } as const;
    expect(chooseArea({ kind: 'oddEven', rule, previous: null, lastWinner: null })).toBe('odd');
    expect(chooseArea({ kind: 'oddEven', rule, previous: 'odd', lastWinner: 'even' })).toBe('even');
    expect(chooseArea({ kind: 'luckyTen', rule: { mode: 'follow', area: '3' }, previous: '3', lastWinner: '8' })).toBe('8');
  });

  it('reverse bets against what won last', () => {
    const rule = { mode: 'reverse', area: 'banker' } as const;
    expect(chooseArea({ kind: 'bull', rule, previous: null, lastWinner: null })).toBe('banker');
    expect(chooseArea({ kind: 'bull', rule, previous: 'banker', lastWinner: 'banker' })).toBe('player');
    expect(chooseArea({ kind: 'bigSmallSum', rule: { mode: 'reverse', area: 'big' }, previous: 'big', lastWinner: 'big' })).toBe('small');
  });

  it('keeps the previous side after a tie, which has no side to follow or reverse', () => {
    expect(chooseArea({ kind: 'bankerPlayer', rule: { mode: 'follow', area: 'banker' }, previous: 'player', lastWinner: 'tie' })).toBe('player');
    expect(chooseArea({ kind: 'bull', rule: { mode: 'reverse', area: 'banker' }, previous: 'player', lastWinner: 'tie' })).toBe('player');
    expect(oppositeArea('tie')).toBeNull();
  });

  it('refuses reverse on lucky ten, and an area of another kind', () => {
    expect(() => validateSideRule('luckyTen', { mode: 'reverse', area: '3' })).toThrow(/lucky ten/);
    expect(() => validateSideRule('bull', { mode: 'fixed', area: 'tie' })).toThrow(RangeError);
    expect(() => validateSideRule('bull', { mode: 'random' as never, area: 'banker' })).toThrow(RangeError);
  });
});
