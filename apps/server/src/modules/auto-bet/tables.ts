import type { Generated } from 'kysely';
import type { Json, NullableTimestamp } from '../../db/column-types.ts';

export interface AutoBetStrategiesTable {
  player_id: number;
  game_id: number;
  strategy: Json<unknown>;
  wake_up: Json<unknown>;
  updated_at: Generated<Date>;
}

export interface AutoBetRunsTable {
  id: Generated<bigint>;
  player_id: number;
  game_id: number;
  level: number;
  currency: 'USDT' | 'TRX';
  simulate: boolean;
  settings: Json<unknown>;
  state: Json<unknown>;
  is_open: Generated<boolean>;
  /** Deciding height of the bet in flight, if any. */
  pending_round: bigint | null;
  stop_type: Generated<number>;
  total_num: Generated<number>;
  win_num: Generated<number>;
  reward: Generated<bigint>;
  virtual_balance: bigint | null;
  cleared: Generated<boolean>;
  started_at: Generated<Date>;
  stopped_at: NullableTimestamp;
  /** ISO 3166-1 alpha-2 of the request that started the run; null from a private or unknown address. */
  country: Generated<string | null>;
}

export interface AutoBetRecordsTable {
  run_id: bigint;
  round: bigint;
  amount: bigint;
  area: string;
  odds_bp: number;
  status: Generated<number>;
  profit: bigint | null;
  bet_id: bigint | null;
  created_at: Generated<Date>;
}

export interface AutoBetResultsTable {
  run_id: bigint;
  block_num: bigint;
  announce_area: string | null;
  block_hash: string;
  stop_type: Generated<number>;
  time: Generated<Date>;
}

export interface AutoBetCursorTable {
  name: string;
  height: bigint;
}

export interface AutoBetTables {
  auto_bet_strategies: AutoBetStrategiesTable;
  auto_bet_runs: AutoBetRunsTable;
  auto_bet_records: AutoBetRecordsTable;
  auto_bet_results: AutoBetResultsTable;
  auto_bet_cursor: AutoBetCursorTable;
}
