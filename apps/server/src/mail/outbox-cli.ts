/**
 * Prints the development outbox: the verification mails the server kept instead of sending.
 *   npm run outbox -- player@example.com
 */
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { readOutbox } from './mailer.ts';

const recipient = process.argv[2];
if (!recipient) {
  console.error('usage: npm run outbox -- <email>');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrateToLatest(database.db);
  const mails = await readOutbox(database.db, recipient);
  if (mails.length === 0) console.log(`No mail for ${recipient}.`);
  for (const mail of mails) console.log(`${mail.created_at.toISOString()}  ${mail.subject}\n  ${mail.body}\n`);
} finally {
  await database.close();
}
