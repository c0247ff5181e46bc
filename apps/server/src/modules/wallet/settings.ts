import type { CurrencyCode } from '@lobby/contract';
import { ConfigError, type Config } from '../../config.ts';

export interface WithdrawalLimits {
  min: bigint;
  /** 0: withdrawals of the currency are closed. */
  max: bigint;
  /** Fixed fee taken from the amount: the address receives amount - fee. */
  fee: bigint;
  /** Amounts at or above this wait for an operator's approval. */
  review: bigint;
  /** Approving amounts at or above this takes a second person (CONSOLE.md "Four eyes"). */
  fourEyes: bigint;
}

/** A positive rational number, so rates are applied with integer arithmetic only. */
export interface Rational {
  num: bigint;
  den: bigint;
}

export interface WalletSettings {
  deposit: {
    pollMs: number;
    idleScanSeconds: number;
    confirmations: number;
    min: Record<CurrencyCode, bigint>;
  };
  withdrawal: {
    pollMs: number;
    confirmations: number;
    maxAttempts: number;
    /** Withdrawals per player in any 24 hours; 0 is no limit. */
    dailyCount: number;
    limits: Record<CurrencyCode, WithdrawalLimits>;
  };
  exchange: {
    /** TRX per USDT before the spread; null disables exchange. */
    trxPerUsdt: Rational | null;
    spreadBps: number;
    usdtMin: bigint;
    usdtMax: bigint;
  };
  betAddress: {
    activationAmount: bigint;
    windowSeconds: number;
  };
}

export function parseRational(text: string): Rational {
  const [whole, fraction = ''] = text.split('.');
  const den = 10n ** BigInt(fraction.length);
  return { num: BigInt(whole) * den + BigInt(fraction || '0'), den };
}

/**
 * The wallet's view of the configuration, with the checks that span several variables (a fee that
 * swallows the minimum would send nothing). A problem stops the server like any other setting.
 */
export function walletSettings(config: Config): WalletSettings {
  const trxPerUsdt = config.EXCHANGE_TRX_PER_USDT ? parseRational(config.EXCHANGE_TRX_PER_USDT) : null;
  const limits: Record<CurrencyCode, WithdrawalLimits> = {
    USDT: {
      min: config.WITHDRAWAL_USDT_MIN,
      max: config.WITHDRAWAL_USDT_MAX,
      fee: config.WITHDRAWAL_USDT_FEE,
      review: config.WITHDRAWAL_USDT_REVIEW,
      fourEyes: config.WITHDRAWAL_FOUR_EYES_USDT,
    },
    TRX: {
      min: config.WITHDRAWAL_TRX_MIN,
      max: config.WITHDRAWAL_TRX_MAX,
      fee: config.WITHDRAWAL_TRX_FEE,
      review: config.WITHDRAWAL_TRX_REVIEW,
      // Without a rate nothing says what a TRX amount is worth, so every reviewed one takes a second person.
      fourEyes: config.WITHDRAWAL_FOUR_EYES_TRX ?? (trxPerUsdt ? (config.WITHDRAWAL_FOUR_EYES_USDT * trxPerUsdt.num) / trxPerUsdt.den : 0n),
    },
  };
  const problems: string[] = [];
  for (const [currency, l] of Object.entries(limits)) {
    if (l.min <= l.fee) problems.push(`WITHDRAWAL_${currency}_MIN: must be above WITHDRAWAL_${currency}_FEE, or a withdrawal could send nothing`);
    // A maximum of 0 closes the currency's withdrawals.
    if (l.max !== 0n && l.max < l.min) problems.push(`WITHDRAWAL_${currency}_MAX: must not be below WITHDRAWAL_${currency}_MIN (0 closes withdrawals)`);
  }
  if (config.EXCHANGE_USDT_MAX < config.EXCHANGE_USDT_MIN) problems.push('EXCHANGE_USDT_MAX: must not be below EXCHANGE_USDT_MIN');
  if (problems.length) throw new ConfigError(problems);
  return {
    deposit: {
      pollMs: config.DEPOSIT_POLL_MS,
      idleScanSeconds: config.DEPOSIT_IDLE_SCAN_SECONDS,
      confirmations: config.DEPOSIT_CONFIRMATIONS,
      min: { USDT: config.DEPOSIT_MIN_USDT, TRX: config.DEPOSIT_MIN_TRX },
    },
    withdrawal: {
      pollMs: config.WITHDRAWAL_POLL_MS,
      confirmations: config.WITHDRAWAL_CONFIRMATIONS,
      maxAttempts: config.WITHDRAWAL_MAX_ATTEMPTS,
      dailyCount: config.WITHDRAWAL_DAILY_COUNT,
      limits,
    },
    exchange: {
      trxPerUsdt,
      spreadBps: config.EXCHANGE_SPREAD_BPS,
      usdtMin: config.EXCHANGE_USDT_MIN,
      usdtMax: config.EXCHANGE_USDT_MAX,
    },
    betAddress: {
      activationAmount: config.BET_ADDRESS_ACTIVATION_TRX,
      windowSeconds: config.BET_ADDRESS_ACTIVATION_SECONDS,
    },
  };
}
