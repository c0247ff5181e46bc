import type { ColumnType, Generated } from 'kysely';

type Json = ColumnType<unknown, string, string>;

export interface ActivitiesTable {
  id: Generated<number>;
  type: number;
  texts: Json;
  image_url: string | null;
  sort: number;
  start_at: Date;
  end_at: Date | null;
  currency: 'USDT' | 'TRX';
  rules: Json;
  wagering_multiplier: number | null;
  per_player_limit: number | null;
  budget_cap: bigint | null;
  paid_total: Generated<bigint>;
  requires_recharge: boolean;
  enabled: boolean;
  revision: Generated<bigint>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  updated_by: string;
}

export interface ActivityClaimsTable {
  activity_id: number;
  player_id: number;
  period: string;
  step: number;
  request_id: string;
  currency: 'USDT' | 'TRX';
  amount: bigint;
  created_at: Generated<Date>;
}

export interface ActivityAuditTable {
  id: Generated<bigint>;
  activity_id: number;
  action: string;
  old_value: Json | null;
  new_value: Json;
  updated_by: string;
  created_at: Generated<Date>;
}

/** The activity module's tables (migration 0017), declared beside the module that owns it. */
export type ActivityTables = {
  activities: ActivitiesTable;
  activity_claims: ActivityClaimsTable;
  activity_audit: ActivityAuditTable;
};
