import type { LedgerTables } from '../money/tables.ts';
import type { MailTables } from '../mail/tables.ts';
import type { AutoBetTables } from '../modules/auto-bet/tables.ts';
import type { BannerBaseTables } from '../modules/banner/tables.ts';
import type { BonusTables } from '../modules/bonus/tables.ts';
import type { HashGameTables } from '../modules/hash-game/tables.ts';
import type { LobbyTables } from '../modules/lobby/tables.ts';
import type { MailBoxTables } from '../modules/mail-box/tables.ts';
import type { PlayerTables } from '../modules/player/tables.ts';
import type { PlayerMarkTables } from '../modules/player-mark/tables.ts';
import type { RebateTables } from '../modules/rebate/tables.ts';
import type { TurnoverTables } from '../modules/turnover/tables.ts';
import type { VipTables } from '../modules/vip/tables.ts';
import type { WalletTables } from '../modules/wallet/tables.ts';

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
