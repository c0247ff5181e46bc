import type { ColumnType, Generated } from 'kysely';

export type ReconciliationTrigger = 'schedule' | 'operator' | 'command';
export type ReconciliationStatus = 'ok' | 'short';
export type TreasuryAddressKind = 'hot' | 'deposit' | 'transfer' | 'cold' | 'resource';

/** One currency of a run, amounts as micro-unit strings (jsonb keeps no bigint). */
export interface StoredCurrencyFigures {
  currency: 'USDT' | 'TRX';
  status: ReconciliationStatus;
  /** `resource` is missing from runs made before the resource account was counted. */
  holdings: Record<'total' | Exclude<TreasuryAddressKind, 'resource'>, string> & { resource?: string };
  liabilities: Record<'total' | 'cash' | 'bonus' | 'held' | 'withdrawals' | 'payouts', string>;
  difference: string;
  inFlight: string;
}

export interface StoredReadFailure {
  address: string;
  kind: TreasuryAddressKind;
  currency: 'USDT' | 'TRX';
  error: string;
}

/** A reconciliation run (migration 0041). */
export type TreasuryReconciliationsTable = {
  id: Generated<bigint>;
  trigger: ReconciliationTrigger;
  requested_by: string | null;
  status: ReconciliationStatus;
  addresses: number;
  failures: ColumnType<StoredReadFailure[], string, string>;
  figures: ColumnType<StoredCurrencyFigures[], string, string>;
  started_at: Date;
  finished_at: Generated<Date>;
};

export type SweepCurrency = 'USDT' | 'TRX';
export type SweepCycleTrigger = 'schedule' | 'operator' | 'export' | 'command';
export type SweepStatus = 'planned' | 'signed' | 'broadcast' | 'confirmed' | 'failed' | 'dropped';
export type ChainActionKind = 'activate' | 'fund' | 'delegate' | 'undelegate' | 'rebalance';
export type ChainActionStatus = 'signed' | 'broadcast' | 'confirmed' | 'failed' | 'dropped';

/** A sweep cycle (migration 0042); `summary` counts what it did. */
export type TreasurySweepCyclesTable = {
  id: Generated<bigint>;
  trigger: SweepCycleTrigger;
  requested_by: string | null;
  summary: ColumnType<Record<string, number>, string | undefined, string>;
  started_at: Generated<Date>;
  finished_at: Date | null;
};

/** One sweep: a transaction from a deposit address to the hot wallet or the cold address, recorded before it is broadcast. */
export type TreasurySweepsTable = {
  id: Generated<bigint>;
  cycle_id: bigint;
  player_id: number;
  derivation_index: number;
  address: string;
  currency: SweepCurrency;
  amount: bigint;
  destination: string;
  destination_kind: 'hot' | 'cold';
  status: SweepStatus;
  offline: Generated<boolean>;
  tx_id: string;
  raw_data_hex: string;
  /** The transaction's JSON without a signature. */
  unsigned_tx: string;
  signed_tx: string | null;
  tx_expiration: bigint;
  fee_limit: Generated<bigint>;
  energy: Generated<bigint>;
  network_fee: bigint | null;
  block_number: bigint | null;
  last_error: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  completed_at: Date | null;
};

/** Any other transaction the treasury signs with a key of its own (hot wallet, resource account). */
export type TreasuryChainActionsTable = {
  id: Generated<bigint>;
  cycle_id: bigint;
  kind: ChainActionKind;
  currency: SweepCurrency;
  from_address: string;
  to_address: string;
  amount: bigint;
  energy: Generated<bigint>;
  parent_id: bigint | null;
  status: ChainActionStatus;
  tx_id: string;
  signed_tx: string;
  tx_expiration: bigint;
  network_fee: bigint | null;
  block_number: bigint | null;
  last_error: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  completed_at: Date | null;
};

export type TreasuryTopupRequestsTable = {
  id: Generated<bigint>;
  currency: SweepCurrency;
  amount: bigint;
  hot_balance: bigint;
  floor: bigint;
  target: bigint;
  status: 'open' | 'closed';
  created_at: Generated<Date>;
  closed_at: Date | null;
};

/** The hot/cold settings staff changed at runtime, micro-unit strings per currency. */
export interface StoredSweepSettings {
  threshold: Record<SweepCurrency, string>;
  floor: Record<SweepCurrency, string>;
  target: Record<SweepCurrency, string>;
}

export type TreasurySweepSettingsTable = {
  id: number;
  settings: ColumnType<StoredSweepSettings, string, string>;
  updated_by: string | null;
  updated_at: Generated<Date>;
};

export type TreasuryTables = {
  treasury_reconciliations: TreasuryReconciliationsTable;
  treasury_sweep_cycles: TreasurySweepCyclesTable;
  treasury_sweeps: TreasurySweepsTable;
  treasury_chain_actions: TreasuryChainActionsTable;
  treasury_topup_requests: TreasuryTopupRequestsTable;
  treasury_sweep_settings: TreasurySweepSettingsTable;
};
