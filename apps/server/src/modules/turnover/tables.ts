import type { Generated } from 'kysely';

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
