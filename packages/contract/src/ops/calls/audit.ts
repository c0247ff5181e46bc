import { z } from 'zod';
import { entityId, isoTime, isoTimeInput } from '../../calls/common.ts';
import { defineOpsCall, opsBody, type OpsCallDefinition } from '../define.ts';

export const AUDIT_PAGE_MAX = 200;

export const auditRecordView = z.object({
  id: z.number().int(),
  at: isoTime,
  actorKind: z.enum(['staff', 'key', 'anonymous', 'cli']).describe('A staff member, an API key, nobody signed in (a refused call), or a command-line action'),
  actorId: z.number().int().nullable().describe('staff_members.id or staff_api_keys.id'),
  actorName: z.string().nullable().describe('Login name, key name, or the operating-system user of a command'),
  action: z.string().describe('The call path, or the command'),
  target: z.string().nullable().describe('What was acted on, e.g. player:100012'),
  kind: z.enum(['read', 'pii', 'change']),
  code: z.number().int().describe('0 on success, else the catalogue code the caller was answered'),
  before: z.unknown().describe('The state before a change'),
  after: z.unknown().describe('The state after a change, or what was sent (secrets masked)'),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  prevHash: z.string().describe('sha256 of the record before, hex; 64 zeros for the first'),
  hash: z.string().describe('sha256 of this record with prevHash, hex'),
});

export const auditOpsCalls = {
  list: defineOpsCall({
    path: '/ops/v1/audit/list',
    access: 'audit.read',
    audit: 'read',
    summary: 'Audit records, newest first, filtered by actor, action prefix, target and time; paged by id',
    request: opsBody({
      actor: z.string().trim().min(1).max(64).optional().describe('Login name or key name, exactly'),
      action: z.string().trim().min(1).max(200).optional().describe('Prefix of the call path, e.g. /ops/v1/players/'),
      target: z.string().trim().min(1).max(200).optional().describe('Exactly, e.g. player:100012'),
      from: isoTimeInput.optional().describe('Records at or after'),
      to: isoTimeInput.optional().describe('Records before'),
      beforeId: entityId.optional().describe('Records with a smaller id: the nextBeforeId of the previous page'),
      limit: z.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
    }),
    response: z.object({
      list: z.array(auditRecordView),
      nextBeforeId: z.number().int().nullable().describe('Pass as beforeId for the next page; null on the last'),
    }),
  }),
  verify: defineOpsCall({
    path: '/ops/v1/audit/verify',
    access: 'audit.read',
    audit: 'read',
    summary: 'Walks the hash chain from the first record and points at the first broken link',
    request: opsBody({}),
    response: z.discriminatedUnion('ok', [
      z.object({ ok: z.literal(true), count: z.number().int().describe('Records checked') }),
      z.object({
        ok: z.literal(false),
        brokenAt: z.number().int().describe('Id of the first record that does not verify'),
        reason: z.string(),
        count: z.number().int().describe('Intact records before it'),
      }),
    ]),
  }),
} as const satisfies Record<string, OpsCallDefinition>;
