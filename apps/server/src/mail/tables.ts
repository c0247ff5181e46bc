import type { Generated } from 'kysely';

export interface MailOutboxTable {
  id: Generated<bigint>;
  recipient: string;
  subject: string;
  body: string;
  created_at: Generated<Date>;
}

export interface MailTables {
  mail_outbox: MailOutboxTable;
}
