import type { Generated } from 'kysely';
import type { DateColumn } from '../../db/column-types.ts';

export interface TurnoverRecordsTable {
  player_id: number;
  round_key: string;
  game_type: number;
  currency: 'USDT' | 'TRX';
  stake: bigint;
  payout: bigint;
  valid: bigint;
  usdt_equivalent: bigint;
  settled_at: Generated<Date>;
}

export interface TurnoverTables {
  turnover_records: TurnoverRecordsTable;
}

/** A player's settled bets of a day, per game type and currency (migration 0018): reports and referral read it. */
export interface PlayerDailyBetsTable {
  player_id: number;
  day: DateColumn;
  game_type: number;
  currency: 'USDT' | 'TRX';
  bet_count: number;
  bet_amount: bigint;
  valid_amount: bigint;
  payout_amount: bigint;
}

/** Tables the turnover recording writes in SQL only: declared, but not part of the global `Database`. */
export interface PlayerDailyBetsTables {
  player_daily_bets: PlayerDailyBetsTable;
}
