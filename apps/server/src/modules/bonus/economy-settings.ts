import { GameType, moneyAmount } from '@lobby/contract';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { SharedCopy } from '../../events/shared-copy.ts';
import { EconomySettingsRepository } from './economy-settings.repo.ts';

/**
 * The operator's economy settings (ECONOMY.md): the VIP ladder, rebate and referral rates and wagering
 * multipliers.
 * Stored as JSON rows of `economy_settings`; a key without a row takes its default below. Every
 * instance keeps a parsed snapshot in memory and reloads it when any instance announces a change on
 * the event bus, so a change applies at once everywhere without a restart.
 */

/** Game types that earn a rebate and count turnover (ECONOMY.md "Valid turnover"). */
export const REBATE_GAME_TYPES = [
  GameType.HASH,
  GameType.CRYPTO,
  GameType.SLOT,
  GameType.FISH,
  GameType.LIVE,
  GameType.POKER,
  GameType.SPORT,
  GameType.MINI,
] as const;

/** Rates are integer parts per million of the valid turnover: 0.5 % is 5,000. */
export const PPM = 1_000_000n;

export interface VipLevelSetting {
  /** Micro-USDT of lifetime valid turnover (XP) that reaches the level. */
  threshold: bigint;
  /** Micro-USDT paid once when the level is reached. */
  upLevelGift: bigint;
  /** Micro-USDT claimable once a month at the level. */
  monthGift: bigint;
}

export interface EconomySnapshot {
  vipLevels: VipLevelSetting[];
  /** rebateRates[level][gameType]: parts per million of valid turnover; a missing game type earns 0. */
  rebateRates: Record<number, number>[];
  /** referralRates[level - 1][gameType]: parts per million of a team member's valid turnover, levels 1-3; a missing game type earns 0. */
  referralRates: Record<number, number>[];
  /** Wagering multiplier per bonus source ('rebate', 'vip_level_gift', 'sign_in', ...); unknown sources use `activity`. */
  wageringMultipliers: Record<string, number>;
  /** TRX per USDT for XP when the exchange is closed; null: the exchange's rate only. */
  trxPerUsdt: string | null;
}

/** USDT amounts are written as decimals ("1288", "0.5") and held in micro-units. */
const usdt = moneyAmount;

const gameTypeKey = z.enum(REBATE_GAME_TYPES.map(String) as [string, ...string[]]);

const vipLevelsSchema = z
  .array(z.strictObject({ threshold: usdt, upLevelGift: usdt, monthGift: usdt }))
  .min(1)
  .max(101)
  .superRefine((levels, ctx) => {
    if (levels.length === 0) return;
    if (levels[0]!.threshold !== 0n) ctx.addIssue({ code: 'custom', path: [0, 'threshold'], message: 'level 0 starts at 0' });
    for (let level = 1; level < levels.length; level++) {
      if (levels[level]!.threshold <= levels[level - 1]!.threshold) {
        ctx.addIssue({ code: 'custom', path: [level, 'threshold'], message: 'thresholds must rise with the level' });
      }
    }
  });

const rebateRatesSchema = z
  .array(z.partialRecord(gameTypeKey, z.number().int().min(0).max(100_000).describe('parts per million; at most 10 %')))
  .min(1)
  .max(101);

// Exactly one row per level of the tree the commission reaches (ECONOMY.md "Referral": 3 levels).
const referralRatesSchema = z
  .array(z.partialRecord(gameTypeKey, z.number().int().min(0).max(50_000).describe('parts per million; at most 5 %')))
  .length(3, 'one row per level 1-3');

const multipliersSchema = z
  .record(z.string().regex(/^[a-z_]{1,40}$/), z.number().int().min(0).max(100))
  .refine((value) => 'activity' in value, 'must name the `activity` multiplier, used by sources without their own');

const trxPerUsdtSchema = z
  .string()
  .regex(/^\d{1,9}(\.\d{1,12})?$/, 'a decimal rate, e.g. 3.456')
  .refine((v) => /[1-9]/.test(v), 'must be above zero')
  .nullable();

/** Every setting the operator may change, by key, with the schema its JSON value must pass. */
export const ECONOMY_SETTING_SCHEMAS = {
  'vip.levels': vipLevelsSchema,
  'rebate.rates': rebateRatesSchema,
  'referral.rates': referralRatesSchema,
  'wagering.multipliers': multipliersSchema,
  'vip.trxPerUsdt': trxPerUsdtSchema,
} as const;
export type EconomySettingKey = keyof typeof ECONOMY_SETTING_SCHEMAS;
export const ECONOMY_SETTING_KEYS = Object.keys(ECONOMY_SETTING_SCHEMAS) as EconomySettingKey[];

const VIP_LADDER_USDT: [number, number, number][] = [
  [0, 0, 0],
  [1_000, 1, 0],
  [5_000, 5, 3],
  [20_000, 18, 8],
  [50_000, 38, 18],
  [100_000, 68, 38],
  [250_000, 128, 68],
  [500_000, 288, 128],
  [1_000_000, 588, 258],
  [2_500_000, 1_288, 588],
  [5_000_000, 2_888, 1_288],
];

/** The defaults of ECONOMY.md, as the JSON an operator would store. */
export const ECONOMY_DEFAULTS: Record<EconomySettingKey, unknown> = {
  'vip.levels': VIP_LADDER_USDT.map(([threshold, upLevelGift, monthGift]) => ({
    threshold: String(threshold),
    upLevelGift: String(upLevelGift),
    monthGift: String(monthGift),
  })),
  // Level 0: hash 0.5 %, others 0.4 %; each level adds 0.05 %.
  'rebate.rates': VIP_LADDER_USDT.map((_, level) =>
    Object.fromEntries(REBATE_GAME_TYPES.map((type) => [String(type), (type === GameType.HASH ? 5_000 : 4_000) + 500 * level])),
  ),
  // Level 1 0.30 %, level 2 0.10 %, level 3 0.05 %, on every game type.
  'referral.rates': [3_000, 1_000, 500].map((ppm) => Object.fromEntries(REBATE_GAME_TYPES.map((type) => [String(type), ppm]))),
  'wagering.multipliers': {
    vip_level_gift: 1,
    vip_month_gift: 1,
    rebate: 1,
    referral: 1,
    sign_in: 5,
    register: 10,
    first_recharge: 10,
    activity: 5,
  },
  'vip.trxPerUsdt': null,
};

/** A value that fails its key's schema; the message names what is wrong. */
export class InvalidEconomySettingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidEconomySettingError';
  }
}

/** Parses one setting's JSON value; throws InvalidEconomySettingError naming the first problem. */
export function parseEconomySetting<K extends EconomySettingKey>(key: K, value: unknown): z.output<(typeof ECONOMY_SETTING_SCHEMAS)[K]> {
  const schema = ECONOMY_SETTING_SCHEMAS[key] as z.ZodType;
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new InvalidEconomySettingError(`${key}${issue.path.length ? `[${issue.path.join('][')}]` : ''}: ${issue.message}`);
  }
  return result.data as z.output<(typeof ECONOMY_SETTING_SCHEMAS)[K]>;
}

function snapshotOf(values: Record<EconomySettingKey, unknown>): EconomySnapshot {
  const levels = parseEconomySetting('vip.levels', values['vip.levels']);
  const byGameType = (row: Partial<Record<string, number>>) => Object.fromEntries(Object.entries(row).map(([type, ppm]) => [Number(type), ppm as number]));
  return {
    vipLevels: levels,
    rebateRates: parseEconomySetting('rebate.rates', values['rebate.rates']).map(byGameType),
    referralRates: parseEconomySetting('referral.rates', values['referral.rates']).map(byGameType),
    wageringMultipliers: parseEconomySetting('wagering.multipliers', values['wagering.multipliers']),
    trxPerUsdt: parseEconomySetting('vip.trxPerUsdt', values['vip.trxPerUsdt']),
  };
}

const CHANGED_CHANNEL = 'economy.settings.changed';

export class EconomySettings {
  private snapshot: EconomySnapshot = snapshotOf(ECONOMY_DEFAULTS);
  private readonly copy: SharedCopy;

  constructor(
    private readonly db: Db,
    bus?: EventBus,
  ) {
    this.copy = new SharedCopy(CHANGED_CHANNEL, () => this.reload(), bus);
  }

  /** Reads the stored settings and follows changes announced by any instance. */
  async start(): Promise<void> {
    await this.copy.follow();
  }

  stop(): void {
    this.copy.stop();
  }

  async reload(): Promise<void> {
    this.snapshot = snapshotOf(await this.values());
  }

  /** The settings in force. */
  current(): EconomySnapshot {
    return this.snapshot;
  }

  /** Wagering multiplier of a bonus source; sources without their own use `activity`'s. */
  multiplier(source: string): number {
    const multipliers = this.snapshot.wageringMultipliers;
    return multipliers[source] ?? multipliers.activity ?? 1;
  }

  /** Rebate rate of a VIP level and game type, parts per million; levels above the table use its last row. */
  rebateRatePpm(vipLevel: number, gameType: number): number {
    const rates = this.snapshot.rebateRates;
    return rates[Math.min(Math.max(vipLevel, 0), rates.length - 1)]?.[gameType] ?? 0;
  }

  /** Referral commission rate of a tree level (1-3) and game type, parts per million; 0 outside the tree. */
  referralRatePpm(level: number, gameType: number): number {
    return this.snapshot.referralRates[level - 1]?.[gameType] ?? 0;
  }

  /** Every setting as stored JSON (defaults where no row exists), with who changed it last. */
  async list(): Promise<{ key: EconomySettingKey; value: unknown; isDefault: boolean; updatedAt: string | null; updatedBy: string | null }[]> {
    const rows = await new EconomySettingsRepository(this.db).all();
    return ECONOMY_SETTING_KEYS.map((key) => {
      const row = rows.find((r) => r.key === key);
      return row
        ? { key, value: row.value, isDefault: false, updatedAt: row.updated_at.toISOString(), updatedBy: row.updated_by }
        : { key, value: ECONOMY_DEFAULTS[key], isDefault: true, updatedAt: null, updatedBy: null };
    });
  }

  /**
   * Validates and stores a setting with an audit row, then applies it here and announces it to every
   * instance. The whole snapshot is checked first, so a change can never leave the settings unusable.
   */
  async set(key: EconomySettingKey, value: unknown, updatedBy: string): Promise<void> {
    parseEconomySetting(key, value);
    const stored = await this.values();
    snapshotOf({ ...stored, [key]: value });
    await this.db.transaction().execute(async (trx) => {
      await new EconomySettingsRepository(trx).upsert(key, value, updatedBy, ECONOMY_DEFAULTS[key]);
    });
    await this.copy.changed({ key });
  }

  /** Changes of one key, newest first. */
  audit(key: EconomySettingKey, limit = 50) {
    return new EconomySettingsRepository(this.db).audit(key, limit);
  }

  private async values(): Promise<Record<EconomySettingKey, unknown>> {
    const rows = await new EconomySettingsRepository(this.db).all();
    const values = { ...ECONOMY_DEFAULTS };
    for (const row of rows) if (row.key in values) values[row.key as EconomySettingKey] = row.value;
    return values;
  }
}
