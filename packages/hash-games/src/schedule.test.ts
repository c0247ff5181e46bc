import { describe, expect, it } from 'vitest';
import { acceptsBets, countdown, decidingHeightFor, gamesDecidedAt, isDecidingHeight, roundWindow } from './index.ts';

describe('the deciding height of the open round', () => {
  it('is the smallest multiple of the round length strictly above head + 1', () => {
    // 3-second games: one block a round, and the next block but one decides.
    expect(decidingHeightFor(1, 100)).toBe(102);
    // 9-second games, 3 blocks: head 100 → T > 101 → 102; head 101 → T > 102 → 105.
    expect(decidingHeightFor(51, 100)).toBe(102);
    expect(decidingHeightFor(51, 101)).toBe(105);
    expect(decidingHeightFor(51, 102)).toBe(105);
    expect(decidingHeightFor(51, 103)).toBe(105);
    expect(decidingHeightFor(51, 104)).toBe(108);
    // 1-minute games, 20 blocks.
    expect(decidingHeightFor(101, 117)).toBe(120);
    expect(decidingHeightFor(101, 118)).toBe(120);
    expect(decidingHeightFor(101, 119)).toBe(140);
    expect(decidingHeightFor(101, 120)).toBe(140);
    // 3-minute and 30-second games.
    expect(decidingHeightFor(301, 58)).toBe(60);
    expect(decidingHeightFor(301, 59)).toBe(120);
    expect(decidingHeightFor(401, 0)).toBe(10);
    expect(decidingHeightFor(401, 8)).toBe(10);
    expect(decidingHeightFor(401, 9)).toBe(20);
  });

  it('always leaves at least one unknown block between the head and the deciding block', () => {
    for (const gameId of [1, 51, 101, 301, 401]) {
      for (let head = 0; head < 200; head++) {
        const t = decidingHeightFor(gameId, head);
        expect(t).toBeGreaterThan(head + 1);
        expect(t - roundWindow(gameId, t).blocksPerRound).toBeLessThanOrEqual(head + 1);
      }
    }
  });

  it('refuses a negative or fractional head and an unknown game', () => {
    expect(() => decidingHeightFor(1, -1)).toThrow(RangeError);
    expect(() => decidingHeightFor(1, 1.5)).toThrow(RangeError);
    expect(() => decidingHeightFor(99, 10)).toThrow(RangeError);
  });
});

describe('a round window', () => {
  it('opens when block T − B − 1 is the head and closes when block T − 1 is', () => {
    expect(roundWindow(101, 140)).toEqual({
      gameId: 101,
      decidingHeight: 140,
      blocksPerRound: 20,
      firstBlock: 121,
      opensAtHead: 119,
      closesAtHead: 139,
      lastBetHead: 138,
    });
    for (let head = 110; head < 150; head++) {
      const open = head >= 119 && head <= 138;
      expect(acceptsBets(101, 140, head), `head ${head}`).toBe(open);
    }
  });

  it('takes bets for one round at a time', () => {
    expect(acceptsBets(1, 102, 100)).toBe(true);
    expect(acceptsBets(1, 103, 100)).toBe(false);
    expect(acceptsBets(1, 101, 100)).toBe(false);
  });

  it('exists only at multiples of the round length', () => {
    expect(() => roundWindow(101, 130)).toThrow(/not a deciding height/);
    expect(() => roundWindow(101, 0)).toThrow(RangeError);
    expect(isDecidingHeight(51, 102)).toBe(true);
    expect(isDecidingHeight(51, 103)).toBe(false);
    expect(isDecidingHeight(1, 0)).toBe(false);
  });
});

describe('the games decided by a block', () => {
  it('are every game whose round length divides its height', () => {
    expect(gamesDecidedAt(7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(gamesDecidedAt(3)).toEqual([1, 2, 3, 4, 5, 6, 7, 51, 52, 53, 54, 55]);
    expect(gamesDecidedAt(10)).toEqual([1, 2, 3, 4, 5, 6, 7, 401, 402]);
    expect(gamesDecidedAt(60)).toEqual([1, 2, 3, 4, 5, 6, 7, 51, 52, 53, 54, 55, 101, 102, 103, 104, 105, 301, 302, 303, 401, 402]);
    expect(gamesDecidedAt(0)).toEqual([]);
  });
});

describe('the countdown at 3-second blocks', () => {
  it('counts the blocks still to come before betting closes and the result arrives', () => {
    // head 99 of a 1-minute game: round 120 closes at block 119 (20 blocks, 60 s), result at 120 (63 s).
    expect(countdown(101, 99)).toEqual({
      decidingHeight: 120,
      blocksToClose: 20,
      msToClose: 60_000,
      msToResult: 63_000,
      secondsToClose: 60,
      secondsToResult: 63,
    });
    // The last moment of a 3-second round: one block to close.
    expect(countdown(1, 100)).toMatchObject({ decidingHeight: 102, blocksToClose: 1, secondsToClose: 3, secondsToResult: 6 });
  });

  it('subtracts the time since the head block, rounding seconds up and never going below zero', () => {
    expect(countdown(101, 118, 1_200)).toMatchObject({ blocksToClose: 1, msToClose: 1_800, secondsToClose: 2, secondsToResult: 5 });
    expect(countdown(101, 118, 9_000)).toMatchObject({ msToClose: 0, msToResult: 0, secondsToClose: 0 });
    expect(() => countdown(101, 118, -1)).toThrow(RangeError);
  });
});
