import { GameType, MICRO_PER_UNIT } from '@lobby/contract';
import type { TrxPerUsdt, TurnoverTerms } from '../turnover/turnover.repo.ts';

/** One rung of the VIP ladder, amounts in USDT micro-units. */
export interface VipLevelTerms {
  level: number;
  /** Lifetime USDT-equivalent valid turnover (XP) that reaches the level. */
  threshold: bigint;
  /** Paid once when the level is reached (skipped levels included); 0 = none. */
  upLevelGift: bigint;
  /** Paid once per Asia/Shanghai month at this level, given last month's turnover; 0 = none. */
  monthGift: bigint;
}

/** Game types that earn rebates, in the order the rate table lists them. */
export const REBATE_GAME_TYPES = [GameType.HASH, GameType.CRYPTO, GameType.SLOT, GameType.FISH, GameType.LIVE, GameType.POKER, GameType.SPORT, GameType.MINI] as const;

const usdt = (units: number) => BigInt(units) * MICRO_PER_UNIT;

const LADDER: [number, number, number][] = [
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

/** ECONOMY.md's ladder. */
export const DEFAULT_VIP_LEVELS: VipLevelTerms[] = LADDER.map(([threshold, up, month], level) => ({
  level,
  threshold: usdt(threshold),
  upLevelGift: usdt(up),
  monthGift: usdt(month),
}));

/** ECONOMY.md's rates in parts per million: level 0 hash 0.5 %, others 0.4 %, +0.05 % a level. */
export const DEFAULT_REBATE_PPM: TurnoverTerms['rebatePpm'] = DEFAULT_VIP_LEVELS.flatMap(({ level }) =>
  REBATE_GAME_TYPES.map((gameType) => ({ level, gameType, ppm: (gameType === GameType.HASH ? 5_000 : 4_000) + 500 * level })),
);

/** TRX per USDT for XP when the exchange is closed and the operator set nothing else. */
export const DEFAULT_TRX_PER_USDT: TrxPerUsdt = { num: 4n, den: 1n };

export function turnoverTerms(levels: readonly VipLevelTerms[], rebatePpm: TurnoverTerms['rebatePpm'], trxPerUsdt: TrxPerUsdt): TurnoverTerms {
  return { thresholds: levels.map((level) => level.threshold), rebatePpm, trxPerUsdt };
}

export const DEFAULT_TURNOVER_TERMS = turnoverTerms(DEFAULT_VIP_LEVELS, DEFAULT_REBATE_PPM, DEFAULT_TRX_PER_USDT);

/** The level a lifetime XP reaches: the highest whose threshold it meets. */
export function levelFor(levels: readonly VipLevelTerms[], xp: bigint): number {
  let reached = 0;
  for (const level of levels) if (xp >= level.threshold) reached = Math.max(reached, level.level);
  return reached;
}

/** Percent as a decimal string from parts per million: 5000 → "0.5". */
export function ppmToPercent(ppm: number): string {
  const hundredths = BigInt(ppm); // 1 ppm = 0.0001 %
  const whole = hundredths / 10_000n;
  const fraction = (hundredths % 10_000n).toString().padStart(4, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}
