/**
 * `npm run treasury -- <command>`: the sweeps from the command line, with the server's configuration.
 *
 *   sweep                  one sweep cycle now (as the scheduled one: follow, sweep, hot/cold)
 *   export-sweeps <file>   offline signing, first half: a cycle whose sweeps are written to <file>
 *                          (the batch `npm run signer -- sign-file <file> <signed>` signs elsewhere)
 *   import-sweeps <file>   second half: records the signatures of <signed>, then broadcasts them
 *
 * The chain is TRON_API_URL's, or without it the devnet a development server serves on DEVNET_PORT;
 * the hot wallet is HOT_WALLET_PRIVATE_KEY's, or the development one kept in DATA_DIR. On embedded
 * PGlite the data directory belongs to one process at a time: stop the server first.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import pino from 'pino';
import { privateKeyToAddress } from '../../../chain/address.ts';
import { storedDevnetKeys } from '../../../chain/chain-setup.ts';
import { createDepositDeriver } from '../../../chain/hd.ts';
import { TronClient } from '../../../chain/tron-client.ts';
import { openConfiguredDatabase } from '../../../db/configured-database.ts';
import { LeaderLock, lockUrlOf } from '../../../db/leader-lock.ts';
import { SignedFileError } from './sweeper.ts';
import { buildSweeper } from './sweeps.module.ts';

const USAGE = 'usage: npm run treasury -- sweep | export-sweeps <file> | import-sweeps <signed-file>';

async function main(argv: string[]): Promise<number> {
  const [command, file, ...rest] = argv;
  if (!command || rest.length > 0 || (command !== 'sweep' && !file) || !['sweep', 'export-sweeps', 'import-sweeps'].includes(command)) {
    console.error(USAGE);
    return 2;
  }
  if (command === 'export-sweeps' && existsSync(file!)) {
    console.error(`${file} already exists; choose a new file`);
    return 2;
  }
  let signedFile: unknown;
  if (command === 'import-sweeps') {
    try {
      signedFile = JSON.parse(readFileSync(file!, 'utf8'));
    } catch (error) {
      console.error(`cannot read ${file} as JSON: ${(error as Error).message}`);
      return 2;
    }
  }
  const database = await openConfiguredDatabase();
  if (!database) return 2;
  const { config } = database;
  // The servers' sweep cycles take this lock: a cycle from here waits for none of theirs and runs beside
  // none (a sweep cannot go out twice, but the TRX sent for fees could).
  const lock = new LeaderLock(database, 'treasury.sweeps', lockUrlOf(database, config.DATABASE_URL));
  try {
    if (!(await lock.ensure())) {
      console.error('a server is running the sweep cycles (it holds the treasury.sweeps lock): ask it from the console (Treasury › Sweeps) or stop it first');
      return 2;
    }
    const stored = config.TRON_API_URL ? undefined : storedDevnetKeys(config.DATA_DIR);
    const hotKey = config.HOT_WALLET_PRIVATE_KEY ?? stored?.hotWalletPrivateKey;
    const xpub = config.DEPOSIT_XPUB ?? stored?.depositXpub;
    if (!hotKey || !xpub) {
      console.error('no hot wallet or deposit xpub (set HOT_WALLET_PRIVATE_KEY and DEPOSIT_XPUB, or start the development server once)');
      return 2;
    }
    const apiUrl = config.TRON_API_URL ?? `http://127.0.0.1:${config.DEVNET_PORT}`;
    const client = new TronClient({ apiUrl, apiKey: config.TRON_API_KEY, ...(config.USDT_CONTRACT ? { usdtContract: config.USDT_CONTRACT } : {}) });
    const sweeper = buildSweeper({
      config,
      database,
      chain: { client, hotWallet: { privateKey: hotKey, address: privateKeyToAddress(hotKey) }, deposits: createDepositDeriver(xpub) },
      log: pino({ level: config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL }),
    });
    if (command === 'sweep') {
      const summary = await sweeper.runCycle('command');
      console.log(`sweep cycle #${summary.cycleId}: ${JSON.stringify({ ...summary, cycleId: undefined, sweepIds: undefined })}`);
      return 0;
    }
    if (command === 'export-sweeps') {
      const batch = await sweeper.exportBatch(null);
      writeFileSync(file!, `${JSON.stringify({ batchId: batch.batchId, sweeps: batch.sweeps }, null, 2)}\n`, { flag: 'wx' });
      console.log(
        `exported ${batch.sweeps.length} sweep(s) of cycle #${batch.cycleId} to ${file}; sign it with npm run signer -- sign-file ${file} <signed.json>`,
      );
      return 0;
    }
    const imported = await sweeper.importSigned(signedFile as Parameters<typeof sweeper.importSigned>[0]);
    console.log(`recorded and broadcast ${imported.recorded} signed sweep(s); the next cycle follows them to the chain`);
    return 0;
  } catch (error) {
    if (error instanceof SignedFileError) {
      console.error(`refused, nothing recorded: ${error.message}`);
      return 1;
    }
    console.error(`treasury ${command} failed: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  } finally {
    await lock.close();
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
