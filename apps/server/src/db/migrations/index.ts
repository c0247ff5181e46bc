import type { Migration } from 'kysely';
import * as players from './0001_players.ts';
import * as ledger from './0002_ledger.ts';
import * as lobby from './0003_lobby.ts';
import * as ledgerShards from './0004_ledger_shards.ts';
import * as wallet from './0005_wallet.ts';
import * as hashGames from './0006_hash_games.ts';
import * as autoBet from './0007_auto_bet.ts';
import * as payoutNetworkFee from './0008_payout_network_fee.ts';
import * as ledgerBatchLinear from './0009_ledger_batch_linear.ts';
import * as hotRowsFillfactor from './0010_hot_rows_fillfactor.ts';
import * as hashBetsStablePlans from './0011_hash_bets_stable_plans.ts';
import * as atomicLockouts from './0012_atomic_lockouts.ts';
import * as thirdPartyGames from './0013_third_party_games.ts';
import * as playerMarksAndCatalogue from './0014_player_marks_and_catalogue.ts';
import * as bonusAndRebates from './0015_bonus_and_rebates.ts';
import * as turnoverAndVip from './0016_turnover_and_vip.ts';
import * as activities from './0017_activities.ts';
import * as referralAndReports from './0018_referral_and_reports.ts';
import * as siteMail from './0019_site_mail.ts';
import * as supportChat from './0020_support_chat.ts';
import * as mediaAndBanners from './0021_media_and_banners.ts';
import * as cashAndBonus from './0022_cash_and_bonus.ts';
import * as referralReviewAndQuotas from './0022_referral_review_and_quotas.ts';
import * as hashRoundsByBlock from './0024_hash_rounds_by_block.ts';
import * as providerWalletPlausibility from './0023_provider_wallet_plausibility.ts';
import * as providerWalletBonus from './0025_provider_wallet_bonus.ts';
import * as hashBetsBonus from './0026_hash_bets_bonus.ts';
import * as gameCategoriesAndShelves from './0027_game_categories_and_shelves.ts';
import * as depositConfirmations from './0028_deposit_confirmations.ts';
import * as staff from './0029_staff.ts';
import * as auditAndApprovals from './0030_audit_and_approvals.ts';
import * as operatorFigures from './0031_operator_figures.ts';
import * as playerStanding from './0032_player_standing.ts';
import * as operatorLookups from './0033_operator_lookups.ts';
import * as apiKeyApproval from './0034_api_key_approval.ts';
import * as playerStaffNotes from './0035_player_staff_notes.ts';
import * as chatAssignment from './0036_chat_assignment.ts';
import * as playerProtection from './0037_player_protection.ts';
import * as jurisdictions from './0038_jurisdictions.ts';
import * as sanctions from './0039_sanctions.ts';
import * as accountSecurity from './0040_account_security.ts';
import * as treasuryReconciliation from './0041_treasury_reconciliation.ts';
import * as treasurySweeps from './0042_treasury_sweeps.ts';
import * as heldReturnRefunds from './0043_held_return_refunds.ts';
import * as ledgerEntriesWithoutKeyChecks from './0044_ledger_entries_without_key_checks.ts';
import * as autoBetRunCountry from './0045_auto_bet_run_country.ts';

/**
 * Every migration, by name. Names sort in the order they must run; never rename or edit a released one.
 * Database functions are not written here but in ../functions/ (see ../sql-functions.ts).
 */
export const migrations: Record<string, Migration> = {
  '0001_players': players,
  '0002_ledger': ledger,
  '0003_lobby': lobby,
  '0004_ledger_shards': ledgerShards,
  '0005_wallet': wallet,
  '0006_hash_games': hashGames,
  '0007_auto_bet': autoBet,
  '0008_payout_network_fee': payoutNetworkFee,
  '0009_ledger_batch_linear': ledgerBatchLinear,
  '0010_hot_rows_fillfactor': hotRowsFillfactor,
  '0011_hash_bets_stable_plans': hashBetsStablePlans,
  '0012_atomic_lockouts': atomicLockouts,
  '0013_third_party_games': thirdPartyGames,
  '0014_player_marks_and_catalogue': playerMarksAndCatalogue,
  '0015_bonus_and_rebates': bonusAndRebates,
  '0016_turnover_and_vip': turnoverAndVip,
  '0017_activities': activities,
  '0018_referral_and_reports': referralAndReports,
  '0019_site_mail': siteMail,
  '0020_support_chat': supportChat,
  '0021_media_and_banners': mediaAndBanners,
  '0022_cash_and_bonus': cashAndBonus,
  '0022_referral_review_and_quotas': referralReviewAndQuotas,
  '0023_provider_wallet_plausibility': providerWalletPlausibility,
  '0024_hash_rounds_by_block': hashRoundsByBlock,
  '0025_provider_wallet_bonus': providerWalletBonus,
  '0026_hash_bets_bonus': hashBetsBonus,
  '0027_game_categories_and_shelves': gameCategoriesAndShelves,
  '0028_deposit_confirmations': depositConfirmations,
  '0029_staff': staff,
  '0030_audit_and_approvals': auditAndApprovals,
  '0031_operator_figures': operatorFigures,
  '0032_player_standing': playerStanding,
  '0033_operator_lookups': operatorLookups,
  '0034_api_key_approval': apiKeyApproval,
  '0035_player_staff_notes': playerStaffNotes,
  '0036_chat_assignment': chatAssignment,
  '0037_player_protection': playerProtection,
  '0038_jurisdictions': jurisdictions,
  '0039_sanctions': sanctions,
  '0040_account_security': accountSecurity,
  '0041_treasury_reconciliation': treasuryReconciliation,
  '0042_treasury_sweeps': treasurySweeps,
  '0043_held_return_refunds': heldReturnRefunds,
  '0044_ledger_entries_without_key_checks': ledgerEntriesWithoutKeyChecks,
  '0045_auto_bet_run_country': autoBetRunCountry,
};
