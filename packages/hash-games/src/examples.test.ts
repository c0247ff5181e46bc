/** The public checks of GAMES.md, reproduced exactly: anyone can verify these by hand. */
import { describe, expect, it } from 'vitest';
import { lastDecimalDigit, resultOf, settle } from './index.ts';
import { blockIdEndingWith } from './testing/blocks.ts';

const HEIGHT = 70_000_000;
const block = (tail: string) => blockIdEndingWith(tail, HEIGHT);

describe('GAMES.md public checks', () => {
  it('...34a80, bull: banker 3+4+10=17 → 7, player 10+8+0=18 → 8: player wins', () => {
    const result = resultOf('bull', block('34a80'), HEIGHT);
    expect(result.banker).toEqual({ chars: ['3', '4', 'a'], values: [3, 4, 10], total: 17, points: 7 });
    expect(result.player).toEqual({ chars: ['a', '8', '0'], values: [10, 8, 0], total: 18, points: 8 });
    expect(result.winner).toBe('player');
  });

  it('...7b042, bull: banker 7+10+0=17 → 7, player 0+4+2 → 6: banker wins', () => {
    const result = resultOf('bull', block('7b042'), HEIGHT);
    expect(result.banker).toMatchObject({ values: [7, 10, 0], total: 17, points: 7 });
    expect(result.player).toMatchObject({ values: [0, 4, 2], total: 6, points: 6 });
    expect(result.winner).toBe('banker');
  });

  it('...a4b54, banker/player: banker 0+4=4, player 5+4=9: player wins', () => {
    const result = resultOf('bankerPlayer', block('a4b54'), HEIGHT);
    expect(result.banker).toEqual({ chars: ['a', '4'], values: [0, 4], total: 4, points: 4 });
    expect(result.player).toEqual({ chars: ['5', '4'], values: [5, 4], total: 9, points: 9 });
    expect(result.winner).toBe('player');
  });

  it('...a7b41, banker/player: banker 0+7=7, player 4+1=5: banker wins; a 1001 banker stake returns 1951.95', () => {
    const result = resultOf('bankerPlayer', block('a7b41'), HEIGHT);
    expect(result.banker).toMatchObject({ values: [0, 7], points: 7 });
    expect(result.player).toMatchObject({ values: [4, 1], points: 5 });
    expect(result.winner).toBe('banker');
    expect(settle({ kind: 'bankerPlayer', area: 'banker', stake: 1001_000000n, result })).toEqual({
      outcome: 'win',
      payout: 1951_950000n,
    });
  });

  it('...3fe0e → d = 0: small, even; lucky-ten pick 0 wins', () => {
    const id = block('3fe0e');
    expect(lastDecimalDigit(id)).toBe(0);
    expect(resultOf('bigSmall', id, HEIGHT).winner).toBe('small');
    expect(resultOf('oddEven', id, HEIGHT).winner).toBe('even');
    const lucky = resultOf('luckyTen', id, HEIGHT);
    expect(lucky.winner).toBe('0');
    expect(lucky.digit).toEqual({ digit: 0, index: 62, skipped: 'e' });
    expect(settle({ area: '0', stake: 1_000000n, result: lucky })).toEqual({ outcome: 'win', payout: 9_800000n });
    expect(settle({ area: '1', stake: 1_000000n, result: lucky })).toEqual({ outcome: 'lose', payout: 0n });
  });

  it('a draw returns the stake', () => {
    const tie = resultOf('bankerPlayer', block('34a61'), HEIGHT);
    expect(tie.winner).toBe('tie');
    expect(settle({ area: 'banker', stake: 5_000000n, result: tie })).toEqual({ outcome: 'draw', payout: 5_000000n });
  });

  it('odds are the total returned on a win, stake included: 1.95 returns 195 on a stake of 100', () => {
    const result = resultOf('bigSmall', block('9'), HEIGHT);
    expect(settle({ area: 'big', stake: 100_000000n, result, odds: '1.95' }).payout).toBe(195_000000n);
  });
});
