import { describe, expect, it } from 'vitest';
import { decodeTransferBet, transferAreaForDigit, transferDigit, transferRefund } from './index.ts';

const micro = (text: string) => {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, '0'));
};
const limit = { min: micro('1'), max: micro('1000') };

describe('the choice carried by a transfer amount', () => {
  it('is the unit digit of the integer part: 27.03 → 7', () => {
    expect(transferDigit(micro('27.03'))).toBe(7);
    expect(transferDigit(micro('20.999999'))).toBe(0);
    expect(transferDigit(micro('0.5'))).toBe(0);
    expect(transferDigit(micro('1009'))).toBe(9);
    expect(transferDigit(micro('13.000001'))).toBe(3);
  });

  it('is read per kind: 0-4 small, 5-9 big; parity; 1 banker 2 player 3 tie; the digit itself', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => transferAreaForDigit('bigSmall', d))).toEqual([
      'small',
      'small',
      'small',
      'small',
      'small',
      'big',
      'big',
      'big',
      'big',
      'big',
    ]);
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => transferAreaForDigit('oddEvenSum', d))).toEqual([
      'even',
      'odd',
      'even',
      'odd',
      'even',
      'odd',
      'even',
      'odd',
      'even',
      'odd',
    ]);
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => transferAreaForDigit('bankerPlayer', d))).toEqual([
      null,
      'banker',
      'player',
      'tie',
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(transferAreaForDigit('luckyTen', 0)).toBe('0');
    expect(transferAreaForDigit('luckyTen', 9)).toBe('9');
  });

  it('is ignored by bull: the sender always holds the player hand', () => {
    for (let d = 0; d <= 9; d++) expect(transferAreaForDigit('bull', d)).toBe('player');
  });
});

describe('decoding a transfer bet', () => {
  it('bets the area the digit chooses', () => {
    expect(decodeTransferBet({ game: 1, amount: micro('27.03'), limit })).toEqual({
      ok: true,
      kind: 'bigSmall',
      digit: 7,
      area: 'big',
    });
    expect(decodeTransferBet({ game: 4, amount: micro('13'), limit })).toMatchObject({ ok: true, area: 'tie' });
    expect(decodeTransferBet({ game: 3, amount: micro('15'), limit })).toMatchObject({ ok: true, area: 'player' });
    expect(decodeTransferBet({ game: 'luckyTen', amount: micro('105'), limit })).toMatchObject({ ok: true, area: '5' });
  });

  it('is no bet on banker/player digits other than 1, 2 and 3', () => {
    expect(decodeTransferBet({ game: 4, amount: micro('14.5'), limit })).toEqual({
      ok: false,
      kind: 'bankerPlayer',
      digit: 4,
      reason: 'invalidDigit',
    });
    expect(decodeTransferBet({ game: 4, amount: micro('10'), limit })).toMatchObject({ ok: false, reason: 'invalidDigit' });
  });

  it('holds the limits inclusive at both ends', () => {
    expect(decodeTransferBet({ game: 2, amount: micro('1'), limit })).toMatchObject({ ok: true, area: 'odd' });
    expect(decodeTransferBet({ game: 2, amount: micro('1000'), limit })).toMatchObject({ ok: true, area: 'even' });
    expect(decodeTransferBet({ game: 2, amount: micro('0.999999'), limit })).toMatchObject({
      ok: false,
      digit: 0,
      reason: 'belowMin',
    });
    expect(decodeTransferBet({ game: 2, amount: micro('1000.000001'), limit })).toMatchObject({
      ok: false,
      digit: 0,
      reason: 'aboveMax',
    });
  });

  it('reports the limit before the digit when both are wrong', () => {
    expect(decodeTransferBet({ game: 4, amount: micro('5000'), limit })).toMatchObject({ reason: 'aboveMax' });
  });

  it('refuses a zero or negative amount, and games that take no transfers', () => {
    expect(decodeTransferBet({ game: 1, amount: 0n, limit })).toMatchObject({ ok: false, reason: 'invalidAmount' });
    expect(decodeTransferBet({ game: 1, amount: -5n, limit })).toMatchObject({ ok: false, reason: 'invalidAmount' });
    expect(decodeTransferBet({ game: 51, amount: micro('5'), limit })).toMatchObject({
      ok: false,
      reason: 'notTransferGame',
    });
    expect(() => decodeTransferBet({ game: 8, amount: micro('5'), limit })).toThrow(RangeError);
  });
});

describe('the refund of a refused transfer', () => {
  it('is the amount minus the refund fee, never below zero', () => {
    expect(transferRefund(micro('14.5'))).toBe(micro('14.5'));
    expect(transferRefund(micro('14.5'), micro('1'))).toBe(micro('13.5'));
    expect(transferRefund(micro('0.5'), micro('1'))).toBe(0n);
  });
});
