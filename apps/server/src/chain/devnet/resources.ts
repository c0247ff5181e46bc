// The devnet's resource model (bandwidth, energy, Stake 2.0, account creation fees), off unless a
// devnet is created with `resources`. Its parameters carry java-tron's chain-parameter names where
// mainnet has one; the defaults are mainnet's.

export interface ResourceParameters {
  /** getEnergyFee: sun burned per unit of energy not covered by staked TRX. */
  energyFee: bigint;
  /** getTransactionFee: sun burned per byte of bandwidth not covered by free or staked bandwidth. */
  transactionFee: bigint;
  /** getCreateAccountFee: sun burned instead of bandwidth by a transaction that creates an account. */
  createAccountFee: bigint;
  /** getCreateNewAccountFeeInSystemContract: sun burned by the creator of an account. */
  createNewAccountFeeInSystemContract: bigint;
  /** getFreeNetLimit: free bandwidth (bytes per 24 h) of every activated account. */
  freeNetLimit: bigint;
  /** getMaxFeeLimit: largest fee_limit a contract call may carry, in sun. */
  maxFeeLimit: bigint;
  /** Energy per 24 h per whole TRX staked for energy (mainnet: total energy limit / total energy weight). */
  energyPerTrx: bigint;
  /** Bandwidth per 24 h per whole TRX staked for bandwidth (mainnet: total net limit / total net weight). */
  netPerTrx: bigint;
  /**
   * Dynamic energy: the USDT contract's energy_factor in 1/10000. Every call costs its base energy
   * times (10000 + factor) / 10000; mainnet's maximum factor (getDynamicEnergyMaxFactor) is 34000.
   */
  energyFactor: bigint;
  /** Base energy of a USDT transfer to an address already holding USDT (a storage update). */
  usdtTransferEnergy: bigint;
  /** Base energy of a USDT transfer to an address holding none (a new storage slot). */
  usdtTransferNewHolderEnergy: bigint;
  /** Base energy of any other USDT call, including a transfer that reverts. */
  usdtOtherCallEnergy: bigint;
  /** getUnfreezeDelayDays: days before unstaked TRX can be withdrawn. */
  unfreezeDelayDays: bigint;
  /** getMaxDelegateLockPeriod: longest lock of a delegation, in blocks. */
  maxDelegateLockPeriod: bigint;
}

export const MAINNET_RESOURCE_PARAMETERS: Readonly<ResourceParameters> = Object.freeze({
  energyFee: 210n,
  transactionFee: 1000n,
  createAccountFee: 100_000n,
  createNewAccountFeeInSystemContract: 1_000_000n,
  freeNetLimit: 600n,
  maxFeeLimit: 15_000_000_000n,
  energyPerTrx: 10n,
  netPerTrx: 1n,
  energyFactor: 34_000n,
  usdtTransferEnergy: 14_650n,
  usdtTransferNewHolderEnergy: 29_650n,
  usdtOtherCallEnergy: 1_000n,
  unfreezeDelayDays: 14n,
  maxDelegateLockPeriod: 864_000n,
});

export const SUN_PER_TRX = 1_000_000n;
/** Usage of energy and bandwidth recovers linearly over this much block time, as on mainnet. */
export const RECOVERY_WINDOW_MS = 24 * 60 * 60 * 1000;
export const BLOCK_INTERVAL_MS = 3000;
/** Lock of a delegation made with `lock` and no lock_period: 3 days. */
export const DEFAULT_DELEGATE_LOCK_MS = 3 * 24 * 60 * 60 * 1000;
/** Mainnet's network-wide totals, reported with weights that give the configured per-TRX ratios. */
export const TOTAL_ENERGY_LIMIT = 180_000_000_000n;
export const TOTAL_NET_LIMIT = 43_200_000_000n;
/** Fields of a result (MAX_RESULT_SIZE_IN_TX) java-tron adds to each contract's bandwidth. */
export const RESULT_BYTES = 64n;

export function resolveResourceParameters(input: boolean | Partial<ResourceParameters> | undefined): ResourceParameters | undefined {
  if (input === undefined || input === false) return undefined;
  const params = { ...MAINNET_RESOURCE_PARAMETERS, ...(input === true ? {} : input) };
  checkResourceParameters(params);
  return params;
}

export function checkResourceParameters(params: ResourceParameters): void {
  for (const [key, value] of Object.entries(params)) {
    if (typeof value !== 'bigint' || value < 0n) throw new RangeError(`resource parameter ${key} must be a non-negative bigint`);
  }
  if (params.energyFee === 0n) throw new RangeError('energyFee must be positive');
}

/**
 * Usage left after linear recovery from `at` to `now` over RECOVERY_WINDOW_MS, rounded up: a unit of
 * usage is back only once its whole share of the window has passed.
 */
export function recovered(usage: bigint, at: number, now: number): bigint {
  if (usage <= 0n) return 0n;
  const elapsed = now - at;
  if (elapsed <= 0) return usage;
  if (elapsed >= RECOVERY_WINDOW_MS) return 0n;
  const window = BigInt(RECOVERY_WINDOW_MS);
  return (usage * BigInt(RECOVERY_WINDOW_MS - elapsed) + window - 1n) / window;
}

/** Energy a call costs once the dynamic energy factor is applied. */
export function withEnergyFactor(base: bigint, factor: bigint): bigint {
  return (base * (10_000n + factor)) / 10_000n;
}

/** The chain parameters as java-tron's /wallet/getchainparameters names them. */
export function chainParameterList(params: ResourceParameters | undefined): Array<{ key: string; value?: bigint }> {
  const p = params ?? {
    ...MAINNET_RESOURCE_PARAMETERS,
    // The fee-free devnet: nothing is burned and no call needs energy.
    energyFee: 0n,
    transactionFee: 0n,
    createAccountFee: 0n,
    createNewAccountFeeInSystemContract: 0n,
    energyFactor: 0n,
  };
  const list: Array<[string, bigint]> = [
    ['getMaintenanceTimeInterval', 21_600_000n],
    ['getCreateAccountFee', p.createAccountFee],
    ['getTransactionFee', p.transactionFee],
    ['getCreateNewAccountFeeInSystemContract', p.createNewAccountFeeInSystemContract],
    ['getCreateNewAccountBandwidthRate', 1n],
    ['getEnergyFee', p.energyFee],
    ['getTotalEnergyLimit', TOTAL_ENERGY_LIMIT],
    ['getTotalEnergyCurrentLimit', TOTAL_ENERGY_LIMIT],
    ['getFreeNetLimit', p.freeNetLimit],
    ['getTotalNetLimit', TOTAL_NET_LIMIT],
    ['getMaxFeeLimit', p.maxFeeLimit],
    ['getAllowTvmConstantinople', 1n],
    ['getUnfreezeDelayDays', p.unfreezeDelayDays],
    ['getAllowDynamicEnergy', params ? 1n : 0n],
    ['getDynamicEnergyThreshold', 5_000_000_000n],
    ['getDynamicEnergyIncreaseFactor', 2_000n],
    ['getDynamicEnergyMaxFactor', 34_000n],
    ['getMaxDelegateLockPeriod', p.maxDelegateLockPeriod],
  ];
  // java-tron leaves `value` out when it is 0 (proto3 JSON).
  return list.map(([key, value]) => (value === 0n ? { key } : { key, value }));
}
