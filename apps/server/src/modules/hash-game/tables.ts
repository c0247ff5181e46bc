import type { Generated } from 'kysely';
import type { NullableTimestamp } from '../../db/column-types.ts';

export type HashBetSource = 'page' | 'transfer';

export type HashPayoutStatus = 'pending' | 'signed' | 'broadcast' | 'confirmed' | 'failed';

export interface HashBlocksTable {
  height: bigint;
  block_id: string;
  parent_hash: string;
  /** Chain time of the block, ms. */
  block_time: bigint;
  ingested_at: Generated<Date>;
  settled_at: NullableTimestamp;
  settled_bets: number | null;
  /** Set once the block's rounds are closed for turnover: a transfer of this block seen later no longer counts (migration 0024). */
  turnover_closed_at: NullableTimestamp;
}

export interface HashBetsTable {
  id: Generated<bigint>;
  source: HashBetSource;
  player_id: number | null;
  request_id: string | null;
  game_id: number;
  level: number;
  /** Deciding height T. */
  round: bigint;
  area: string;
  currency: 'USDT' | 'TRX';
  amount: bigint;
  /** Odds at bet time, 1/10000 units. */
  odds_bp: number;
  /** The part of `amount` drawn on the player's bonus balance (cash first, then bonus); 0 for transfer bets. */
  stake_bonus: Generated<bigint>;
  status: Generated<number>;
  payout: bigint | null;
  tx_id: string | null;
  from_address: string | null;
  created_at: Generated<Date>;
  settled_at: NullableTimestamp;
}

export interface HashTransferReceiptsTable {
  tx_id: string;
  game_id: number;
  level: number;
  currency: 'USDT' | 'TRX';
  from_address: string;
  to_address: string;
  amount: bigint;
  block_height: bigint;
  player_id: number | null;
  outcome: 'bet' | 'refund';
  bet_id: bigint | null;
  refund_amount: bigint | null;
  refund_code: number | null;
  created_at: Generated<Date>;
}

export interface HashChainPayoutsTable {
  id: Generated<bigint>;
  receipt_tx_id: string;
  bet_id: bigint | null;
  purpose: 'payout' | 'refund';
  to_address: string;
  currency: 'USDT' | 'TRX';
  amount: bigint;
  status: Generated<HashPayoutStatus>;
  tx_id: string | null;
  signed_tx: string | null;
  tx_expiration: bigint | null;
  attempts: Generated<number>;
  last_error: string | null;
  block_number: bigint | null;
  network_fee: bigint | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  completed_at: NullableTimestamp;
}

export interface HashPayoutAttemptsTable {
  tx_id: string;
  payout_id: bigint;
  attempt: number;
  expiration: bigint;
  outcome: 'confirmed' | 'reverted' | 'expired' | 'refused' | null;
  created_at: Generated<Date>;
}

export interface HashTransferCursorsTable {
  address: string;
  currency: 'USDT' | 'TRX';
  cursor_ms: bigint;
}

export interface HashGameTables {
  hash_blocks: HashBlocksTable;
  hash_bets: HashBetsTable;
  hash_transfer_receipts: HashTransferReceiptsTable;
  hash_chain_payouts: HashChainPayoutsTable;
  hash_payout_attempts: HashPayoutAttemptsTable;
  hash_transfer_cursors: HashTransferCursorsTable;
}

/** A block's open page bets, summed per player and currency until the block is settled (migration 0024). */
export interface HashOpenRoundsTable {
  /** Deciding height. */
  height: bigint;
  player_id: number;
  currency: 'USDT' | 'TRX';
  stake: bigint;
  payout: bigint;
  bets: number;
}

/** Tables the hash games write in SQL only: declared, but not part of the global `Database`. */
export interface HashOpenRoundsTables {
  hash_open_rounds: HashOpenRoundsTable;
}
