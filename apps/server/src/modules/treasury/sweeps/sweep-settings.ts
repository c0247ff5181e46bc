import type { Config } from '../../../config.ts';
import type { StoredSweepSettings, SweepCurrency } from '../tables.ts';
import type { SweepRepository } from './sweep.repo.ts';

export const SWEEP_CURRENCIES: readonly SweepCurrency[] = ['USDT', 'TRX'];

/** The hot/cold figures staff may change at runtime, per currency, in micro-units. */
export interface HotColdSettings {
  /** A deposit address is swept once it holds at least this much. */
  threshold: Record<SweepCurrency, bigint>;
  /** Below it: an alert and a top-up request. */
  floor: Record<SweepCurrency, bigint>;
  /** Sweeps fill the hot wallet up to it; above it the excess goes to cold. */
  target: Record<SweepCurrency, bigint>;
}

/** Everything a cycle runs with: the runtime figures and what only configuration sets. */
export interface SweepSettings extends HotColdSettings {
  /** Where sweeps beyond the hot wallet's target and its excess go; none: everything stays hot. */
  coldAddress: string | null;
  energyStrategy: 'burn' | 'delegate';
  /** Percent added to the node's energy estimate. */
  energyMarginPercent: number;
  /** Deposit addresses one cycle takes per currency at most. */
  batch: number;
  /** The highest fee_limit (sun) a USDT sweep may carry: the signer's ceiling (SIGNER_MAX_FEE_LIMIT_SUN) refuses a whole batch above it. */
  maxFeeLimit: bigint;
  /** TRX the hot wallet keeps whatever its target (HOT_WALLET_TRX_RESERVE): withdrawals and payouts burn it for their fees. */
  hotTrxReserve: bigint;
}

export function configuredHotCold(config: Config): HotColdSettings {
  return {
    threshold: { USDT: config.TREASURY_SWEEP_THRESHOLD_USDT, TRX: config.TREASURY_SWEEP_THRESHOLD_TRX },
    floor: { USDT: config.TREASURY_HOT_FLOOR_USDT, TRX: config.TREASURY_HOT_FLOOR_TRX },
    target: { USDT: config.TREASURY_HOT_TARGET_USDT, TRX: config.TREASURY_HOT_TARGET_TRX },
  };
}

export function configuredSweepSettings(config: Config): SweepSettings {
  return {
    ...configuredHotCold(config),
    coldAddress: config.TREASURY_SWEEP_COLD_ADDRESS ?? config.TREASURY_COLD_ADDRESSES[0] ?? null,
    energyStrategy: config.TREASURY_ENERGY_STRATEGY,
    energyMarginPercent: config.TREASURY_ENERGY_MARGIN_PERCENT,
    batch: config.TREASURY_SWEEP_BATCH,
    maxFeeLimit: config.TREASURY_MAX_FEE_LIMIT_TRX,
    hotTrxReserve: config.HOT_WALLET_TRX_RESERVE,
  };
}

export function storeHotCold(settings: HotColdSettings): StoredSweepSettings {
  const each = (figures: Record<SweepCurrency, bigint>) => ({ USDT: String(figures.USDT), TRX: String(figures.TRX) });
  return { threshold: each(settings.threshold), floor: each(settings.floor), target: each(settings.target) };
}

function loadHotCold(stored: StoredSweepSettings): HotColdSettings {
  const each = (figures: Record<SweepCurrency, string>) => ({ USDT: BigInt(figures.USDT), TRX: BigInt(figures.TRX) });
  return { threshold: each(stored.threshold), floor: each(stored.floor), target: each(stored.target) };
}

/** The settings in force: what staff stored last, else configuration's; read at the start of every cycle, so a change needs no restart. */
export async function effectiveSweepSettings(
  base: SweepSettings,
  repo: SweepRepository,
): Promise<SweepSettings & { updatedBy: string | null; updatedAt: Date | null }> {
  const stored = await repo.storedSettings();
  if (!stored) return { ...base, updatedBy: null, updatedAt: null };
  return { ...base, ...loadHotCold(stored.settings), updatedBy: stored.updated_by, updatedAt: stored.updated_at };
}
