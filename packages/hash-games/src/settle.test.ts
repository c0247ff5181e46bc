import { describe, expect, it } from 'vitest';
import { areasOf, payoutRate, RATE_SCALE, resultOf, settle, type HashKind, type ResultOfKind } from './index.ts';
import { blockIdEndingWith } from './testing/blocks.ts';

const HEIGHT = 70_000_000;
function result<K extends HashKind>(kind: K, tail: string): ResultOfKind<K> {
  return resultOf(kind, blockIdEndingWith(tail, HEIGHT), HEIGHT);
}
const units = (n: number) => BigInt(n) * 1_000_000n;

describe('settling a two-sided bet', () => {
  const big = resultOf('bigSmall', blockIdEndingWith('7', HEIGHT), HEIGHT);

  it('returns stake × odds on a win and nothing on a loss', () => {
    expect(settle({ kind: 'bigSmall', area: 'big', stake: units(100), result: big })).toEqual({
      outcome: 'win',
      payout: units(195),
    });
    expect(settle({ kind: 'bigSmall', area: 'small', stake: units(100), result: big })).toEqual({
      outcome: 'lose',
      payout: 0n,
    });
  });

  it('takes configured odds as 1/10000 units or as a decimal string, with the same result', () => {
    const asInteger = settle({ area: 'big', stake: units(100), result: big, odds: 19_800 });
    const asString = settle({ area: 'big', stake: units(100), result: big, odds: '1.98' });
    expect(asInteger).toEqual({ outcome: 'win', payout: units(198) });
    expect(asString).toEqual(asInteger);
  });

  it('rounds the payout down to the micro-unit', () => {
    expect(settle({ area: 'big', stake: 1n, result: big }).payout).toBe(1n);
    expect(settle({ area: 'big', stake: 3n, result: big }).payout).toBe(5n);
    expect(settle({ area: 'big', stake: 1_234_567n, result: big }).payout).toBe(2_407_405n);
  });

  it('settles the sum games on s, not on d', () => {
    const id = blockIdEndingWith('6', HEIGHT + 7);
    const sum = resultOf(6, id, HEIGHT + 7);
    expect(sum.winner).toBe('small');
    expect(settle({ area: 'small', stake: units(10), result: sum }).outcome).toBe('win');
    expect(settle({ area: 'big', stake: units(10), result: resultOf(1, id, HEIGHT + 7) }).outcome).toBe('win');
  });

  it('pays a lucky-ten pick 9.8 times the stake', () => {
    const lucky = result('luckyTen', '4b');
    expect(settle({ area: '4', stake: units(10), result: lucky })).toEqual({ outcome: 'win', payout: units(98) });
    expect(settle({ area: '5', stake: units(10), result: lucky }).outcome).toBe('lose');
  });
});

describe('settling banker/player', () => {
  const tie = result('bankerPlayer', '34a61'); // banker 3+4=7, player 6+1=7

  it('makes a banker or player bet on a tie a draw that returns the stake', () => {
    expect(settle({ area: 'banker', stake: units(10), result: tie })).toEqual({ outcome: 'draw', payout: units(10) });
    expect(settle({ area: 'player', stake: units(10), result: tie })).toEqual({ outcome: 'draw', payout: units(10) });
  });

  it('pays a tie bet 8 times on a tie and nothing otherwise', () => {
    expect(settle({ area: 'tie', stake: units(10), result: tie })).toEqual({ outcome: 'win', payout: units(80) });
    const banker = result('bankerPlayer', 'a7b41');
    expect(settle({ area: 'tie', stake: units(10), result: banker })).toEqual({ outcome: 'lose', payout: 0n });
    expect(settle({ area: 'player', stake: units(10), result: banker })).toEqual({ outcome: 'lose', payout: 0n });
  });
});

describe('settling bull (stake S on side X against Y)', () => {
  const playerEight = result('bull', '34a80'); // banker 7, player 8

  it('pX > pY returns S + S × pX / 10 × 0.95', () => {
    // 100 + 100 × 8/10 × 0.95 = 176
    expect(settle({ area: 'player', stake: units(100), result: playerEight })).toEqual({
      outcome: 'win',
      payout: units(176),
    });
  });

  it('pX < pY returns S − S × pY / 10', () => {
    // 100 − 100 × 8/10 = 20
    expect(settle({ area: 'banker', stake: units(100), result: playerEight })).toEqual({
      outcome: 'lose',
      payout: units(20),
    });
  });

  it('at bull-bull a win returns 1.95 × S and a loss loses the whole stake', () => {
    const bullBull = result('bull', '1a9a5'); // banker 1+10+9=20 → 10, player 10+10+5=25 → 5
    expect(bullBull.banker.points).toBe(10);
    expect(settle({ area: 'banker', stake: units(100), result: bullBull }).payout).toBe(units(195));
    expect(settle({ area: 'player', stake: units(100), result: bullBull })).toEqual({ outcome: 'lose', payout: 0n });
  });

  it('pX = pY is a draw', () => {
    const level = result('bull', '24a42'); // banker 2+4+10=16 → 6, player 10+4+2=16 → 6
    expect(settle({ area: 'banker', stake: units(7), result: level })).toEqual({ outcome: 'draw', payout: units(7) });
    expect(settle({ area: 'player', stake: units(7), result: level })).toEqual({ outcome: 'draw', payout: units(7) });
  });

  it('takes the commission from the configured odds: 1.9 pays S + S × pX / 10 × 0.9', () => {
    expect(settle({ area: 'player', stake: units(100), result: playerEight, odds: '1.9' }).payout).toBe(units(172));
  });

  it('rounds a partial loss down to the micro-unit', () => {
    // 1.000001 − 1.000001 × 8/10 = 0.2000002 → 0.200000
    expect(settle({ area: 'banker', stake: 1_000_001n, result: playerEight }).payout).toBe(200_000n);
  });
});

describe('payoutRate, for set-based settlement in SQL', () => {
  it('gives the same payout as settle through stake × rate / 100000', () => {
    const results = [result('bull', '34a80'), result('bankerPlayer', '34a61'), result('luckyTen', '3'), result('oddEven', '8')];
    const stake = 123_456_789n;
    for (const r of results) {
      for (const area of areasOf(r.kind)) {
        const { outcome, rate } = payoutRate({ area, result: r });
        expect(settle({ area, stake, result: r })).toEqual({ outcome, payout: (stake * rate) / RATE_SCALE });
      }
    }
    expect(payoutRate({ area: 'player', result: result('bull', '34a80') }).rate).toBe(176_000n);
  });
});

describe('settle refuses', () => {
  const big = result('bigSmall', '7');

  it('an area of another kind, or a result of another kind', () => {
    expect(() => settle({ area: 'tie', stake: 1n, result: big })).toThrow(/does not belong/);
    expect(() => settle({ kind: 'oddEven', area: 'odd', stake: 1n, result: big })).toThrow(/cannot be settled/);
  });

  it('a stake that is not a positive bigint', () => {
    expect(() => settle({ area: 'big', stake: 0n, result: big })).toThrow(RangeError);
    expect(() => settle({ area: 'big', stake: -5n, result: big })).toThrow(RangeError);
    expect(() => settle({ area: 'big', stake: 100 as never, result: big })).toThrow(RangeError);
  });

  it('odds that are not exact', () => {
    expect(() => settle({ area: 'big', stake: 1n, result: big, odds: 1.95 })).toThrow(RangeError);
  });
});
