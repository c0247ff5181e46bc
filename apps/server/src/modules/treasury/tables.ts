import type { ColumnType, Generated } from 'kysely';

export type ReconciliationTrigger = 'schedule' | 'operator' | 'command';
export type ReconciliationStatus = 'ok' | 'short';
export type TreasuryAddressKind = 'hot' | 'deposit' | 'transfer' | 'cold';

/** One currency of a run, amounts as micro-unit strings (jsonb keeps no bigint). */
export interface StoredCurrencyFigures {
  currency: 'USDT' | 'TRX';
  status: ReconciliationStatus;
  holdings: Record<'total' | TreasuryAddressKind, string>;
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

export type TreasuryTables = {
  treasury_reconciliations: TreasuryReconciliationsTable;
};
