import { describe, expect, it } from 'vitest';
import {
  blockHeightOf,
  blockIdFor,
  blockIdMatchesHeight,
  findLastDecimalDigit,
  heightPrefix,
  isBlockId,
  lastDecimalDigit,
  lastFive,
  normalizeBlockId,
  resultOf,
} from './index.ts';

// Mainnet block 70,000,000 has an id of this shape: the height in the first 16 characters.
const ID = '00000000042c1d80' + '9f3b2c7a1e5d4f6b8a0c2e4f6a8b0d2f4a6c8e0b2d4f6a8c';

describe('a block id', () => {
  it('is 64 hex characters, in either case', () => {
    expect(isBlockId(ID)).toBe(true);
    expect(isBlockId(ID.toUpperCase())).toBe(true);
    expect(isBlockId(ID.slice(1))).toBe(false);
    expect(isBlockId(ID + '0')).toBe(false);
    expect(isBlockId(ID.slice(0, 63) + 'g')).toBe(false);
    expect(isBlockId('0x' + ID.slice(2))).toBe(false);
    expect(isBlockId(` ${ID.slice(1)}`)).toBe(false);
    expect(isBlockId(42)).toBe(false);
  });

  it('is normalised to lower case, and anything else is refused with a RangeError', () => {
    expect(normalizeBlockId(ID.toUpperCase())).toBe(ID);
    expect(() => normalizeBlockId('abc')).toThrow(RangeError);
  });

  it('encodes its height in the first 16 characters, big-endian', () => {
    expect(blockHeightOf(ID)).toBe(70_000_000);
    expect(blockIdMatchesHeight(ID, 70_000_000)).toBe(true);
    expect(blockIdMatchesHeight(ID, 70_000_001)).toBe(false);
    expect(heightPrefix(70_000_000)).toBe('00000000042c1d80');
    expect(heightPrefix(2 ** 40 + 5)).toBe('0000010000000005');
    expect(blockHeightOf(heightPrefix(Number.MAX_SAFE_INTEGER) + ID.slice(16))).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuses a height beyond what a JavaScript number holds exactly', () => {
    expect(() => blockHeightOf('0020000000000000' + ID.slice(16))).toThrow(RangeError);
    expect(() => heightPrefix(-1)).toThrow(RangeError);
    expect(() => heightPrefix(1.5)).toThrow(RangeError);
  });

  it('is made from a header hash the way TRON makes it: the first 8 bytes replaced by the height', () => {
    const sha = 'ffffffffffffffff' + ID.slice(16).toUpperCase();
    expect(blockIdFor(70_000_000, sha)).toBe(ID);
    expect(() => blockIdFor(70_000_000, ID.slice(16))).toThrow(RangeError);
  });
});

describe('d, the last decimal digit', () => {
  it('is the last character when that is a digit', () => {
    expect(lastDecimalDigit(ID.slice(0, 63) + '7')).toBe(7);
  });

  it('skips the letters a-f at the right end, in either case', () => {
    expect(findLastDecimalDigit(ID.slice(0, 59) + '3FEbE')).toEqual({ digit: 3, index: 59, skipped: 'febe' });
  });

  it('falls back as far as the height prefix when the hash part has no digit', () => {
    const id = '00000000042c1d80' + 'abcdef'.repeat(8);
    expect(findLastDecimalDigit(id)).toEqual({ digit: 0, index: 15, skipped: 'abcdef'.repeat(8) });
    expect(lastDecimalDigit('00000000042c1d8a' + 'abcdef'.repeat(8))).toBe(8);
  });

  it('does not exist in an id of letters only, which is refused', () => {
    expect(() => lastDecimalDigit('a'.repeat(64))).toThrow(/no decimal digit/);
  });
});

describe('c1..c5', () => {
  it('are the last five characters, left to right, lower case', () => {
    expect(lastFive(ID.slice(0, 59) + '34A80')).toEqual(['3', '4', 'a', '8', '0']);
  });
});

describe('resultOf', () => {
  it('refuses a height the block id does not encode, since sum games read it', () => {
    expect(() => resultOf('bigSmallSum', ID, 70_000_001)).toThrow(/encodes height 70000000/);
    expect(() => resultOf('bigSmall', ID, -1)).toThrow(RangeError);
  });

  it('refuses a malformed block id and an unknown game', () => {
    expect(() => resultOf('bigSmall', ID.slice(1), 70_000_000)).toThrow(RangeError);
    expect(() => resultOf(8, ID, 70_000_000)).toThrow(/not a hash game id/);
    expect(() => resultOf('roulette' as never, ID, 70_000_000)).toThrow(/not a hash game kind/);
  });

  it('accepts a game id and plays the rules of its kind', () => {
    expect(resultOf(301, ID, 70_000_000)).toEqual(resultOf('bigSmall', ID, 70_000_000));
    expect(resultOf(53, ID, 70_000_000).kind).toBe('bull');
  });

  it('shows the working of the sum games: s = (d + N mod 10) mod 10', () => {
    const id = heightPrefix(70_000_007) + ID.slice(16, 63) + '6';
    const bigSmall = resultOf('bigSmallSum', id, 70_000_007);
    expect(bigSmall).toMatchObject({ heightDigit: 7, sum: 3, winner: 'small' });
    expect(bigSmall.digit.digit).toBe(6);
    expect(resultOf(7, id, 70_000_007)).toMatchObject({ kind: 'oddEvenSum', sum: 3, winner: 'odd' });
  });

  it('counts bull-bull as 10 points and a banker/player zero as 0', () => {
    const bull = resultOf('bull', ID.slice(0, 59) + '55a37', 70_000_000);
    expect(bull.banker).toMatchObject({ total: 20, points: 10 });
    expect(bull.player).toMatchObject({ total: 20, points: 10 });
    expect(bull.winner).toBe('tie');
    const bp = resultOf('bankerPlayer', ID.slice(0, 59) + '55a37', 70_000_000);
    expect(bp.banker).toMatchObject({ total: 10, points: 0 });
    expect(bp.player).toMatchObject({ total: 10, points: 0 });
  });
});
