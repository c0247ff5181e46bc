import type { Generated } from 'kysely';

export interface StaffRolesTable {
  name: string;
  permissions: string[];
  shipped: Generated<boolean>;
  updated_at: Generated<Date>;
}

export interface StaffMembersTable {
  id: Generated<number>;
  login: string;
  password_hash: string | null;
  status: Generated<'invited' | 'active' | 'disabled'>;
  roles: Generated<string[]>;
  totp_secret: string | null;
  totp_enrolled_at: Date | null;
  /** The last TOTP time step accepted: a code of that step or before is refused (no reuse). */
  totp_last_step: bigint | null;
  created_by: number | null;
  created_at: Generated<Date>;
  disabled_at: Date | null;
  last_login_at: Date | null;
}

export interface StaffSessionsTable {
  /** sha256 of the cookie's value, hex: the value itself is never stored. */
  id: string;
  staff_id: number;
  csrf_token: string;
  verified_at: Date | null;
  ip: string | null;
  user_agent: string | null;
  created_at: Generated<Date>;
  last_seen_at: Generated<Date>;
  expires_at: Date;
  ended_at: Date | null;
}

export interface StaffRecoveryCodesTable {
  staff_id: number;
  code_hash: string;
  used_at: Date | null;
}

export interface StaffApiKeysTable {
  id: Generated<number>;
  name: string;
  key_hash: string;
  permissions: string[];
  created_by: number | null;
  created_at: Generated<Date>;
  expires_at: Date;
  revoked_at: Date | null;
  last_used_at: Date | null;
  /** Set when a second person approved a key made in the console; a key is usable only once set. */
  approved_at: Date | null;
}

export interface StaffLinksTable {
  token_hash: string;
  staff_id: number;
  purpose: 'enrol' | 'reset';
  created_at: Generated<Date>;
  expires_at: Date;
  used_at: Date | null;
}

export interface StaffLoginFailuresTable {
  address: string;
  /** The account tried, when the login named one. */
  staff_id: number | null;
  failed_at: Generated<Date>;
}

export type StaffTables = {
  staff_roles: StaffRolesTable;
  staff_members: StaffMembersTable;
  staff_sessions: StaffSessionsTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  staff_api_keys: StaffApiKeysTable;
  staff_links: StaffLinksTable;
  staff_login_failures: StaffLoginFailuresTable;
};
