import type { ColumnType, Generated } from 'kysely';

/** Table types, as Kysely sees them. Each module reads and writes only its own tables. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

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
}

export type VerificationPurpose = 'register' | 'reset_password' | 'bind_email';

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

export interface MailOutboxTable {
  id: Generated<bigint>;
  recipient: string;
  subject: string;
  body: string;
  created_at: Generated<Date>;
}

export interface NoticesTable {
  id: Generated<number>;
  title: ColumnType<Record<string, string>, string, string>;
  content: ColumnType<Record<string, string>, string, string>;
  starts_at: Generated<Date>;
  ends_at: NullableTimestamp;
  active: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface LoginFailuresTable {
  ip: string;
  failed_at: Generated<Date>;
}

export interface LedgerAccountsTable {
  id: Generated<bigint>;
  kind: string;
  owner_id: Generated<bigint>;
  currency: 'USDT' | 'TRX';
  balance: Generated<bigint>;
  created_at: Generated<Date>;
}

export interface LedgerTransfersTable {
  id: Generated<bigint>;
  idempotency_key: string;
  kind: string;
  reference: string | null;
  metadata: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: Generated<Date>;
}

export interface LedgerEntriesTable {
  id: Generated<bigint>;
  transfer_id: bigint;
  account_id: bigint;
  currency: 'USDT' | 'TRX';
  amount: bigint;
  created_at: Generated<Date>;
}

export interface PlayerTables {
  players: PlayersTable;
  player_sessions: PlayerSessionsTable;
  verification_codes: VerificationCodesTable;
  mail_outbox: MailOutboxTable;
  notices: NoticesTable;
  login_failures: LoginFailuresTable;
}

export interface LedgerTables {
  ledger_accounts: LedgerAccountsTable;
  ledger_transfers: LedgerTransfersTable;
  ledger_entries: LedgerEntriesTable;
}

/**
 * Every table. A module declares its own tables in an interface like the ones above (or in its
 * own `tables.ts`) and adds it here.
 */
export interface Database extends PlayerTables, LedgerTables {}
