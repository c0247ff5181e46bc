/**
 * `npm run audit:verify`: walks the audit chain in the server's configured database and exits 1
 * naming the first broken record (2 when the check could not run).
 * On embedded PGlite the data directory belongs to one process at a time: stop the server first, or
 * use `/ops/v1/audit/verify` on the running server instead.
 */
import { openConfiguredDatabase } from '../../db/configured-database.ts';
import { verifyAuditChain } from './audit-chain.ts';

async function main(): Promise<number> {
  const database = await openConfiguredDatabase();
  if (!database) return 2;
  try {
    const verdict = await verifyAuditChain(database.db);
    if (verdict.ok) {
      console.log(`audit chain (${database.kind}): ${verdict.count} records, intact`);
      return 0;
    }
    console.error(`audit chain BROKEN at record ${verdict.brokenAt} (${verdict.count} records before it are intact): ${verdict.reason}`);
    return 1;
  } catch (error) {
    console.error(`audit chain could not be verified: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
