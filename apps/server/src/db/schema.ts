import type { ColumnType, Generated } from 'kysely';
import type { MailTables } from '../mail/tables.ts';
import type { LedgerTables } from '../money/tables.ts';
import type { BannerBaseTables } from '../modules/banner/tables.ts';
import type { LobbyTables } from '../modules/lobby/tables.ts';
import type { MailBoxTables } from '../modules/mail-box/tables.ts';
import type { PlayerTables } from '../modules/player/tables.ts';

/** Table types, as Kysely sees them. Each module reads and writes only its own tables. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export type WalletCurrency = 'USDT' | 'TRX';

export interface DepositAddressesTable {
  player_id: number;
  derivation_index: number;
  address: string;
  /** Block timestamp (ms) up to which the address's history has been read. */
  trx_cursor: bigint;
  usdt_cursor: bigint;
  last_requested_at: Generated<Date>;
  last_scanned_at: NullableTimestamp;
  last_deposit_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export type DepositStatus = 'pending' | 'credited' | 'failed' | 'ignored' | 'dropped';

export interface DepositsTable {
  id: Generated<bigint>;
  player_id: number;
  currency: WalletCurrency;
  tx_id: string;
  address: string;
  from_address: string;
  amount: bigint;
  block_number: bigint | null;
  block_timestamp: bigint;
  status: DepositStatus;
  /** Blocks the transfer had at the watcher's last tick while pending (0028). */
  confirmations: Generated<number>;
  created_at: Generated<Date>;
  credited_at: NullableTimestamp;
}

export type WithdrawalStatus = 'pending_review' | 'queued' | 'signed' | 'broadcast' | 'confirmed' | 'failed' | 'rejected';

export interface WithdrawalsTable {
  id: Generated<bigint>;
  player_id: number;
  request_id: string;
  currency: WalletCurrency;
  amount: bigint;
  fee: bigint;
  to_address: string;
  status: WithdrawalStatus;
  tx_id: string | null;
  signed_tx: string | null;
  tx_expiration: bigint | null;
  attempts: Generated<number>;
  block_number: bigint | null;
  network_fee: bigint | null;
  last_error: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  reviewed_at: NullableTimestamp;
  completed_at: NullableTimestamp;
}

export interface WithdrawalAttemptsTable {
  tx_id: string;
  withdrawal_id: bigint;
  attempt: number;
  expiration: bigint;
  outcome: 'confirmed' | 'reverted' | 'expired' | null;
  created_at: Generated<Date>;
}

export interface ExchangesTable {
  id: Generated<bigint>;
  player_id: number;
  request_id: string;
  from_currency: WalletCurrency;
  to_currency: WalletCurrency;
  amount: bigint;
  to_amount: bigint;
  rate: string;
  created_at: Generated<Date>;
}

export interface PlayerTransfersTable {
  id: Generated<bigint>;
  sender_id: number;
  receiver_id: number;
  request_id: string;
  currency: WalletCurrency;
  amount: bigint;
  remark: string | null;
  created_at: Generated<Date>;
}

export interface CashoutAddressesTable {
  id: Generated<number>;
  player_id: number;
  address: string;
  label: string;
  created_at: Generated<Date>;
}

export interface CashoutAccountsTable {
  id: Generated<number>;
  player_id: number;
  account_type: number;
  label: string | null;
  /** The fields of the account's type, as the contract's cashout account input names them. */
  details: ColumnType<Record<string, string>, string, string>;
  is_default: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface BetAddressesTable {
  id: Generated<number>;
  player_id: number;
  address: string;
  status: Generated<number>;
  activation_amount: bigint;
  expires_at: Timestamp;
  activated_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface FundPasswordFailuresTable {
  player_id: number;
  failed_at: Generated<Date>;
}

export interface WalletTables {
  deposit_addresses: DepositAddressesTable;
  deposits: DepositsTable;
  withdrawals: WithdrawalsTable;
  withdrawal_attempts: WithdrawalAttemptsTable;
  exchanges: ExchangesTable;
  player_transfers: PlayerTransfersTable;
  cashout_addresses: CashoutAddressesTable;
  cashout_accounts: CashoutAccountsTable;
  bet_addresses: BetAddressesTable;
  fund_password_failures: FundPasswordFailuresTable;
}

export type HashBetSource = 'page' | 'transfer';
export type HashPayoutStatus = 'pending' | 'signed' | 'broadcast' | 'confirmed' | 'failed';

export interface HashBlocksTable {
  height: bigint;
  block_id: string;
  parent_hash: string;
  /** Chain time of the block, ms. */
  block_time: bigint;
  ingested_at: Generated<Date>;
  settled_at: NullableTimestamp;
  settled_bets: number | null;
}

export interface HashBetsTable {
  id: Generated<bigint>;
  source: HashBetSource;
  player_id: number | null;
  request_id: string | null;
  game_id: number;
  level: number;
  /** Deciding height T. */
  round: bigint;
  area: string;
  currency: 'USDT' | 'TRX';
  amount: bigint;
  /** Odds at bet time, 1/10000 units. */
  odds_bp: number;
  /** The part of `amount` drawn on the player's bonus balance (cash first, then bonus); 0 for transfer bets. */
  stake_bonus: Generated<bigint>;
  status: Generated<number>;
  payout: bigint | null;
  tx_id: string | null;
  from_address: string | null;
  created_at: Generated<Date>;
  settled_at: NullableTimestamp;
}

export interface HashTransferReceiptsTable {
  tx_id: string;
  game_id: number;
  level: number;
  currency: 'USDT' | 'TRX';
  from_address: string;
  to_address: string;
  amount: bigint;
  block_height: bigint;
  player_id: number | null;
  outcome: 'bet' | 'refund';
  bet_id: bigint | null;
  refund_amount: bigint | null;
  refund_code: number | null;
  created_at: Generated<Date>;
}

export interface HashChainPayoutsTable {
  id: Generated<bigint>;
  receipt_tx_id: string;
  bet_id: bigint | null;
  purpose: 'payout' | 'refund';
  to_address: string;
  currency: 'USDT' | 'TRX';
  amount: bigint;
  status: Generated<HashPayoutStatus>;
  tx_id: string | null;
  signed_tx: string | null;
  tx_expiration: bigint | null;
  attempts: Generated<number>;
  last_error: string | null;
  block_number: bigint | null;
  network_fee: bigint | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  completed_at: NullableTimestamp;
}

export interface HashPayoutAttemptsTable {
  tx_id: string;
  payout_id: bigint;
  attempt: number;
  expiration: bigint;
  outcome: 'confirmed' | 'reverted' | 'expired' | 'refused' | null;
  created_at: Generated<Date>;
}

export interface HashTransferCursorsTable {
  address: string;
  currency: 'USDT' | 'TRX';
  cursor_ms: bigint;
}

export interface HashGameTables {
  hash_blocks: HashBlocksTable;
  hash_bets: HashBetsTable;
  hash_transfer_receipts: HashTransferReceiptsTable;
  hash_chain_payouts: HashChainPayoutsTable;
  hash_payout_attempts: HashPayoutAttemptsTable;
  hash_transfer_cursors: HashTransferCursorsTable;
}

/**
 * Every table. A module declares its own tables in an interface like the ones above (or in its
 * own `tables.ts`) and adds it here.
 */
/** JSON documents are written as JSON text and read back parsed. */
type Json<T> = ColumnType<T, string, string>;

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

export interface AutoBetTables {
  auto_bet_strategies: AutoBetStrategiesTable;
  auto_bet_runs: AutoBetRunsTable;
  auto_bet_records: AutoBetRecordsTable;
  auto_bet_results: AutoBetResultsTable;
  auto_bet_cursor: { name: string; height: bigint };
}

export interface ExperienceGoldGrantsTable {
  request_id: string;
  player_id: number;
  amount: bigint;
  note: string | null;
  created_at: Generated<Date>;
}

export interface SpecialInviteCodesTable {
  code: string;
  max_uses: number;
  used: Generated<number>;
  note: string | null;
  enabled: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface SpecialInviteRedemptionsTable {
  player_id: number;
  code: string;
  created_at: Generated<Date>;
}

export interface PlayerMarkTables {
  experience_gold_grants: ExperienceGoldGrantsTable;
  special_invite_codes: SpecialInviteCodesTable;
  special_invite_redemptions: SpecialInviteRedemptionsTable;
}

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
  rebate_accruals: RebateAccrualsTable;
  rebate_claims: RebateClaimsTable;
  economy_settings: EconomySettingsTable;
  economy_settings_audit: EconomySettingsAuditTable;
}

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
  turnover_records: TurnoverRecordsTable;
  player_vip: PlayerVipTable;
  vip_gift_claims: VipGiftClaimsTable;
}

export interface Database extends MailBoxTables, VipTables, BonusTables, PlayerMarkTables, PlayerTables, MailTables, LedgerTables, LobbyTables, BannerBaseTables, WalletTables, HashGameTables, AutoBetTables {}

export type { LedgerAccountsTable, LedgerEntriesTable, LedgerTables, LedgerTransfersTable } from '../money/tables.ts';
export type { MailOutboxTable } from '../mail/tables.ts';
export type { BannersTable } from '../modules/banner/tables.ts';
export type {
  CustomerServiceTable,
  GameCategoryRulesTable,
  GamesTable,
  GameTransferAddressesTable,
  KeypointsTable,
  LobbyTables,
  ManufacturersTable,
  NavConfigTable,
  PlayerFavouriteGamesTable,
  PlayerRecentGamesTable,
  PromotionChannelsTable,
  RankingWinsTable,
  SiteConfigTable,
  SiteConfigVersionsTable,
} from '../modules/lobby/tables.ts';
export type { MailBoxTables, NoticesTable, SiteMailAuditTable, SiteMailStatesTable, SiteMailsTable } from '../modules/mail-box/tables.ts';
export type {
  LoginFailuresTable,
  PlayerSessionsTable,
  PlayersTable,
  PlayerTables,
  SessionEndReason,
  VerificationCodesTable,
  VerificationPurpose,
} from '../modules/player/tables.ts';
