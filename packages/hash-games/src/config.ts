import { areasOf, DEFAULT_ODDS, HASH_GAME_IDS, hashGame, type AreaId, type HashGameId, type OddsBp } from './games.ts';
import { parseOdds, type Odds } from './odds.ts';

/** 0 beginner, 1 intermediate (the hash card's toggle; index into transferBetAddress/Limit). */
export type Level = 0 | 1;
export const LEVELS: readonly Level[] = [0, 1];

export type Currency = 'USDT' | 'TRX';
export const CURRENCIES: readonly Currency[] = ['USDT', 'TRX'];

/** Inclusive bounds in micro-units. */
export interface StakeLimit {
  min: bigint;
  max: bigint;
}

export interface GameLevelConfig {
  gameId: HashGameId;
  level: Level;
  /** Every area of the game's kind, in 1/10000 units. */
  odds: Partial<Record<AreaId, OddsBp>>;
  limits: Record<Currency, StakeLimit>;
  /** Kept from a refunded transfer bet (outside the limits or an invalid digit). */
  refundFee: Record<Currency, bigint>;
}

export interface GameLevelOverride {
  odds?: Partial<Record<AreaId, Odds>>;
  limits?: Partial<Record<Currency, Partial<StakeLimit>>>;
  refundFee?: Partial<Record<Currency, bigint>>;
}

/** Operator settings keyed by game id, then level; anything left out keeps its default. */
export type HashConfigOverrides = Partial<Record<number, Partial<Record<Level, GameLevelOverride>>>>;

const UNIT = 1_000_000n;

// GAMES.md fixes the odds but not the limits; these are a conservative house starting point that
// keeps TRX (worth roughly a tenth of a USDT) in the same real range as USDT.
const DEFAULT_LIMITS: Readonly<Record<Level, Record<Currency, StakeLimit>>> = {
  0: { USDT: { min: 1n * UNIT, max: 1_000n * UNIT }, TRX: { min: 10n * UNIT, max: 10_000n * UNIT } },
  1: { USDT: { min: 10n * UNIT, max: 10_000n * UNIT }, TRX: { min: 100n * UNIT, max: 100_000n * UNIT } },
};

export function isLevel(value: unknown): value is Level {
  return value === 0 || value === 1;
}

export function defaultGameConfig(gameId: number, level: Level): GameLevelConfig {
  return resolveGameConfig(gameId, level);
}

/** The effective configuration of one game at one level, validated; throws a RangeError on bad overrides. */
export function resolveGameConfig(gameId: number, level: Level, overrides?: HashConfigOverrides): GameLevelConfig {
  const game = hashGame(gameId);
  if (!isLevel(level)) throw new RangeError(`level must be 0 or 1, got ${String(level)}`);
  const override = overrides?.[game.id]?.[level] ?? {};

  const odds: Partial<Record<AreaId, OddsBp>> = {};
  for (const area of areasOf(game.kind)) {
    const given = override.odds?.[area];
    odds[area] = given === undefined ? (DEFAULT_ODDS[game.kind][area] as OddsBp) : parseOdds(given);
  }
  for (const area of Object.keys(override.odds ?? {})) {
    if (!(area in odds)) throw new RangeError(`game ${game.id} has no area ${area}`);
  }

  const limits = {} as Record<Currency, StakeLimit>;
  const refundFee = {} as Record<Currency, bigint>;
  for (const currency of CURRENCIES) {
    const limit = { ...DEFAULT_LIMITS[level][currency], ...override.limits?.[currency] };
    if (typeof limit.min !== 'bigint' || typeof limit.max !== 'bigint' || limit.min <= 0n || limit.min > limit.max) {
      throw new RangeError(`game ${game.id} level ${level} ${currency}: limits need 0 < min <= max (micro-units)`);
    }
    limits[currency] = limit;
    const fee = override.refundFee?.[currency] ?? 0n;
    if (typeof fee !== 'bigint' || fee < 0n) {
      throw new RangeError(`game ${game.id} level ${level} ${currency}: refund fee must be a bigint >= 0`);
    }
    refundFee[currency] = fee;
  }

  return { gameId: game.id, level, odds, limits, refundFee };
}

/** The whole table (every hash game at both levels), e.g. to seed or display the operator settings. */
export function resolveAllGameConfigs(overrides?: HashConfigOverrides): GameLevelConfig[] {
  // A typo in a game id would otherwise be ignored without a word.
  for (const key of Object.keys(overrides ?? {})) {
    hashGame(Number(key));
  }
  return HASH_GAME_IDS.flatMap((id) => LEVELS.map((level) => resolveGameConfig(id, level, overrides)));
}

export type StakeProblem = 'invalidAmount' | 'belowMin' | 'aboveMax';

/** Why a stake is refused, or null when it is within the limit. */
export function checkStake(amount: bigint, limit: StakeLimit): StakeProblem | null {
  if (typeof amount !== 'bigint' || amount <= 0n) return 'invalidAmount';
  if (amount < limit.min) return 'belowMin';
  if (amount > limit.max) return 'aboveMax';
  return null;
}
