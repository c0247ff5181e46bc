import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { StaffActor } from '../../http/ops-call.ts';
import { jsonb } from '../audit/audit-log.ts';
import type { AuditTables } from '../audit/tables.ts';
import type { ApprovalRequest, Approvals } from './approvals.service.ts';

/**
 * Asks for `kind` about one subject (`{ withdrawalId: '12' }`, which the payload holds), unless a
 * request about it is pending already: then that one is answered, so asking twice (a double click,
 * a second operator) leaves one request in the queue.
 */
export async function requestOnce<P extends object>(
  approvals: Approvals,
  db: Db,
  request: { kind: string; subject: Partial<P>; payload: P; actor: StaffActor; reason: string },
): Promise<ApprovalRequest> {
  const pending = await db
    .withTables<AuditTables>()
    .selectFrom('approval_requests')
    .selectAll()
    .where('kind', '=', request.kind)
    .where('status', '=', 'pending')
    .where(sql<boolean>`payload @> ${jsonb(request.subject)}`)
    .orderBy('id')
    .executeTakeFirst();
  return pending ?? approvals.request(request.kind, request.payload, request.actor, request.reason);
}
