import type { ColumnType, Generated } from 'kysely';

export interface PlayerVipTable {
  player_id: number;
  xp: Generated<bigint>;
  vip_level: Generated<number>;
  level_reached_at: Generated<Date>;
  month: Generated<string>;
  month_xp: Generated<bigint>;
  prev_month: Generated<string>;
  prev_month_xp: Generated<bigint>;
  updated_at: Generated<Date>;
  /** The UTC day of the player's last recorded round, for the active-player counts (migration 0031). */
  last_played_on: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface VipGiftClaimsTable {
  player_id: number;
  kind: 'level' | 'month';
  period: string;
  vip_level: number;
  currency: 'USDT' | 'TRX';
  amount: bigint;
  request_id: string;
  created_at: Generated<Date>;
}

export interface VipTables {
  player_vip: PlayerVipTable;
  vip_gift_claims: VipGiftClaimsTable;
}
