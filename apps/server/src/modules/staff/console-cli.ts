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
import { ConfigError, loadConfig, type Config } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { runConsoleCommand } from './console-commands.ts';
import { staffPublicUrl } from './staff.module.ts';

async function main(): Promise<number> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  const publicUrl = staffPublicUrl(config);
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 2 });
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
