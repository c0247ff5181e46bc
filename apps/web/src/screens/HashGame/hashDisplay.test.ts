import { HASH_KINDS, heightPrefix, resultOf } from '@lobby/hash-games';
import { describe, expect, it } from 'vitest';
import {
  amountProblem,
  areaLabelKey,
  areasOfKind,
  bullWinRate,
  explorerBlockLink,
  formatMicro,
  gameLabelKeys,
  heightFromBlockId,
  localDayIso,
  msToClose,
  oddsFor,
  parseAmount,
  sameWorking,
  secondsFromMs,
  statusTone,
  tailSegments,
  transferTable,
  workingOf,
} from './hashDisplay';
import { areaLabel, gameLabel } from './labels';

const HEIGHT = 70_000_000;
/** A block id at HEIGHT ending in `tail`, the gap filled with a letter so the tail alone decides `d`. */
const block = (tail: string, filler = 'c') => {
  const prefix = heightPrefix(HEIGHT);
  return prefix + filler.repeat(64 - prefix.length - tail.length) + tail;
};
const roles = (segments: { text: string; role: string }[]) => segments.map((s) => `${s.role}:${s.text}`);

describe('bet areas per kind', () => {
  it('lists the sides of every kind in display order', () => {
    expect(areasOfKind('bigSmall')).toEqual(['small', 'big']);
    expect(areasOfKind('oddEven')).toEqual(['odd', 'even']);
    expect(areasOfKind('bull')).toEqual(['banker', 'player']);
    expect(areasOfKind('bankerPlayer')).toEqual(['banker', 'player', 'tie']);
    expect(areasOfKind('luckyTen')).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(areasOfKind('bigSmallSum')).toEqual(['small', 'big']);
    expect(areasOfKind('oddEvenSum')).toEqual(['odd', 'even']);
  });

  it('translates named sides and shows lucky-ten digits as they are', () => {
    const t = (key: string) => `<${key}>`;
    expect(areaLabelKey('big')).toBe('area.big');
    expect(areaLabelKey('7')).toBeNull();
    expect(areaLabel(t, 'tie')).toBe('<area.tie>');
    expect(areaLabel(t, '7')).toBe('7');
  });

  it('names a game by its kind and round length', () => {
    expect(gameLabelKeys(101)).toEqual({ kind: 'kind.bigSmall', period: 'period.2' });
    expect(gameLabelKeys(7)).toEqual({ kind: 'kind.oddEvenSum', period: 'period.1' });
    expect(gameLabelKeys(999)).toBeNull();
    expect(gameLabel((key) => key, 53)).toBe('kind.bull · period.4');
  });

  it('quotes the server odds for the level and currency, else the rules defaults', () => {
    const levels = [
      { level: 0, currency: 'USDT', min: '1', max: '1000', odds: [{ area: 'big', odds: '1.96' }] },
      { level: 1, currency: 'USDT', min: '10', max: '10000', odds: [{ area: 'big', odds: '1.97' }] },
    ];
    expect(oddsFor('bigSmall', 'big', levels, 0, 'USDT')).toBe('1.96');
    expect(oddsFor('bigSmall', 'big', levels, 1, 'USDT')).toBe('1.97');
    expect(oddsFor('bigSmall', 'big', levels, 0, 'TRX')).toBe('1.95');
    expect(oddsFor('bankerPlayer', 'tie')).toBe('8');
    expect(oddsFor('luckyTen', '3')).toBe('9.8');
  });

  it("gives bull's win share at bull-bull", () => {
    expect(bullWinRate('1.95')).toBe('0.95');
    expect(bullWinRate('2')).toBe('1');
    expect(bullWinRate('1.9725')).toBe('0.9725');
    expect(bullWinRate('x')).toBe('');
  });
});

describe('hash tail highlighting', () => {
  it('marks the deciding digit and strikes the letters skipped after it', () => {
    expect(roles(tailSegments('bigSmall', block('3fe0e')))).toEqual(['plain:ccccc3fe', 'decider:0', 'skipped:e']);
    expect(roles(tailSegments('luckyTen', block('12345')))).toEqual(['plain:ccccc1234', 'decider:5']);
  });

  it('widens the window when the deciding digit lies further left', () => {
    const id = block('7abcdefabcdef');
    const segments = tailSegments('oddEven', id);
    expect(roles(segments)).toEqual(['decider:7', 'skipped:abcdefabcdef']);
    expect(segments.map((s) => s.text).join('')).toBe(id.slice(-13));
  });

  it('marks the sum games by the same digit', () => {
    expect(roles(tailSegments('bigSmallSum', block('9ab')))).toEqual(['plain:ccccccc', 'decider:9', 'skipped:ab']);
  });

  it('marks the bull hands, the middle character shared', () => {
    expect(roles(tailSegments('bull', block('34a80')))).toEqual(['plain:ccccc', 'banker:34', 'shared:a', 'player:80']);
  });

  it('marks the banker/player hands, the middle character unused', () => {
    expect(roles(tailSegments('bankerPlayer', block('a4b54')))).toEqual(['plain:ccccc', 'banker:a4', 'unused:b', 'player:54']);
  });

  it('shows the whole block id on request and reads upper case hex', () => {
    const id = block('34A80').toUpperCase();
    const segments = tailSegments('bull', id, 64);
    expect(segments.map((s) => s.text).join('')).toBe(id.toLowerCase());
  });

  it('shows nothing for something that is not a block id', () => {
    expect(tailSegments('bigSmall', 'xyz')).toEqual([]);
    expect(tailSegments('bigSmall', block('1').slice(1))).toEqual([]);
  });
});

describe('working', () => {
  it('has the server shape for every kind and agrees with itself', () => {
    const id = block('34a80');
    for (const kind of HASH_KINDS) {
      const working = workingOf(resultOf(kind, id, HEIGHT));
      expect(working.kind).toBe(kind);
      expect(working.lastFive).toBe('34a80');
      expect(sameWorking(working, { ...working })).toBe(true);
    }
  });

  it('gives no winner for a bull tie and spots a different server figure', () => {
    const tie = workingOf(resultOf('bull', block('55055'), HEIGHT));
    expect(tie.winningAreas).toEqual([]);
    expect(tie.bankerPoints).toBe(tie.playerPoints);
    const bull = workingOf(resultOf('bull', block('34a80'), HEIGHT));
    expect(bull).toMatchObject({ bankerPoints: 7, playerPoints: 8, winningAreas: ['player'] });
    expect(sameWorking(bull, { ...bull, playerPoints: 6 })).toBe(false);
    expect(sameWorking(bull, { ...bull, winningAreas: ['banker'] })).toBe(false);
    expect(sameWorking(bull, { ...bull, lastFive: '34A80' })).toBe(true);
  });

  it('reads the height from the block id', () => {
    expect(heightFromBlockId(block('1'))).toBe(HEIGHT);
    expect(heightFromBlockId(` ${block('1')} `)).toBe(HEIGHT);
    expect(heightFromBlockId('00')).toBeNull();
  });
});

describe('stakes', () => {
  it('parses decimal stakes exactly', () => {
    expect(parseAmount('1')).toBe(1_000_000n);
    expect(parseAmount('0.000001')).toBe(1n);
    expect(parseAmount(' 27.03 ')).toBe(27_030_000n);
    expect(parseAmount('0')).toBeNull();
    expect(parseAmount('1.0000001')).toBeNull();
    expect(parseAmount('-1')).toBeNull();
    expect(parseAmount('1e3')).toBeNull();
    expect(formatMicro(1_951_950_000n)).toBe('1951.95');
    expect(formatMicro(-5n)).toBe('-0.000005');
  });

  it('says why a stake cannot be placed', () => {
    const limit = { min: '1', max: '1000' };
    expect(amountProblem('abc', limit, '50')).toBe('invalid');
    expect(amountProblem('0.5', limit, '50')).toBe('belowMin');
    expect(amountProblem('1000.000001', limit, '5000')).toBe('aboveMax');
    expect(amountProblem('60', limit, '50.5')).toBe('balance');
    expect(amountProblem('50.5', limit, '50.5')).toBeNull();
    expect(amountProblem('60', undefined, undefined)).toBeNull();
  });
});

describe('countdown', () => {
  it("counts on the server's clock, whatever ours says", () => {
    const round = { closesAt: '2030-01-01T00:00:10.000Z', serverTime: '2030-01-01T00:00:00.000Z' };
    // Our clock is an hour behind; the reply came in at our 23:00:00.
    const receivedAt = Date.parse('2029-12-31T23:00:00.000Z');
    expect(msToClose(round, receivedAt, receivedAt)).toBe(10_000);
    expect(msToClose(round, receivedAt, receivedAt + 7_500)).toBe(2_500);
    expect(msToClose(round, receivedAt, receivedAt + 60_000)).toBe(0);
    expect(secondsFromMs(2_500)).toBe(3);
    expect(secondsFromMs(0)).toBe(0);
  });
});

describe('transfer digits', () => {
  it('maps the unit digit to a side per kind', () => {
    const areas = (kind: Parameters<typeof transferTable>[0]) => transferTable(kind).map((c) => c.area);
    expect(areas('bigSmall')).toEqual(['small', 'small', 'small', 'small', 'small', 'big', 'big', 'big', 'big', 'big']);
    expect(areas('oddEven')).toEqual(['even', 'odd', 'even', 'odd', 'even', 'odd', 'even', 'odd', 'even', 'odd']);
    expect(areas('bankerPlayer')).toEqual([null, 'banker', 'player', 'tie', null, null, null, null, null, null]);
    expect(areas('luckyTen')).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
  });
});

describe('statuses and dates', () => {
  it('groups the ten bet statuses by tone', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map(statusTone)).toEqual([
      'unknown',
      'pending',
      'cancelled',
      'cancelled',
      'draw',
      'win',
      'lose',
      'draw',
      'win',
      'lose',
    ]);
  });

  it('sends whole local days with the local offset', () => {
    expect(localDayIso('2024-05-01')).toMatch(/^2024-05-01T00:00:00[+-]\d{2}:\d{2}$/);
    expect(localDayIso('2024-05-31', true)).toMatch(/^2024-06-01T00:00:00[+-]\d{2}:\d{2}$/);
    expect(Date.parse(localDayIso('2024-05-01')!)).toBe(new Date(2024, 4, 1).getTime());
    expect(localDayIso('')).toBeUndefined();
  });

  it('links a height to the explorer', () => {
    expect(explorerBlockLink('https://tronscan.org/#/block/{id}', 42)).toBe('https://tronscan.org/#/block/42');
    expect(explorerBlockLink('https://example.org/block/', 42)).toBe('https://example.org/block/42');
  });
});
