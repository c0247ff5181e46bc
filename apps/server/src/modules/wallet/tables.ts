import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../db/column-types.ts';

export type WalletCurrency = 'USDT' | 'TRX';

export interface DepositAddressesTable {
  player_id: number;
  derivation_index: number;
  address: string;
  /** Block timestamp (ms) up to which the address's history has been read. */
  trx_cursor: bigint;
  usdt_cursor: bigint;
  last_requested_at: Generated<Date>;
  last_scanned_at: NullableTimestamp;
  last_deposit_at: NullableTimestamp;
  created_at: Generated<Date>;
}

/** held: from a sanctioned address, waiting for staff's review; refused: kept refused by staff (0039). */
export type DepositStatus = 'pending' | 'credited' | 'failed' | 'ignored' | 'dropped' | 'held' | 'refused';

export interface DepositsTable {
  id: Generated<bigint>;
  player_id: number;
  currency: WalletCurrency;
  tx_id: string;
  address: string;
  from_address: string;
  amount: bigint;
  block_number: bigint | null;
  block_timestamp: bigint;
  status: DepositStatus;
  /** Blocks the transfer had at the watcher's last tick while pending (0028). */
  confirmations: Generated<number>;
  created_at: Generated<Date>;
  credited_at: NullableTimestamp;
}

export type WithdrawalStatus = 'pending_review' | 'queued' | 'signed' | 'broadcast' | 'confirmed' | 'failed' | 'rejected';

export interface WithdrawalsTable {
  id: Generated<bigint>;
  player_id: number;
  request_id: string;
  currency: WalletCurrency;
  amount: bigint;
  fee: bigint;
  to_address: string;
  status: WithdrawalStatus;
  tx_id: string | null;
  signed_tx: string | null;
  tx_expiration: bigint | null;
  attempts: Generated<number>;
  block_number: bigint | null;
  network_fee: bigint | null;
  last_error: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  reviewed_at: NullableTimestamp;
  completed_at: NullableTimestamp;
  /** A return of this held deposit to its sender (0043): refunded to the held account, not to cash. */
  held_deposit_id: bigint | null;
}

export interface WithdrawalAttemptsTable {
  tx_id: string;
  withdrawal_id: bigint;
  attempt: number;
  expiration: bigint;
  outcome: 'confirmed' | 'reverted' | 'expired' | null;
  created_at: Generated<Date>;
}

export interface ExchangesTable {
  id: Generated<bigint>;
  player_id: number;
  request_id: string;
  from_currency: WalletCurrency;
  to_currency: WalletCurrency;
  amount: bigint;
  to_amount: bigint;
  rate: string;
  created_at: Generated<Date>;
}

export interface PlayerTransfersTable {
  id: Generated<bigint>;
  sender_id: number;
  receiver_id: number;
  request_id: string;
  currency: WalletCurrency;
  amount: bigint;
  remark: string | null;
  created_at: Generated<Date>;
}

export interface CashoutAddressesTable {
  id: Generated<number>;
  player_id: number;
  address: string;
  label: string;
  created_at: Generated<Date>;
}

export interface CashoutAccountsTable {
  id: Generated<number>;
  player_id: number;
  account_type: number;
  label: string | null;
  /** The fields of the account's type, as the contract's cashout account input names them. */
  details: ColumnType<Record<string, string>, string, string>;
  is_default: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface BetAddressesTable {
  id: Generated<number>;
  player_id: number;
  address: string;
  status: Generated<number>;
  activation_amount: bigint;
  expires_at: Timestamp;
  activated_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface FundPasswordFailuresTable {
  player_id: number;
  failed_at: Generated<Date>;
}

export interface WalletTables {
  deposit_addresses: DepositAddressesTable;
  deposits: DepositsTable;
  withdrawals: WithdrawalsTable;
  withdrawal_attempts: WithdrawalAttemptsTable;
  exchanges: ExchangesTable;
  player_transfers: PlayerTransfersTable;
  cashout_addresses: CashoutAddressesTable;
  cashout_accounts: CashoutAccountsTable;
  bet_addresses: BetAddressesTable;
  fund_password_failures: FundPasswordFailuresTable;
}
