import { auditOpsCalls } from '@lobby/contract';
import type { Db } from '../../db/database.ts';
import type { OpsRegistrar } from '../../http/ops-call.ts';
import { AuditRecords } from './audit-records.ts';

/** The audit's operator calls (CONSOLE.md "Audit"): reading the records and checking their chain. */
export function registerAuditOpsRoutes(ops: OpsRegistrar, db: Db): void {
  const records: AuditRecords = new AuditRecords(db);
  ops.register(auditOpsCalls.list, async ({ body }) => records.list(body));
  ops.register(auditOpsCalls.verify, async () => records.verify());
}
