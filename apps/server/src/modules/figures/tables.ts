import type { ColumnType, Generated } from 'kysely';

/** Tables of migration 0031 (operator figures), as Kysely sees them. */
export type OpsDailyFiguresTable = {
  day: string;
  currency: 'USDT' | 'TRX';
  /** 0 for money that belongs to no game (deposits, withdrawals, bonuses). */
  game_type: number;
  slot: number;
  deposits: bigint;
  deposit_amount: bigint;
  first_deposits: bigint;
  first_deposit_amount: bigint;
  withdrawals: bigint;
  withdrawal_amount: bigint;
  bets: bigint;
  stake: bigint;
  payout: bigint;
  bonus_paid: bigint;
  bonus_released: bigint;
  bonus_forfeited: bigint;
};

export type OpsDailyRegistrationsTable = {
  day: string;
  slot: number;
  registrations: bigint;
};

/**
 * What the money paths of a transaction add (the turnover recording, and triggers), folded into the
 * daily figures at commit (migration 0031).
 * Registrations carry no currency.
 */
export type OpsFiguresPendingTable = {
  tx: Generated<bigint>;
  currency: 'USDT' | 'TRX' | null;
  game_type: Generated<number>;
  registrations: Generated<bigint>;
  deposits: Generated<bigint>;
  deposit_amount: Generated<bigint>;
  first_deposits: Generated<bigint>;
  first_deposit_amount: Generated<bigint>;
  withdrawals: Generated<bigint>;
  withdrawal_amount: Generated<bigint>;
  bets: Generated<bigint>;
  stake: Generated<bigint>;
  payout: Generated<bigint>;
  bonus_paid: Generated<bigint>;
  bonus_released: Generated<bigint>;
  bonus_forfeited: Generated<bigint>;
};

/** Migration 0035: staff notes on a player, append-only. */
export type PlayerStaffNotesTable = {
  id: Generated<bigint>;
  player_id: number;
  staff_kind: 'staff' | 'key';
  staff_id: ColumnType<bigint, bigint | number, never>;
  staff_name: string;
  body: string;
  created_at: Generated<Date>;
};

export interface FiguresTables {
  ops_daily_figures: OpsDailyFiguresTable;
  ops_daily_registrations: OpsDailyRegistrationsTable;
  ops_figures_pending: OpsFiguresPendingTable;
  player_staff_notes: PlayerStaffNotesTable;
}
