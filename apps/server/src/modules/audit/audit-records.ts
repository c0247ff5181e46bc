import { auditOpsCalls, type OpsCallParsedRequest, type OpsCallResponse } from '@lobby/contract';
import type { Db } from '../../db/database.ts';
import { verifyAuditChain, type AuditChainVerdict } from './audit-chain.ts';
import type { AuditRecordsTable, AuditTables } from './tables.ts';

type AuditListRequest = OpsCallParsedRequest<typeof auditOpsCalls.list>;
type AuditRecordView = OpsCallResponse<typeof auditOpsCalls.list>['list'][number];

/** Reading the audit as the console does: records by filter, and the chain's verdict. */
export class AuditRecords {
  constructor(private readonly db: Db) {}

  /** Records newest first, matching every filter given, `limit` of them below `beforeId`. */
  async list(filter: AuditListRequest): Promise<{ list: AuditRecordView[]; nextBeforeId: number | null }> {
    let query = this.db.withTables<AuditTables>().selectFrom('audit_records').selectAll();
    if (filter.actor !== undefined) query = query.where('actor_name', '=', filter.actor);
    if (filter.action !== undefined) query = query.where('action', 'like', `${escapeLike(filter.action)}%`);
    if (filter.target !== undefined) query = query.where('target', '=', filter.target);
    if (filter.from !== undefined) query = query.where('at', '>=', new Date(filter.from));
    if (filter.to !== undefined) query = query.where('at', '<', new Date(filter.to));
    if (filter.beforeId !== undefined) query = query.where('id', '<', BigInt(filter.beforeId));
    // One more than asked tells whether another page follows.
    const rows = await query
      .orderBy('id', 'desc')
      .limit(filter.limit + 1)
      .execute();
    const page = rows.slice(0, filter.limit);
    return { list: page.map(auditRecordView), nextBeforeId: rows.length > filter.limit ? Number(page.at(-1)!.id) : null };
  }

  verify(): Promise<AuditChainVerdict> {
    return verifyAuditChain(this.db);
  }
}

function auditRecordView(record: AuditRecordsTable): AuditRecordView {
  return {
    id: Number(record.id),
    at: record.at.toISOString(),
    actorKind: record.actor_kind,
    actorId: record.actor_id === null ? null : Number(record.actor_id),
    actorName: record.actor_name,
    action: record.action,
    target: record.target,
    kind: record.kind,
    code: record.code,
    before: record.before,
    after: record.after,
    reason: record.reason,
    ip: record.ip,
    userAgent: record.user_agent,
    prevHash: record.prev_hash,
    hash: record.hash,
  };
}

/** A `like` pattern matching `text` literally: its own % and _ are not wildcards. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
