import type { Db } from '../../db/database.ts';
import { EconomySettings, type EconomySnapshot, type VipLevelSetting } from '../bonus/economy-settings.ts';
import type { TrxPerUsdt, TurnoverTerms } from '../turnover/turnover.repo.ts';
import { parseRational } from '../wallet/settings.ts';

/** TRX earns no XP while no rate is known (exchange closed and no `vip.trxPerUsdt`): 0 USDT per TRX. */
export const NO_RATE: TrxPerUsdt = { num: 1n, den: 0n };

/**
 * What turnover recording needs from the operator's economy settings: the thresholds, the rebate
 * and referral rates, and the TRX rate for XP, which is the exchange's own rate before spread when the exchange
 * is open (`EXCHANGE_TRX_PER_USDT`), otherwise the setting `vip.trxPerUsdt`.
 */
export function turnoverTermsOf(snapshot: EconomySnapshot, exchangeTrxPerUsdt?: string | null): TurnoverTerms {
  const rate = exchangeTrxPerUsdt ?? snapshot.trxPerUsdt;
  return {
    thresholds: snapshot.vipLevels.map((level) => level.threshold),
    rebatePpm: snapshot.rebateRates.flatMap((row, level) => Object.entries(row).map(([gameType, ppm]) => ({ level, gameType: Number(gameType), ppm }))),
    trxPerUsdt: rate ? parseRational(rate) : NO_RATE,
    referralPpm: snapshot.referralRates.flatMap((row, index) =>
      Object.entries(row).map(([gameType, ppm]) => ({ level: index + 1, gameType: Number(gameType), ppm })),
    ),
  };
}

/** ECONOMY.md's defaults, with the exchange's rate of the tests (4 TRX per USDT). */
export const DEFAULT_TURNOVER_TERMS: TurnoverTerms = turnoverTermsOf(new EconomySettings(undefined as unknown as Db).current(), '4');

/** The level a lifetime XP reaches: the highest whose threshold it meets. */
export function levelFor(levels: readonly Pick<VipLevelSetting, 'threshold'>[], xp: bigint): number {
  let reached = 0;
  levels.forEach((level, index) => {
    if (xp >= level.threshold) reached = index;
  });
  return reached;
}

/** Percent as a decimal string from parts per million: 5000 → "0.5". */
export function ppmToPercent(ppm: number): string {
  const value = BigInt(ppm); // 1 ppm = 0.0001 %
  const whole = value / 10_000n;
  const fraction = (value % 10_000n).toString().padStart(4, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}
