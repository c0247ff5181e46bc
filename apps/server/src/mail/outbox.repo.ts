import type { Db } from '../db/database.ts';

/** The development outbox: mails kept in the database instead of sent. */
export class OutboxRepository {
  constructor(private readonly db: Db) {}

  async insert(mail: { to: string; subject: string; text: string }): Promise<void> {
    await this.db.insertInto('mail_outbox').values({ recipient: mail.to, subject: mail.subject, body: mail.text }).execute();
  }

  /** The newest mails to a recipient (any letter case), newest first. */
  forRecipient(recipient: string, limit = 20) {
    return this.db
      .selectFrom('mail_outbox')
      .select(['id', 'recipient', 'subject', 'body', 'created_at'])
      .where((eb) => eb(eb.fn('lower', ['recipient']), '=', recipient.toLowerCase()))
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
}
