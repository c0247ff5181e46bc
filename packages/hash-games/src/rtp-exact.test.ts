/**
 * Exact RTP: every equally likely value of the characters a kind reads, run through resultOf and settle,
 * must return exactly the theoretical fraction of the stakes.
 */
import { describe, expect, it } from 'vitest';
import { areasOf, findLastDecimalDigit, resultOf, type HashKind } from './index.ts';
import { blockIdEndingWith } from './testing/blocks.ts';
import { reduce, Tally, THEORETICAL_RTP, type Fraction } from './testing/rtp.ts';

const HEX = '0123456789abcdef'.split('');

/** Every string of `length` hex characters. */
function tails(length: number): string[] {
  let all = [''];
  for (let i = 0; i < length; i++) all = all.flatMap((head) => HEX.map((ch) => head + ch));
  return all;
}

function expectRtp(tally: Tally, kind: HashKind): void {
  for (const area of areasOf(kind)) {
    expect(tally.rtp(area).rtp, `${kind} ${area}`).toEqual(THEORETICAL_RTP[kind][area]);
  }
}

describe('d, the last decimal digit', () => {
  it('is uniform over 0-9: of the 16^4 possible last four characters, each digit is found equally often', () => {
    // Endings made only of letters (6^4 of them) pass the choice on to earlier characters, which are
    // uniform by the same argument, so d is uniform whatever the letters.
    const found = new Array<number>(10).fill(0);
    let passedOn = 0;
    for (const tail of tails(4)) {
      const { digit, index } = findLastDecimalDigit(blockIdEndingWith(tail, 70_000_000, 'a'));
      if (index >= 60) found[digit]++;
      else passedOn++;
    }
    expect(passedOn).toBe(6 ** 4);
    expect(found).toEqual(new Array(10).fill((16 ** 4 - 6 ** 4) / 10));
  });
});

describe('exact RTP of the kinds decided by d', () => {
  it.each(['bigSmall', 'oddEven', 'luckyTen'] as const)('%s: each of the ten values of d once', (kind) => {
    const tally = new Tally();
    for (let d = 0; d <= 9; d++) tally.add(resultOf(kind, blockIdEndingWith(`${d}`, 70_000_000), 70_000_000));
    expectRtp(tally, kind);
  });

  it('big/small and odd/even pay 97.5%, lucky ten 98%', () => {
    expect(THEORETICAL_RTP.bigSmall.big).toEqual(reduce([195n, 200n]));
    expect(THEORETICAL_RTP.oddEven.odd).toEqual(reduce([195n, 200n]));
    expect(THEORETICAL_RTP.luckyTen['7']).toEqual(reduce([98n, 100n]));
  });

  it.each(['bigSmallSum', 'oddEvenSum'] as const)('%s: every d with every last digit of the height', (kind) => {
    const tally = new Tally();
    for (let d = 0; d <= 9; d++) {
      for (let n = 0; n <= 9; n++) {
        const height = 70_000_000 + n;
        tally.add(resultOf(kind, blockIdEndingWith(`${d}`, height), height));
      }
    }
    expectRtp(tally, kind);
  });
});

/**
 * An independent route to the same numbers: the distribution of one character's value, convolved,
 * with c3 (shared by both bull hands) conditioned on.
 */
function convolvedRtp(kind: 'bull' | 'bankerPlayer'): Record<string, Fraction> {
  const letter = kind === 'bull' ? 10 : 0;
  const values = HEX.map((ch) => (ch <= '9' ? Number(ch) : letter));
  // pairs[m] = how many (x, y) character pairs have (x + y) mod 10 = m
  const pairs = new Array<bigint>(10).fill(0n);
  for (const x of values) for (const y of values) pairs[(x + y) % 10]++;
  const bull = (total: number) => (total % 10 === 0 ? 10 : total % 10);
  const sums: Record<string, bigint> = { banker: 0n, player: 0n, tie: 0n };
  const S = 1000n;
  const middles = kind === 'bull' ? values : [0];
  for (const c3 of middles) {
    for (let b = 0; b < 10; b++) {
      for (let p = 0; p < 10; p++) {
        const weight = pairs[b] * pairs[p];
        const pb = kind === 'bull' ? bull(b + c3) : b;
        const pp = kind === 'bull' ? bull(p + c3) : p;
        if (kind === 'bull') {
          for (const [side, mine, theirs] of [
            ['banker', pb, pp],
            ['player', pp, pb],
          ] as const) {
            const back = mine > theirs ? S + (S * BigInt(mine) * 95n) / 1000n : mine < theirs ? S - (S * BigInt(theirs)) / 10n : S;
            sums[side] += back * weight;
          }
        } else {
          sums.banker += (pb > pp ? (S * 195n) / 100n : pb === pp ? S : 0n) * weight;
          sums.player += (pp > pb ? (S * 195n) / 100n : pb === pp ? S : 0n) * weight;
          sums.tie += (pb === pp ? S * 8n : 0n) * weight;
        }
      }
    }
  }
  const cases = BigInt(middles.length) * 16n ** 4n;
  return Object.fromEntries(Object.entries(sums).map(([area, sum]) => [area, reduce([sum, S * cases])]));
}

describe('exact RTP of bull', () => {
  it('over all 16^5 endings c1..c5 equals the theoretical fraction', () => {
    const tally = new Tally();
    const prefix = blockIdEndingWith('').slice(0, 59);
    for (const tail of tails(5)) tally.add(resultOf('bull', prefix + tail, 70_000_000));
    expect(tally.total).toBe(16n ** 5n);
    expectRtp(tally, 'bull');
  });
});

describe('exact RTP of bankerPlayer', () => {
  // c3 is unused (the property tests hold it to that), so 16^4 endings c1 c2 c4 c5 cover every case.
  it('over all 16^4 endings c1 c2 _ c4 c5 equals the theoretical fraction', () => {
    const tally = new Tally();
    const prefix = blockIdEndingWith('').slice(0, 59);
    for (const tail of tails(4)) {
      tally.add(resultOf('bankerPlayer', `${prefix}${tail.slice(0, 2)}e${tail.slice(2)}`, 70_000_000));
    }
    expect(tally.total).toBe(16n ** 4n);
    expectRtp(tally, 'bankerPlayer');
  });
});

describe.each(['bull', 'bankerPlayer'] as const)('exact RTP of %s, independently', (kind) => {
  it('agrees with a convolution of the character values', () => {
    const convolved = convolvedRtp(kind);
    for (const area of areasOf(kind)) expect(convolved[area], area).toEqual(THEORETICAL_RTP[kind][area]);
  });
});

describe('theoretical RTP at the default odds', () => {
  it('bull pays 161101/163840 ≈ 98.33% to either side; banker/player 97.79% to a side, 94.24% to tie', () => {
    expect(Number(THEORETICAL_RTP.bull.banker![0]) / Number(THEORETICAL_RTP.bull.banker![1])).toBeCloseTo(0.98328, 5);
    expect(Number(THEORETICAL_RTP.bankerPlayer.banker![0]) / Number(THEORETICAL_RTP.bankerPlayer.banker![1])).toBeCloseTo(0.97794, 5);
    expect(Number(THEORETICAL_RTP.bankerPlayer.tie![0]) / Number(THEORETICAL_RTP.bankerPlayer.tie![1])).toBeCloseTo(0.94238, 5);
  });
});
