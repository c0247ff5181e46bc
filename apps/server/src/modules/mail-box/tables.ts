import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp } from '../../db/column-types.ts';

export interface SiteMailsTable {
  id: Generated<bigint>;
  audience: 'player' | 'segment' | 'all';
  player_id: number | null;
  vip_min: number | null;
  vip_max: number | null;
  registered_since: NullableTimestamp;
  category: number;
  title: ColumnType<Record<string, string>, string, string>;
  content: ColumnType<Record<string, string>, string, string>;
  request_key: string | null;
  sent_by: string;
  created_at: Generated<Date>;
  expires_at: NullableTimestamp;
}

export interface SiteMailStatesTable {
  player_id: number;
  mail_id: bigint;
  read_at: NullableTimestamp;
  deleted_at: NullableTimestamp;
}

export interface SiteMailAuditTable {
  id: Generated<bigint>;
  action: 'mail.send' | 'bulletin.publish' | 'bulletin.withdraw';
  subject_id: bigint | number;
  old_value: ColumnType<unknown, string | null, string | null>;
  new_value: ColumnType<unknown, string, string>;
  changed_by: string;
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

export interface MailBoxTables {
  site_mails: SiteMailsTable;
  site_mail_states: SiteMailStatesTable;
  site_mail_audit: SiteMailAuditTable;
  notices: NoticesTable;
}
