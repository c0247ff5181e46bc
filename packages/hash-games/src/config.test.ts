import { describe, expect, it } from 'vitest';
import { checkStake, defaultGameConfig, resolveAllGameConfigs, resolveGameConfig } from './index.ts';

const units = (n: number) => BigInt(n) * 1_000_000n;

describe('game configuration', () => {
  it('defaults to the odds of GAMES.md for every area of the game', () => {
    expect(defaultGameConfig(4, 0).odds).toEqual({ banker: 19_500, player: 19_500, tie: 80_000 });
    expect(defaultGameConfig(105, 1).odds['7']).toBe(98_000);
    expect(Object.keys(defaultGameConfig(55, 0).odds)).toHaveLength(10);
  });

  it('has limits per level and currency, intermediate above beginner, and no refund fee', () => {
    const beginner = defaultGameConfig(1, 0);
    const intermediate = defaultGameConfig(1, 1);
    expect(beginner.limits.USDT).toEqual({ min: units(1), max: units(1000) });
    expect(intermediate.limits.USDT.min > beginner.limits.USDT.min).toBe(true);
    expect(intermediate.limits.TRX.max > beginner.limits.TRX.max).toBe(true);
    expect(beginner.refundFee).toEqual({ USDT: 0n, TRX: 0n });
  });

  it('applies overrides per game and level, leaving everything else at its default', () => {
    const overrides = {
      4: { 1: { odds: { tie: '8.5', banker: 19_700 }, limits: { USDT: { max: units(50_000) } }, refundFee: { TRX: units(1) } } },
    };
    const config = resolveGameConfig(4, 1, overrides);
    expect(config.odds).toEqual({ banker: 19_700, player: 19_500, tie: 85_000 });
    expect(config.limits.USDT).toEqual({ min: units(10), max: units(50_000) });
    expect(config.refundFee).toEqual({ USDT: 0n, TRX: units(1) });
    expect(resolveGameConfig(4, 0, overrides)).toEqual(defaultGameConfig(4, 0));
    expect(resolveGameConfig(104, 1, overrides)).toEqual(defaultGameConfig(104, 1));
  });

  it('refuses overrides that make no sense', () => {
    expect(() => resolveGameConfig(1, 0, { 1: { 0: { odds: { tie: '8' } } } })).toThrow(/no area tie/);
    expect(() => resolveGameConfig(1, 0, { 1: { 0: { odds: { big: '0.9' } } } })).toThrow(RangeError);
    expect(() => resolveGameConfig(1, 0, { 1: { 0: { limits: { USDT: { min: units(5), max: units(4) } } } } })).toThrow(/min <= max/);
    expect(() => resolveGameConfig(1, 0, { 1: { 0: { limits: { TRX: { min: 0n } } } } })).toThrow(RangeError);
    expect(() => resolveGameConfig(1, 0, { 1: { 0: { refundFee: { USDT: -1n } } } })).toThrow(RangeError);
    expect(() => resolveGameConfig(1, 2 as never)).toThrow(RangeError);
    expect(() => resolveAllGameConfigs({ 8: { 0: {} } })).toThrow(/not a hash game id/);
  });

  it('lists every hash game at both levels', () => {
    expect(resolveAllGameConfigs()).toHaveLength(22 * 2);
  });
});

describe('checking a stake against a limit', () => {
  const limit = { min: units(1), max: units(100) };
  it('accepts the bounds themselves and names what is wrong otherwise', () => {
    expect(checkStake(units(1), limit)).toBeNull();
    expect(checkStake(units(100), limit)).toBeNull();
    expect(checkStake(units(1) - 1n, limit)).toBe('belowMin');
    expect(checkStake(units(100) + 1n, limit)).toBe('aboveMax');
    expect(checkStake(0n, limit)).toBe('invalidAmount');
    expect(checkStake(5 as never, limit)).toBe('invalidAmount');
  });
});
