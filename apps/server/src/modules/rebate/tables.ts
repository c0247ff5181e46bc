import type { ColumnType, Generated } from 'kysely';

export interface RebateAccrualsTable {
  player_id: number;
  currency: 'USDT' | 'TRX';
  game_type: number;
  accrued: Generated<bigint>;
  total_accrued: Generated<bigint>;
  updated_at: Generated<Date>;
}

export interface RebateClaimsTable {
  id: Generated<bigint>;
  player_id: number;
  currency: 'USDT' | 'TRX';
  amount: bigint;
  request_id: string;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: Generated<Date>;
}

export interface RebateTables {
  rebate_accruals: RebateAccrualsTable;
  rebate_claims: RebateClaimsTable;
}
