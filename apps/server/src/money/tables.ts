import type { ColumnType, Generated } from 'kysely';

export interface LedgerAccountsTable {
  id: Generated<bigint>;
  kind: string;
  owner_id: Generated<bigint>;
  currency: 'USDT' | 'TRX';
  balance: Generated<bigint>;
  created_at: Generated<Date>;
}

export interface LedgerTransfersTable {
  id: Generated<bigint>;
  idempotency_key: string;
  kind: string;
  reference: string | null;
  metadata: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: Generated<Date>;
}

export interface LedgerEntriesTable {
  id: Generated<bigint>;
  transfer_id: bigint;
  account_id: bigint;
  currency: 'USDT' | 'TRX';
  amount: bigint;
  created_at: Generated<Date>;
}

/** The money kernel's tables (migration 0002): accounts, transfers and their entries. */
export interface LedgerTables {
  ledger_accounts: LedgerAccountsTable;
  ledger_transfers: LedgerTransfersTable;
  ledger_entries: LedgerEntriesTable;
}
