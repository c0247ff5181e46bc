import type { ColumnType, Generated } from 'kysely';

type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** Tables of migration 0013 (third-party games), as Kysely sees them. */
export type ThirdGameSessionsTable = {
  id: Generated<bigint>;
  token: string;
  player_id: number;
  aggregator: string;
  game_code: string;
  game_type: number;
  manufacturer: string;
  created_at: Generated<Date>;
  ended_at: NullableTimestamp;
  /** The last entry or callback, kept to the minute (migration 0023). */
  last_seen_at: Generated<Date>;
};

export type ProviderTransactionKind = 'bet' | 'win' | 'rollback';

export type ProviderTransactionsTable = {
  id: Generated<bigint>;
  aggregator: string;
  transaction_uuid: string;
  kind: ProviderTransactionKind;
  player_id: number;
  user_id: string;
  round: string | null;
  game_code: string | null;
  currency: string;
  /** The aggregator's units (1/100000 of the currency). */
  amount: bigint;
  reference_transaction_uuid: string | null;
  placeholder: Generated<boolean>;
  rolled_back: Generated<boolean>;
  /** Micro-units of the stake drawn from bonus money, or of a win or refund credited to it (migration 0025). */
  bonus_amount: Generated<bigint>;
  ledger_transfer_id: bigint | null;
  created_at: Generated<Date>;
};

export type ProviderRoundsTable = {
  id: Generated<bigint>;
  aggregator: string;
  round: string;
  player_id: number;
  game_code: string;
  game_type: number;
  manufacturer: string;
  currency: 'USDT' | 'TRX';
  /** Micro-units of `currency`. */
  bet_total: Generated<bigint>;
  win_total: Generated<bigint>;
  bet_count: Generated<number>;
  win_count: Generated<number>;
  /** Bonus parts of the live stakes, micro-units (migration 0025). */
  bonus_total: Generated<bigint>;
  bonus_settled: Generated<boolean>;
  opened_at: Generated<Date>;
  updated_at: Generated<Date>;
  closed_at: NullableTimestamp;
};

export type HeldWinStatus = 'held' | 'released' | 'rejected';

/** Wins above the plausible, waiting for an operator (migration 0023). */
export type ProviderHeldWinsTable = {
  id: Generated<bigint>;
  aggregator: string;
  transaction_uuid: string;
  player_id: number;
  round: string;
  game_code: string;
  currency: 'USDT' | 'TRX';
  /** Micro-units of `currency`. */
  amount: bigint;
  /** The round's stakes when the win arrived, micro-units. */
  stakes: bigint;
  reason: 'multiple' | 'cap';
  status: Generated<HeldWinStatus>;
  decided_by: string | null;
  decision_reason: string | null;
  decided_at: NullableTimestamp;
  created_at: Generated<Date>;
};

export type ThirdGameTables = {
  third_game_sessions: ThirdGameSessionsTable;
  provider_transactions: ProviderTransactionsTable;
  provider_rounds: ProviderRoundsTable;
  provider_held_wins: ProviderHeldWinsTable;
};
