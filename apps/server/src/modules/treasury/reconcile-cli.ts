/**
 * `npm run treasury:reconcile`: one reconciliation of on-chain holdings against ledger liabilities,
 * with the server's configuration: prints the figures per currency, keeps the run in the history
 * (trigger `command`) and exits 1 when a currency is short (2 when it could not run).
 * The chain is TRON_API_URL's, or without it the devnet a development server serves on DEVNET_PORT;
 * the hot wallet is HOT_WALLET_PRIVATE_KEY's, or the development one kept in DATA_DIR. On embedded
 * PGlite the data directory belongs to one process at a time: stop the server first, or use
 * `POST /ops/v1/treasury/reconcile` on the running server instead.
 */
import { privateKeyToAddress } from '../../chain/address.ts';
import { storedDevnetKeys } from '../../chain/chain-setup.ts';
import { TronClient } from '../../chain/tron-client.ts';
import { openConfiguredDatabase } from '../../db/configured-database.ts';
import { LobbyRepository } from '../lobby/lobby.repo.ts';
import { Reconciler, reconciliationView } from './reconciliation.ts';

async function main(): Promise<number> {
  const database = await openConfiguredDatabase();
  if (!database) return 2;
  const { config } = database;
  try {
    const hotKey = config.HOT_WALLET_PRIVATE_KEY ?? (config.TRON_API_URL ? undefined : storedDevnetKeys(config.DATA_DIR)?.hotWalletPrivateKey);
    if (!hotKey) {
      console.error('reconciliation could not run: no hot wallet (set HOT_WALLET_PRIVATE_KEY, or start the development server once)');
      return 2;
    }
    const apiUrl = config.TRON_API_URL ?? `http://127.0.0.1:${config.DEVNET_PORT}`;
    const client = new TronClient({ apiUrl, apiKey: config.TRON_API_KEY, ...(config.USDT_CONTRACT ? { usdtContract: config.USDT_CONTRACT } : {}) });
    const lobby = new LobbyRepository(database.db);
    const reconciler = new Reconciler({
      db: database.db,
      client,
      hotWallet: privateKeyToAddress(hotKey),
      coldAddresses: [...new Set([...config.TREASURY_COLD_ADDRESSES, ...(config.TREASURY_SWEEP_COLD_ADDRESS ? [config.TREASURY_SWEEP_COLD_ADDRESS] : [])])],
      resourceAddress: config.TREASURY_RESOURCE_KEY ? privateKeyToAddress(config.TREASURY_RESOURCE_KEY) : undefined,
      transferAddresses: async () => (await lobby.listTransferAddresses()).map((row) => row.address),
    });
    const run = reconciliationView(await reconciler.run('command'));
    console.log(`reconciliation #${run.id} (${database.kind}, ${apiUrl}): ${run.addresses} addresses read`);
    for (const c of run.currencies) {
      console.log(
        `${c.currency}: ${c.status.toUpperCase()}  holdings ${c.holdings.total} (hot ${c.holdings.hot}, deposits ${c.holdings.deposit}, transfer ${c.holdings.transfer}, cold ${c.holdings.cold}, resource ${c.holdings.resource})` +
          `  liabilities ${c.liabilities.total} (cash ${c.liabilities.cash}, bonus ${c.liabilities.bonus}, held ${c.liabilities.held}, withdrawals ${c.liabilities.withdrawals}, payouts ${c.liabilities.payouts})` +
          `  difference ${c.difference}${c.inFlight !== '0' ? `  in flight ${c.inFlight}` : ''}`,
      );
    }
    for (const f of run.failures) console.error(`could not read ${f.currency} of ${f.kind} address ${f.address}: ${f.error}`);
    return run.status === 'short' ? 1 : 0;
  } catch (error) {
    const missingTable = (error as { code?: string }).code === '42P01';
    console.error(
      `reconciliation could not run: ${error instanceof Error ? error.message : String(error)}` +
        (missingTable ? ' (the database has not been migrated: start the server once)' : ''),
    );
    return 2;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
