import { describe, expect, it } from 'vitest';
import { areasOf, DEFAULT_ODDS, defaultOddsOf, formatOdds, HASH_GAME_IDS, hashGame, isAreaOf, isHashGameId, kindOf, parseOdds, PERIODS } from './index.ts';

describe('the hash game catalogue', () => {
  it('holds exactly the ids of SPEC section 3', () => {
    expect([...HASH_GAME_IDS].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 51, 52, 53, 54, 55, 101, 102, 103, 104, 105, 301, 302, 303, 401, 402]);
    expect(isHashGameId(8)).toBe(false);
    expect(isHashGameId('1')).toBe(false);
    expect(() => hashGame(56)).toThrow(RangeError);
  });

  it('gives each id the kind of GAMES.md', () => {
    const ids = (kind: string) => HASH_GAME_IDS.filter((id) => hashGame(id).kind === kind);
    expect(ids('bigSmall')).toEqual([1, 51, 101, 301, 401]);
    expect(ids('oddEven')).toEqual([2, 52, 102, 302, 402]);
    expect(ids('bull')).toEqual([3, 53, 103, 303]);
    expect(ids('bankerPlayer')).toEqual([4, 54, 104]);
    expect(ids('luckyTen')).toEqual([5, 55, 105]);
    expect(ids('bigSmallSum')).toEqual([6]);
    expect(ids('oddEvenSum')).toEqual([7]);
    expect(kindOf(104)).toBe('bankerPlayer');
    expect(kindOf('bull')).toBe('bull');
  });

  it('gives each id its period code, round length and blocks per round', () => {
    const shape = (id: number) => {
      const { period, seconds, blocksPerRound } = hashGame(id);
      return [period, seconds, blocksPerRound];
    };
    for (const id of [1, 2, 3, 4, 5, 6, 7]) expect(shape(id)).toEqual([1, 3, 1]);
    for (const id of [51, 52, 53, 54, 55]) expect(shape(id)).toEqual([4, 9, 3]);
    for (const id of [401, 402]) expect(shape(id)).toEqual([5, 30, 10]);
    for (const id of [101, 102, 103, 104, 105]) expect(shape(id)).toEqual([2, 60, 20]);
    for (const id of [301, 302, 303]) expect(shape(id)).toEqual([3, 180, 60]);
    for (const period of Object.values(PERIODS)) expect(period.seconds).toBe(period.blocksPerRound * 3);
  });

  it('requires login for 103-105 and 303 only', () => {
    expect(HASH_GAME_IDS.filter((id) => hashGame(id).loginRequired)).toEqual([103, 104, 105, 303]);
  });

  it('takes transfer bets on games 1-7 only', () => {
    expect(HASH_GAME_IDS.filter((id) => hashGame(id).transferBet)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});

describe('bet areas and default odds', () => {
  it('name every area with a stable string id', () => {
    expect(areasOf('bigSmall')).toEqual(['small', 'big']);
    expect(areasOf('oddEven')).toEqual(['odd', 'even']);
    expect(areasOf('bull')).toEqual(['banker', 'player']);
    expect(areasOf('bankerPlayer')).toEqual(['banker', 'player', 'tie']);
    expect(areasOf('luckyTen')).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(areasOf('bigSmallSum')).toEqual(['small', 'big']);
    expect(areasOf('oddEvenSum')).toEqual(['odd', 'even']);
    expect(isAreaOf('bull', 'tie')).toBe(false);
    expect(isAreaOf('luckyTen', '10')).toBe(false);
  });

  it('default to 1.95 on two-sided areas, 8 on tie and 9.8 on a lucky-ten number', () => {
    expect(DEFAULT_ODDS.bigSmall).toEqual({ small: 19_500, big: 19_500 });
    expect(DEFAULT_ODDS.bankerPlayer).toEqual({ banker: 19_500, player: 19_500, tie: 80_000 });
    expect(defaultOddsOf('luckyTen', '3')).toBe(98_000);
    expect(defaultOddsOf('bull', 'player')).toBe(19_500);
    expect(() => defaultOddsOf('bull', 'tie')).toThrow(RangeError);
  });
});

describe('odds', () => {
  it('are exact: 1/10000 units as integers, or decimal strings', () => {
    expect(parseOdds('1.95')).toBe(19_500);
    expect(parseOdds('9.8')).toBe(98_000);
    expect(parseOdds('8')).toBe(80_000);
    expect(parseOdds('1.9512')).toBe(19_512);
    expect(parseOdds('1.950000')).toBe(19_500);
    expect(parseOdds(19_500)).toBe(19_500);
    expect(formatOdds(19_500)).toBe('1.95');
    expect(formatOdds(80_000)).toBe('8');
    expect(formatOdds(19_512)).toBe('1.9512');
  });

  it('refuse floats, more than 4 decimals, junk, and anything below 1', () => {
    expect(() => parseOdds(1.95)).toThrow(RangeError);
    expect(() => parseOdds('1.95001')).toThrow(/more than 4 decimals/);
    expect(() => parseOdds('1,95')).toThrow(RangeError);
    expect(() => parseOdds('-1.95')).toThrow(RangeError);
    expect(() => parseOdds('0.95')).toThrow(/between 1 and/);
    expect(() => parseOdds(9_999)).toThrow(RangeError);
  });
});
