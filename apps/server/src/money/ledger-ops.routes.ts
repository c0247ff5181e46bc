import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import { UnauthorizedError } from '../http/app-error.ts';
import { checkLedger } from './ledger-check.ts';

/**
 * Operator endpoints of the ledger. Without a configured token they do not exist at all (404 like any
 * unknown path), so a deployment that never set one exposes nothing. A wrong or missing token is
 * HTTP 401 with the envelope of code 10009.
 */
export function registerLedgerOpsRoutes(http: FastifyInstance, db: Db, opsToken: string | undefined): void {
  if (!opsToken) return;
  const expected = digest(opsToken);

  http.post('/ops/ledger/check', async (request) => {
    const presented = request.headers['x-ops-token'];
    // Compared as digests so the comparison takes the same time whatever the length or content.
    if (typeof presented !== 'string' || !timingSafeEqual(digest(presented), expected)) throw new UnauthorizedError();
    const result = await checkLedger(db);
    if (!result.ok) request.log.error({ problems: result.problems }, 'ledger check failed');
    return { code: 0, msg: 'success', data: result };
  });
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
