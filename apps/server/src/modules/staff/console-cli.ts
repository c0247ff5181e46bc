/**
 * `npm run console -- <command>`: staff accounts from the command line, against the server's configured
 * database (DATABASE_URL, else the embedded one in DATA_DIR: stop the server first then), migrated first.
 *
 *   create-owner <login>
 *       The first owner (no account exists by default, no password sits in configuration): prints a
 *       one-time link, valid 24 hours, to set the password and enrol two-factor.
 *   create-api-key <name> --permissions all|a,b --days N
 *       A key for automation, printed once; the audit shows its use under <name>.
 */
import { openConfiguredDatabase } from '../../db/configured-database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { runConsoleCommand } from './console-commands.ts';
import { staffPublicUrl } from './staff.module.ts';

async function main(): Promise<number> {
  const database = await openConfiguredDatabase();
  if (!database) return 2;
  const publicUrl = staffPublicUrl(database.config);
  try {
    // On a database the server has not started on yet, the owner comes first: the tables are made here.
    await migrateToLatest(database.db);
    const result = await runConsoleCommand(database.db, process.argv.slice(2), publicUrl);
    for (const line of result.lines) (result.exitCode === 0 ? console.log : console.error)(line);
    return result.exitCode;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 2;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
