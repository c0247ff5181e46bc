import type { Generated } from 'kysely';

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
