import type { ColumnType, Generated } from 'kysely';

export type SupportConversationsTable = {
  id: Generated<string>;
  player_id: number;
  status: Generated<'open' | 'closed'>;
  last_seq: Generated<number>;
  awaiting_reply: Generated<boolean>;
  waiting_since: Date | null;
  player_read_seq: Generated<number>;
  operator_read_seq: Generated<number>;
  closed_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** Who holds the conversation (migration 0036); all three null while nobody does. */
  assigned_staff_kind: Generated<'staff' | 'key' | null>;
  assigned_staff_id: ColumnType<bigint | null, never, bigint | number | null>;
  assigned_staff_name: Generated<string | null>;
};

export type SupportMessagesTable = {
  id: Generated<string>;
  conversation_id: string;
  seq: number;
  sender: 'player' | 'operator';
  operator_name: string | null;
  client_msg_id: string;
  body: string;
  image_url: string | null;
  created_at: Generated<Date>;
};

/** Messages and images a player sent in a window, per kind of quota (migration 0022). */
export type UsageQuotasTable = {
  player_id: number;
  kind: 'chat_image_hour' | 'chat_image_day' | 'chat_message_minute';
  window_start: Date;
  count: number;
  bytes: bigint;
};

/** The operator's limits, a JSON document per key (key `chat`). */
export type QuotaSettingsTable = {
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_by: string;
  updated_at: Generated<Date>;
};

export type QuotaSettingsAuditTable = {
  id: Generated<bigint>;
  key: string;
  old_value: ColumnType<unknown, string | null, string | null>;
  new_value: ColumnType<unknown, string, string>;
  updated_by: string;
  created_at: Generated<Date>;
};

/** The support chat's tables (migrations 0020 and 0022), declared beside the module that owns them. */
export type SupportChatTables = {
  support_conversations: SupportConversationsTable;
  support_messages: SupportMessagesTable;
  usage_quotas: UsageQuotasTable;
  quota_settings: QuotaSettingsTable;
  quota_settings_audit: QuotaSettingsAuditTable;
};
