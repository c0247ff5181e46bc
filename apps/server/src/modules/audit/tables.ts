import type { Generated } from 'kysely';

export type AuditActorKind = 'staff' | 'key' | 'anonymous' | 'cli';

/** int8 columns arrive as bigint (see db/database.ts). */
export type AuditRecordsTable = {
  id: bigint;
  at: Date;
  actor_kind: AuditActorKind;
  actor_id: bigint | null;
  actor_name: string | null;
  action: string;
  target: string | null;
  kind: 'read' | 'pii' | 'change';
  code: number;
  before: unknown;
  after: unknown;
  reason: string | null;
  ip: string | null;
  user_agent: string | null;
  prev_hash: string;
  hash: string;
};

export type ApprovalRequestsTable = {
  id: Generated<bigint>;
  kind: string;
  payload: unknown;
  reason: string;
  requested_by_kind: 'staff' | 'key';
  requested_by_id: bigint;
  requested_by_name: string;
  requested_at: Generated<Date>;
  status: Generated<'pending' | 'approved' | 'rejected' | 'withdrawn' | 'failed'>;
  decided_by_kind: 'staff' | 'key' | null;
  decided_by_id: bigint | null;
  decided_by_name: string | null;
  decided_at: Date | null;
  decision_reason: string | null;
  result: unknown;
};

export type AuditTables = {
  audit_records: AuditRecordsTable;
  approval_requests: ApprovalRequestsTable;
};
