import type { ColumnType, Generated } from 'kysely';

export type LimitKindColumn = 'deposit' | 'loss' | 'wager';
export type LimitPeriodColumn = 'day' | 'week' | 'month';
export type PauseKindColumn = 'time_out' | 'self_exclusion';

/** Migration 0037: what a player chose for their own protection. */
export interface PlayerProtectionTable {
  player_id: number;
  reality_check_minutes: number | null;
  pause_kind: PauseKindColumn | null;
  pause_since: Date | null;
  /** Null with a pause: indefinite (self-exclusion only). */
  pause_until: Date | null;
  return_requested_at: Date | null;
  tracks_spend: Generated<boolean>;
  offer_registration_answered: Generated<boolean>;
  offer_first_deposit_answered: Generated<boolean>;
  updated_at: Generated<Date>;
}

export interface ProtectionLimitsTable {
  player_id: number;
  kind: LimitKindColumn;
  period: LimitPeriodColumn;
  amount: bigint;
  pending_amount: bigint | null;
  pending_removal: Generated<boolean>;
  pending_since: Date | null;
  updated_at: Generated<Date>;
}

export interface ProtectionSpendTable {
  player_id: number;
  hour: Date;
  staked: Generated<bigint>;
  returned: Generated<bigint>;
  deposited: Generated<bigint>;
}

export interface ProtectionHistoryTable {
  id: Generated<bigint>;
  player_id: number;
  action: string;
  detail: ColumnType<Record<string, unknown>, string | undefined, string>;
  actor: Generated<string>;
  at: Generated<Date>;
}

export interface ProtectionLinksTable {
  id: Generated<bigint>;
  player_id: number;
  excluded_player_id: number;
  link: 'address' | 'device' | 'wallet';
  detail: string;
  created_at: Generated<Date>;
  decision: 'cleared' | 'confirmed' | null;
  decided_by: string | null;
  decided_at: Date | null;
}

export interface ProtectionSettingsTable {
  id: Generated<number>;
  settings: ColumnType<Record<string, unknown>, string, string>;
  updated_at: Generated<Date>;
}

export interface ProtectionHeldDepositsTable {
  deposit_id: bigint;
  player_id: number;
  currency: 'USDT' | 'TRX';
  from_address: string;
  held: bigint;
  settled: Generated<bigint>;
  created_at: Generated<Date>;
}

export interface ProtectionTables {
  protection_held_deposits: ProtectionHeldDepositsTable;
  player_protection: PlayerProtectionTable;
  protection_limits: ProtectionLimitsTable;
  protection_spend: ProtectionSpendTable;
  protection_history: ProtectionHistoryTable;
  protection_links: ProtectionLinksTable;
  protection_settings: ProtectionSettingsTable;
}
