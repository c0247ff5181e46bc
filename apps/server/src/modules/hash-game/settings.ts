import { CURRENCIES, HASH_GAMES, LEVELS, resolveAllGameConfigs, type Currency, type HashConfigOverrides, type Level } from '@lobby/hash-games';
import { ConfigError, type Config } from '../../config.ts';

export interface HashGameSettings {
  /** Odds, limits and refund fees per game and level, on top of the package's defaults. */
  overrides: HashConfigOverrides;
  /** Whether this instance competes to run the round engine. */
  runEngine: boolean;
  enginePollMs: number;
  /** A head older than this (by its block time) stops page bets: the engine is not following the chain. */
  headMaxAgeMs: number;
  transferPollMs: number;
  /** How far back each transfer scan re-reads, for history that is indexed late. */
  transferRescanMs: number;
  payoutConfirmations: number;
  payoutMaxAttempts: number;
  /** Prefix to which a block height is appended, e.g. https://tronscan.org/#/block/ */
  explorerBlockUrl: string | null;
}

const DECIMAL = /^\d{1,12}(\.\d{1,6})?$/;

function micro(text: unknown, where: string): bigint {
  if (typeof text !== 'string' || !DECIMAL.test(text)) throw new RangeError(`${where}: a decimal amount as a string, e.g. "12.5"`);
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, '0'));
}

/**
 * HASH_GAME_OVERRIDES is JSON keyed by game id, then level, with amounts as decimal strings:
 * `{"1":{"0":{"odds":{"big":"1.96"},"limits":{"USDT":{"min":"2","max":"500"}},"refundFee":{"TRX":"1"}}}}`.
 */
export function parseOverrides(json: string | undefined): HashConfigOverrides {
  if (!json) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new RangeError('not valid JSON');
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new RangeError('an object keyed by game id');
  const overrides: HashConfigOverrides = {};
  for (const [gameKey, levels] of Object.entries(raw as Record<string, unknown>)) {
    if (!levels || typeof levels !== 'object') throw new RangeError(`game ${gameKey}: an object keyed by level`);
    const perLevel: NonNullable<HashConfigOverrides[number]> = {};
    for (const [levelKey, value] of Object.entries(levels as Record<string, unknown>)) {
      const level = Number(levelKey);
      if (level !== 0 && level !== 1) throw new RangeError(`game ${gameKey}: level must be 0 or 1, got ${levelKey}`);
      const entry = (value ?? {}) as {
        odds?: Record<string, string>;
        limits?: Record<string, { min?: string; max?: string }>;
        refundFee?: Record<string, string>;
      };
      const where = `game ${gameKey} level ${level}`;
      const limits: Partial<Record<Currency, { min?: bigint; max?: bigint }>> = {};
      for (const [currency, limit] of Object.entries(entry.limits ?? {})) {
        if (!(CURRENCIES as readonly string[]).includes(currency)) throw new RangeError(`${where}: unknown currency ${currency}`);
        limits[currency as Currency] = {
          ...(limit?.min !== undefined ? { min: micro(limit.min, `${where} ${currency} min`) } : {}),
          ...(limit?.max !== undefined ? { max: micro(limit.max, `${where} ${currency} max`) } : {}),
        };
      }
      const refundFee: Partial<Record<Currency, bigint>> = {};
      for (const [currency, fee] of Object.entries(entry.refundFee ?? {})) {
        if (!(CURRENCIES as readonly string[]).includes(currency)) throw new RangeError(`${where}: unknown currency ${currency}`);
        refundFee[currency as Currency] = micro(fee, `${where} ${currency} refund fee`);
      }
      perLevel[level as Level] = { ...(entry.odds ? { odds: entry.odds } : {}), limits, refundFee };
    }
    overrides[Number(gameKey)] = perLevel;
  }
  return overrides;
}

/** The hash games' view of the configuration; a bad override stops the server like any bad setting. */
export function hashGameSettings(config: Config): HashGameSettings {
  let overrides: HashConfigOverrides;
  try {
    overrides = parseOverrides(config.HASH_GAME_OVERRIDES);
  } catch (error) {
    throw new ConfigError([`HASH_GAME_OVERRIDES: ${(error as Error).message}`]);
  }
  // The global refund fees apply to every transfer game and level that does not set its own.
  const globalFee: Record<Currency, bigint> = { USDT: config.HASH_TRANSFER_REFUND_FEE_USDT, TRX: config.HASH_TRANSFER_REFUND_FEE_TRX };
  for (const game of HASH_GAMES.filter((g) => g.transferBet)) {
    const perLevel = (overrides[game.id] ??= {});
    for (const level of LEVELS) {
      const entry = (perLevel[level] ??= {});
      entry.refundFee = { ...globalFee, ...entry.refundFee };
    }
  }
  try {
    resolveAllGameConfigs(overrides);
  } catch (error) {
    throw new ConfigError([`HASH_GAME_OVERRIDES: ${(error as Error).message}`]);
  }
  return {
    overrides,
    runEngine: config.HASH_ENGINE,
    enginePollMs: config.HASH_ENGINE_POLL_MS,
    headMaxAgeMs: config.HASH_HEAD_MAX_AGE_SECONDS * 1000,
    transferPollMs: config.HASH_TRANSFER_POLL_MS,
    transferRescanMs: config.HASH_TRANSFER_RESCAN_SECONDS * 1000,
    payoutConfirmations: config.HASH_PAYOUT_CONFIRMATIONS,
    payoutMaxAttempts: config.HASH_PAYOUT_MAX_ATTEMPTS,
    explorerBlockUrl: config.HASH_EXPLORER_BLOCK_URL ?? (config.TRON_API_URL ? 'https://tronscan.org/#/block/' : null),
  };
}
