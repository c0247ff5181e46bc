import { ConfigError, loadConfig, type Config } from '../config.ts';
import { openDatabase, type DatabaseHandle } from './database.ts';

/**
 * For a command-line tool: the server's configuration and its configured database (DATABASE_URL, else
 * the embedded one in DATA_DIR, which one process holds at a time), or null once it has printed why
 * the configuration is refused.
 */
export async function openConfiguredDatabase(poolSize = 2): Promise<(DatabaseHandle & { config: Config }) | null> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return null;
  }
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize });
  return { ...database, config };
}
