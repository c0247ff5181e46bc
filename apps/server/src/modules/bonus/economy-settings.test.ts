import { GameType } from '@lobby/contract';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { TurnoverRepository } from '../turnover/turnover.repo.ts';
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

  it('pays referral commission of 0.30 %, 0.10 % and 0.05 % on every game type to levels 1, 2 and 3, and nothing beyond', () => {
    for (const type of [GameType.HASH, GameType.SLOT, GameType.MINI]) {
      expect([1, 2, 3].map((level) => settings.referralRatePpm(level, type))).toEqual([3_000, 1_000, 500]);
    }
    expect(settings.referralRatePpm(0, GameType.HASH)).toBe(0);
    expect(settings.referralRatePpm(4, GameType.HASH)).toBe(0);
    expect(settings.referralRatePpm(1, GameType.NONE)).toBe(0);
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

describe('/ops/v1/economy/set referral.rates', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    await sql`delete from economy_settings`.execute(t.app.database.db);
    await t.app.services.economy.reload();
  });

  const ops = (path: string, body: unknown) => t.ops(path, body);
  let seq = 0;
  async function register(inviteCode?: string) {
    const reply = await t.call('/v1/player/register', {
      kind: 1,
      account: `rates${Date.now().toString(36)}${++seq}`,
      password: 'secret123',
      ...(inviteCode ? { inviteCode } : {}),
    });
    expect(reply.code).toBe(0);
    const summary = await t.call('/v1/referral/summary', {}, { token: reply.data.token });
    return { token: reply.data.token as string, playerId: reply.data.player.id as number, inviteCode: summary.data.inviteCode as string };
  }
  /** A losing round of `stake` micro-USDT, recorded under the terms in force: its valid turnover is the stake. */
  let round = 0;
  const bet = (playerId: number, gameType: number, stake: bigint) =>
    new TurnoverRepository(t.app.database.db).recordRounds(
      [{ playerId, roundKey: `tp:rates:${Date.now()}:${++round}`, gameType, currency: 'USDT', stake, payout: 0n }],
      t.app.services.vip.terms(),
    );
  const commission = async (token: string) =>
    (await t.call('/v1/referral/summary', {}, { token })).data.commissions.find((row: { currency: string }) => row.currency === 'USDT').total as string;

  it('lists the defaults of ECONOMY.md', async () => {
    const reply = await ops('/ops/v1/economy/settings', {});
    const setting = reply.data.settings.find((s: { key: string }) => s.key === 'referral.rates');
    expect(setting.isDefault).toBe(true);
    expect(setting.value.map((row: Record<string, number>) => row[String(GameType.HASH)])).toEqual([3_000, 1_000, 500]);
  });

  it('changes the commission of the next accrual, on the levels and game types it names, and keeps who changed it', async () => {
    const a = await register();
    const b = await register(a.inviteCode);
    const c = await register(b.inviteCode);
    await bet(c.playerId, GameType.HASH, 1_000_000_000n);
    // Defaults: A is two levels above C (0.10 %), B one (0.30 %).
    expect([await commission(a.token), await commission(b.token)]).toEqual(['1', '3']);

    const rates = [{ [GameType.HASH]: 20_000 }, { [GameType.HASH]: 5_000, [GameType.SLOT]: 7_000 }, {}];
    expect((await ops('/ops/v1/economy/set', { key: 'referral.rates', value: rates })).code).toBe(0);
    expect(t.app.services.vip.terms().referralPpm).toContainEqual({ level: 2, gameType: GameType.SLOT, ppm: 7_000 });
    await bet(c.playerId, GameType.HASH, 1_000_000_000n);
    await bet(c.playerId, GameType.SLOT, 1_000_000_000n);
    // Hash: A +0.5 %, B +2 %; slot: A +0.7 %, B nothing (level 1 names no slot rate).
    expect([await commission(a.token), await commission(b.token)]).toEqual(['13', '23']);
    const summary = await t.call('/v1/referral/summary', {}, { token: a.token });
    expect(summary.data.rates).toContainEqual({ level: 1, gameType: GameType.HASH, ratePpm: 20_000 });

    const audit = await ops('/ops/v1/economy/audit', { key: 'referral.rates' });
    expect(audit.data.changes).toEqual([
      { id: expect.any(Number), key: 'referral.rates', oldValue: ECONOMY_DEFAULTS['referral.rates'], newValue: rates, by: t.opsName, at: expect.any(String) },
    ]);
  });

  it('refuses invalid rates with 12 naming the problem, and changes nothing', async () => {
    const before = t.app.services.vip.terms().referralPpm;
    const historyBefore = await t.app.database.db.selectFrom('economy_settings_audit').select('id').execute();
    const cases: [unknown, RegExp][] = [
      [[{ '1': 3_000 }, { '1': 1_000 }], /referral.rates: one row per level/],
      [[{}, {}, {}, {}], /referral.rates: one row per level/],
      [[{ '1': 0.3 }, {}, {}], /referral.rates\[0\]\[1\]/],
      [[{ '1': -1 }, {}, {}], /referral.rates\[0\]\[1\]/],
      [[{}, { '1': 60_000 }, {}], /referral.rates\[1\]\[1\]/],
      [[{ '99': 100 }, {}, {}], /referral.rates/],
      ['0.3 %', /referral.rates/],
    ];
    for (const [value, message] of cases) {
      const reply = await ops('/ops/v1/economy/set', { key: 'referral.rates', value });
      expect(reply.code, JSON.stringify(value)).toBe(12);
      expect(reply.msg).toMatch(message);
    }
    expect(await t.app.database.db.selectFrom('economy_settings').select('key').execute()).toEqual([]);
    expect(await t.app.database.db.selectFrom('economy_settings_audit').select('id').execute()).toEqual(historyBefore);
    expect(t.app.services.vip.terms().referralPpm).toEqual(before);
  });
});
