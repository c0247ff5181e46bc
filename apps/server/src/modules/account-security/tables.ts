import type { Generated } from 'kysely';
import type { NullableTimestamp } from '../../db/column-types.ts';

/** A player's authenticator: enrolled once `enabled_at` is set; the secret is sealed (security/secret-box.ts). */
export type PlayerTwoFactorTable = {
  player_id: number;
  secret_sealed: string;
  enabled_at: NullableTimestamp;
  /** The last TOTP time step accepted: a code of that step or before is refused (no reuse). */
  last_step: bigint | null;
  /** Wrong codes since `failures_since`; enough of them within the window refuse further tries for a while. */
  failures: Generated<number>;
  failures_since: NullableTimestamp;
  created_at: Generated<Date>;
};

/** Single-use recovery codes, as sha256 hashes only. */
export type PlayerRecoveryCodesTable = {
  id: Generated<bigint>;
  player_id: number;
  code_hash: string;
  used_at: NullableTimestamp;
  created_at: Generated<Date>;
};

/** Devices (the app's Device-Code, hashed) that passed two-factor at sign-in or enrolled it: sign-in there needs no code. */
export type PlayerKnownDevicesTable = {
  player_id: number;
  device_hash: string;
  created_at: Generated<Date>;
};

/** One row (id 1): the operator's account security settings, read on every use so a change applies on every instance at once. */
export type AccountSecuritySettingsTable = {
  id: number;
  address_wait_hours: number;
  updated_at: Generated<Date>;
};

export type AccountSecurityTables = {
  player_two_factor: PlayerTwoFactorTable;
  player_recovery_codes: PlayerRecoveryCodesTable;
  player_known_devices: PlayerKnownDevicesTable;
  account_security_settings: AccountSecuritySettingsTable;
};
