/**
 * `npm run ledger:check`: proves the ledger's invariants against the server's configured database
 * and exits 1 listing the problems when one fails (2 when the check could not run).
 * On embedded PGlite the data directory belongs to one process at a time: stop the server first, or
 * use `POST /ops/v1/ledger/check` on the running server instead.
 */
import { openConfiguredDatabase } from '../db/configured-database.ts';
import { checkLedger } from './ledger-check.ts';

async function main(): Promise<number> {
  const database = await openConfiguredDatabase();
  if (!database) return 2;
  try {
    const result = await checkLedger(database.db);
    const { stats } = result;
    console.log(
      `ledger (${database.kind}): ${stats.accounts} accounts, ${stats.transfers} transfers, ${stats.entries} entries; ` +
        `players hold ${formatTotals(stats.playerBalances)}, house holds ${formatTotals(stats.houseBalances)}`,
    );
    if (result.ok) {
      console.log('ledger check passed');
      return 0;
    }
    console.error(`ledger check FAILED:\n${result.problems.map((p) => `  - ${p}`).join('\n')}`);
    return 1;
  } catch (error) {
    const missingTable = (error as { code?: string }).code === '42P01';
    console.error(
      `ledger check could not run: ${error instanceof Error ? error.message : String(error)}` +
        (missingTable ? ' (the database has not been migrated: start the server once)' : ''),
    );
    return 2;
  } finally {
    await database.close();
  }
}

/** Micro-units shown with their 6 decimals, exactly (no float on money even for display). */
function formatTotals(totals: Record<string, string>): string {
  return Object.entries(totals)
    .map(([currency, micro]) => {
      const value = BigInt(micro);
      const sign = value < 0n ? '-' : '';
      const abs = value < 0n ? -value : value;
      return `${sign}${abs / 1_000_000n}.${(abs % 1_000_000n).toString().padStart(6, '0')} ${currency}`;
    })
    .join(', ');
}

process.exitCode = await main();
