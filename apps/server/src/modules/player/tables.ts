import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../db/column-types.ts';

export interface PlayersTable {
  id: Generated<number>;
  account: string | null;
  email: string | null;
  password_hash: string;
  fund_password_hash: string | null;
  nickname: string;
  avatar: Generated<string>;
  status: Generated<number>;
  user_type: Generated<number>;
  special_invite_type: Generated<number>;
  experience_type: Generated<number>;
  vip_level: Generated<number>;
  invite_code: string;
  inviter_id: number | null;
  register_ip: string;
  last_login_ip: string | null;
  last_client_ip: string | null;
  language: string | null;
  first_recharge_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type SessionEndReason = 'logout' | 'replaced' | 'password_changed';

export interface PlayerSessionsTable {
  id: Generated<bigint>;
  player_id: number;
  token_hash: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  ended_at: NullableTimestamp;
  end_reason: SessionEndReason | null;
  last_notice_id: Generated<number>;
  login_ip: string;
  client_ip: string | null;
  /** The device code the client reported (Device-Code header): recorded only. */
  device_code: string | null;
  /** ISO 3166-1 alpha-2 of the sign-in address, from the offline IP database (migration 0038); null when private or unknown. */
  country: Generated<string | null>;
  /** The User-Agent of the sign-in, for the login history (migration 0040). */
  user_agent: Generated<string | null>;
}

/** `change_email_old`: the code sent to the bound address before it may be changed. */
export type VerificationPurpose = 'register' | 'reset_password' | 'bind_email' | 'change_email_old';

export interface VerificationCodesTable {
  id: Generated<bigint>;
  purpose: VerificationPurpose;
  target: string;
  player_id: number | null;
  code_hash: string;
  attempts: Generated<number>;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  consumed_at: NullableTimestamp;
  request_ip: string;
}

export interface LoginFailuresTable {
  ip: string;
  /** The account the password was tried against; null when no such account exists. */
  player_id: number | null;
  failed_at: Generated<Date>;
}

export interface PlayerTables {
  players: PlayersTable;
  player_sessions: PlayerSessionsTable;
  verification_codes: VerificationCodesTable;
  login_failures: LoginFailuresTable;
}
