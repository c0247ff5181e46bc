import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { ECONOMY_DEFAULTS, EconomySettings, InvalidEconomySettingError, parseEconomySetting } from './economy-settings.ts';

describe('economy settings defaults (ECONOMY.md)', () => {
  const settings = new EconomySettings(undefined as never);

  it('rebates 0.5 % on hash and 0.4 % on other games at level 0, 0.05 % more per level, up to 1.0 % and 0.9 % at level 10', () => {
    expect(settings.rebateRatePpm(0, 1)).toBe(5_000);
    expect(settings.rebateRatePpm(0, 10)).toBe(4_000);
    expect(settings.rebateRatePpm(3, 12)).toBe(5_500);
    expect(settings.rebateRatePpm(10, 1)).toBe(10_000);
    expect(settings.rebateRatePpm(10, 15)).toBe(9_000);
    // Beyond the table: its last row; a game type without a rate earns nothing.
    expect(settings.rebateRatePpm(12, 1)).toBe(10_000);
    expect(settings.rebateRatePpm(0, 0)).toBe(0);
  });

  it('holds the VIP ladder in micro-USDT', () => {
    const levels = settings.current().vipLevels;
    expect(levels).toHaveLength(11);
    expect(levels[1]).toEqual({ threshold: 1_000_000_000n, upLevelGift: 1_000_000n, monthGift: 0n });
    expect(levels[10]).toEqual({ threshold: 5_000_000_000_000n, upLevelGift: 2_888_000_000n, monthGift: 1_288_000_000n });
  });

  it('takes the wagering multiplier of the source, else that of `activity`', () => {
    expect(settings.multiplier('rebate')).toBe(1);
    expect(settings.multiplier('vip_level_gift')).toBe(1);
    expect(settings.multiplier('register')).toBe(10);
    expect(settings.multiplier('loss_rebate')).toBe(5);
  });

  it('parses every default as valid', () => {
    for (const [key, value] of Object.entries(ECONOMY_DEFAULTS)) expect(() => parseEconomySetting(key as never, value)).not.toThrow();
    expect(() => parseEconomySetting('vip.levels', [])).toThrow(InvalidEconomySettingError);
  });
});

describe('a change made on one instance', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await startTestApp();
    second = await startTestApp({}, { alongside: first });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('is in force on every instance at once, without a restart', async () => {
    await first.app.services.economy.set('rebate.rates', [{ '1': 7_000 }], 'alice');
    expect(first.app.services.economy.rebateRatePpm(0, 1)).toBe(7_000);
    const deadline = Date.now() + 5_000;
    while (second.app.services.economy.rebateRatePpm(0, 1) !== 7_000 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(second.app.services.economy.rebateRatePpm(5, 1)).toBe(7_000);
    expect(second.app.services.economy.rebateRatePpm(5, 10)).toBe(0);
  });
});
