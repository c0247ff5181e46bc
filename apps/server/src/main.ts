import { ConfigError, loadConfig, type Config } from './config.ts';
import { createApplication } from './app.ts';

/** Starts the server; SIGTERM/SIGINT finish in-flight requests, then close the database. */
async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  const application = await createApplication(config);
  const address = await application.http.listen({ host: config.HOST, port: config.PORT });
  application.http.log.info({ address, database: application.database.kind }, 'lobby server listening');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    application.http.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await application.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
