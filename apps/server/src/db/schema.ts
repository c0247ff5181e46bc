import type { LedgerTables } from '../money/tables.ts';
import type { MailTables } from '../mail/tables.ts';
import type { AccountSecurityTables } from '../modules/account-security/tables.ts';
import type { ActivityTables } from '../modules/activity/tables.ts';
import type { AuditTables } from '../modules/audit/tables.ts';
import type { AutoBetTables } from '../modules/auto-bet/tables.ts';
import type { BannerBaseTables, BannerTables } from '../modules/banner/tables.ts';
import type { BonusTables } from '../modules/bonus/tables.ts';
import type { FiguresTables } from '../modules/figures/tables.ts';
import type { HashGameTables, HashOpenRoundsTables } from '../modules/hash-game/tables.ts';
import type { LobbyTables } from '../modules/lobby/tables.ts';
import type { MailBoxTables } from '../modules/mail-box/tables.ts';
import type { MediaTables } from '../modules/media/tables.ts';
import type { PlayerTables } from '../modules/player/tables.ts';
import type { PlayerMarkTables } from '../modules/player-mark/tables.ts';
import type { PlayerStandingTables } from '../modules/player-standing/tables.ts';
import type { ProtectionTables } from '../modules/protection/tables.ts';
import type { RebateTables } from '../modules/rebate/tables.ts';
import type { ReferralTables } from '../modules/referral/tables.ts';
import type { SanctionsTables } from '../modules/sanctions/tables.ts';
import type { StaffTables } from '../modules/staff/tables.ts';
import type { SupportChatTables } from '../modules/support-chat/tables.ts';
import type { TreasuryTables } from '../modules/treasury/tables.ts';
import type { ThirdGameTables } from '../modules/third-game/tables.ts';
import type { PlayerDailyBetsTables, TurnoverTables } from '../modules/turnover/tables.ts';
import type { VipTables } from '../modules/vip/tables.ts';
import type { WalletTables } from '../modules/wallet/tables.ts';
import type { SchemaTables } from './tables.ts';

/**
 * Table types, as Kysely sees them. Each module declares its own tables in its `tables.ts` (the
 * money kernel in money/tables.ts) and reads and writes only those. `Database`, the type of every
 * `Db`, gathers the tables of the first modules; later modules add theirs where they use them,
 * with `db.withTables<XxxTables>()`.
 */
export interface Database
  extends MailBoxTables,
    VipTables,
    TurnoverTables,
    BonusTables,
    RebateTables,
    PlayerMarkTables,
    PlayerTables,
    MailTables,
    LedgerTables,
    LobbyTables,
    BannerBaseTables,
    WalletTables,
    HashGameTables,
    AutoBetTables {}

/** Tables declared beside their modules and read through `db.withTables<…>()` or in SQL only. */
type ModuleTables = StaffTables &
  AccountSecurityTables &
  AuditTables &
  ActivityTables &
  MediaTables &
  FiguresTables &
  ThirdGameTables &
  BannerTables &
  PlayerStandingTables &
  ProtectionTables &
  SanctionsTables &
  TreasuryTables &
  SupportChatTables &
  ReferralTables &
  HashOpenRoundsTables &
  PlayerDailyBetsTables &
  SchemaTables;

/** The name of a table some module declares. */
export type TableName = keyof Database | keyof ModuleTables;

/**
 * Every declared table, by name, for checks that run (db/schema.test.ts compares it with the
 * migrated database). The compiler keeps it whole: a table declared and not listed here fails the
 * check below, and a name listed and not declared fails `satisfies`.
 */
export const DECLARED_TABLES = [
  // Database
  'players',
  'player_sessions',
  'verification_codes',
  'login_failures',
  'mail_outbox',
  'ledger_accounts',
  'ledger_transfers',
  'ledger_entries',
  'games',
  'game_transfer_addresses',
  'nav_config',
  'manufacturers',
  'banners',
  'promotion_channels',
  'customer_service',
  'site_config_versions',
  'site_config',
  'keypoints',
  'ranking_wins',
  'game_category_rules',
  'player_favourite_games',
  'player_recent_games',
  'deposit_addresses',
  'deposits',
  'withdrawals',
  'withdrawal_attempts',
  'exchanges',
  'player_transfers',
  'cashout_addresses',
  'cashout_accounts',
  'bet_addresses',
  'fund_password_failures',
  'hash_blocks',
  'hash_bets',
  'hash_transfer_receipts',
  'hash_chain_payouts',
  'hash_payout_attempts',
  'hash_transfer_cursors',
  'auto_bet_strategies',
  'auto_bet_runs',
  'auto_bet_records',
  'auto_bet_results',
  'auto_bet_cursor',
  'experience_gold_grants',
  'special_invite_codes',
  'special_invite_redemptions',
  'bonus_credits',
  'wagering',
  'bonus_forfeits',
  'economy_settings',
  'economy_settings_audit',
  'rebate_accruals',
  'rebate_claims',
  'turnover_records',
  'player_vip',
  'vip_gift_claims',
  'site_mails',
  'site_mail_states',
  'site_mail_audit',
  'notices',
  // Modules' own
  'staff_roles',
  'staff_members',
  'staff_sessions',
  'staff_recovery_codes',
  'staff_api_keys',
  'staff_links',
  'staff_login_failures',
  'audit_records',
  'approval_requests',
  'activities',
  'activity_claims',
  'activity_audit',
  'media',
  'media_owners',
  'media_usage',
  'ops_daily_figures',
  'ops_daily_registrations',
  'ops_figures_pending',
  'third_game_sessions',
  'provider_transactions',
  'provider_rounds',
  'provider_held_wins',
  'banner_audit',
  'player_standing_changes',
  'sanctioned_addresses',
  'sanction_hits',
  'treasury_reconciliations',
  'treasury_sweep_cycles',
  'treasury_sweeps',
  'treasury_chain_actions',
  'treasury_topup_requests',
  'treasury_sweep_settings',
  // ProtectionTables
  'player_protection',
  'protection_limits',
  'protection_spend',
  'protection_history',
  'protection_links',
  'protection_settings',
  'protection_held_deposits',
  'player_staff_notes',
  'player_two_factor',
  'player_recovery_codes',
  'player_known_devices',
  'account_security_settings',
  'support_conversations',
  'support_messages',
  'usage_quotas',
  'quota_settings',
  'quota_settings_audit',
  'referral_ancestors',
  'referral_daily',
  'referral_claimed',
  'referral_claims',
  'referral_reviews',
  'referral_held',
  'hash_open_rounds',
  'player_daily_bets',
  'schema_functions',
] as const satisfies readonly TableName[];

/** `true` only while DECLARED_TABLES lists every declared table; otherwise the names it misses. */
export type EveryTableListed = [Exclude<TableName, (typeof DECLARED_TABLES)[number]>] extends [never]
  ? true
  : Exclude<TableName, (typeof DECLARED_TABLES)[number]>;
const everyTableListed: EveryTableListed = true;
void everyTableListed;

export type { LedgerAccountsTable, LedgerEntriesTable, LedgerTables, LedgerTransfersTable } from '../money/tables.ts';
export type { MailOutboxTable } from '../mail/tables.ts';
export type {
  AutoBetRecordsTable,
  AutoBetResultsTable,
  AutoBetRunsTable,
  AutoBetStrategiesTable,
  AutoBetTables,
} from '../modules/auto-bet/tables.ts';
export type { BannersTable } from '../modules/banner/tables.ts';
export type {
  BonusCreditsTable,
  BonusForfeitsTable,
  BonusTables,
  EconomySettingsAuditTable,
  EconomySettingsTable,
  WageringTable,
} from '../modules/bonus/tables.ts';
export type {
  HashBetSource,
  HashBetsTable,
  HashBlocksTable,
  HashChainPayoutsTable,
  HashGameTables,
  HashPayoutAttemptsTable,
  HashPayoutStatus,
  HashTransferCursorsTable,
  HashTransferReceiptsTable,
} from '../modules/hash-game/tables.ts';
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
export type { ExperienceGoldGrantsTable, PlayerMarkTables, SpecialInviteCodesTable, SpecialInviteRedemptionsTable } from '../modules/player-mark/tables.ts';
export type { RebateAccrualsTable, RebateClaimsTable } from '../modules/rebate/tables.ts';
export type { TurnoverRecordsTable } from '../modules/turnover/tables.ts';
export type { PlayerVipTable, VipGiftClaimsTable, VipTables } from '../modules/vip/tables.ts';
export type {
  BetAddressesTable,
  CashoutAccountsTable,
  CashoutAddressesTable,
  DepositAddressesTable,
  DepositStatus,
  DepositsTable,
  ExchangesTable,
  FundPasswordFailuresTable,
  PlayerTransfersTable,
  WalletCurrency,
  WalletTables,
  WithdrawalAttemptsTable,
  WithdrawalStatus,
  WithdrawalsTable,
} from '../modules/wallet/tables.ts';
