import type { Generated } from 'kysely';
import type { DateColumn, NumericColumn } from '../../db/column-types.ts';

type Currency = 'USDT' | 'TRX';

/** A player's inviters up to three levels (migration 0018); `held` while the level-1 pair is under review (0022). */
export interface ReferralAncestorsTable {
  player_id: number;
  level: number;
  ancestor_id: number;
  joined_at: Date;
  held: Generated<boolean>;
}

/** Commission a beneficiary earned from a level's turnover of a day, scaled (numeric, read as text). */
export interface ReferralDailyTable {
  beneficiary_id: number;
  day: DateColumn;
  level: number;
  game_type: number;
  currency: Currency;
  valid_amount: bigint;
  commission_scaled: NumericColumn;
}

/** How much of a player's commission has been claimed, per currency. */
export interface ReferralClaimedTable {
  player_id: number;
  currency: Currency;
  claimed: Generated<bigint>;
}

export interface ReferralClaimsTable {
  id: Generated<bigint>;
  player_id: number;
  request_id: string;
  currency: Currency;
  amount: bigint;
  claimed_before: bigint;
  created_at: Generated<Date>;
}

/** An invitee registered from an address or device its inviter used: held until an operator clears it (migration 0022). */
export interface ReferralReviewsTable {
  player_id: number;
  inviter_id: number;
  matched: 'address' | 'device';
  status: Generated<'held' | 'cleared'>;
  flagged_at: Generated<Date>;
  cleared_at: Date | null;
  cleared_by: string | null;
  note: string | null;
}

/** Commission of a held pair, kept apart until the pair is cleared (migration 0022). */
export interface ReferralHeldTable {
  ancestor_id: number;
  player_id: number;
  currency: Currency;
  day: DateColumn;
  level: number;
  game_type: number;
  commission_scaled: NumericColumn;
}

/** The referral module's tables, written in SQL: declared, but not part of the global `Database`. */
export interface ReferralTables {
  referral_ancestors: ReferralAncestorsTable;
  referral_daily: ReferralDailyTable;
  referral_claimed: ReferralClaimedTable;
  referral_claims: ReferralClaimsTable;
  referral_reviews: ReferralReviewsTable;
  referral_held: ReferralHeldTable;
}
