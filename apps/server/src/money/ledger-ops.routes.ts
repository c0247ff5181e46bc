import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import { opsTokenGuard } from '../http/ops-guard.ts';
import { checkLedger } from './ledger-check.ts';

/**
 * Operator endpoints of the ledger. Without a configured token they do not exist at all (404 like any
 * unknown path), so a deployment that never set one exposes nothing. A wrong or missing token is
 * HTTP 401 with the envelope of code 10009.
 */
export function registerLedgerOpsRoutes(http: FastifyInstance, db: Db, opsToken: string | undefined): void {
  if (!opsToken) return;
  const guard = opsTokenGuard(opsToken);

  http.post('/ops/ledger/check', async (request) => {
    guard(request);
    const result = await checkLedger(db);
    if (!result.ok) request.log.error({ problems: result.problems }, 'ledger check failed');
    return { code: 0, msg: 'success', data: result };
  });
}
