import nodemailer from 'nodemailer';
import type { Db } from '../db/database.ts';
import { OutboxRepository } from './outbox.repo.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/** Real delivery through the operator's SMTP server. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}

/**
 * Development delivery: mails are kept in the database so a developer (or a test) reads them with
 * `npm run outbox -- <email>` or `POST /dev/outbox`. Never enabled in production.
 */
export function createOutboxMailer(db: Db): Mailer {
  const outbox = new OutboxRepository(db);
  return {
    async send(mail) {
      await outbox.insert(mail);
    },
  };
}

/** The newest mails the development outbox kept for a recipient. */
export function readOutbox(db: Db, recipient: string, limit = 20) {
  return new OutboxRepository(db).forRecipient(recipient, limit);
}
