import type { ColumnType, Generated } from 'kysely';

export interface BonusCreditsTable {
  id: Generated<bigint>;
  player_id: number;
  bonus_type: number;
  source: string;
  source_ref: string;
  currency: 'USDT' | 'TRX';
  amount: bigint;
  wagering_added: bigint;
  ledger_key: string;
  created_at: Generated<Date>;
}

export interface WageringTable {
  player_id: number;
  currency: 'USDT' | 'TRX';
  outstanding: Generated<bigint>;
  required: Generated<bigint>;
  /** Raised when a requirement starts from nothing; the release of its bonus is keyed by it. */
  cycle: Generated<number>;
  /** Bonus parts of the player's open bets. */
  bonus_at_stake: Generated<bigint>;
  /** Experience gold: bonus money that never becomes cash. */
  locked: Generated<boolean>;
  /** A requirement from before cash and bonus were apart: it guards cash until met or forfeited. */
  legacy: Generated<boolean>;
  updated_at: Generated<Date>;
}

export interface BonusForfeitsTable {
  id: Generated<bigint>;
  action: 'forfeit' | 'waive';
  player_id: number;
  currency: 'USDT' | 'TRX';
  amount: bigint;
  outstanding: bigint;
  by_player: boolean;
  request_id: string | null;
  operator: string | null;
  reason: string | null;
  created_at: Generated<Date>;
}

export interface EconomySettingsTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: Generated<Date>;
  updated_by: string;
}

export interface EconomySettingsAuditTable {
  id: Generated<bigint>;
  key: string;
  old_value: ColumnType<unknown, string | null, string | null>;
  new_value: ColumnType<unknown, string, string>;
  updated_by: string;
  created_at: Generated<Date>;
}

export interface BonusTables {
  bonus_credits: BonusCreditsTable;
  wagering: WageringTable;
  bonus_forfeits: BonusForfeitsTable;
  economy_settings: EconomySettingsTable;
  economy_settings_audit: EconomySettingsAuditTable;
}
