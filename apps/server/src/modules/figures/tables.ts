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

export interface FiguresTables {
  ops_daily_figures: OpsDailyFiguresTable;
  ops_daily_registrations: OpsDailyRegistrationsTable;
}
