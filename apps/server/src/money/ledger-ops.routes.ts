import { ledgerOpsCalls } from '@lobby/contract';
import type { Db } from '../db/database.ts';
import type { OpsRegistrar } from '../http/ops-call.ts';
import { checkLedger } from './ledger-check.ts';

/** The ledger's operator call: its invariants proved on demand; a failure is also logged as an error. */
export function registerLedgerOpsRoutes(ops: OpsRegistrar, db: Db): void {
  ops.register(ledgerOpsCalls.check, async ({ request }) => {
    const result = await checkLedger(db);
    if (!result.ok) request.log.error({ problems: result.problems }, 'ledger check failed');
    return result;
  });
}
