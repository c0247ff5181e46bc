import { z } from 'zod';
import { currency, entityId, isoTime, pageFields, paged } from '../../calls/common.ts';
import { positiveMoneyAmount } from '../../money.ts';
import { defineOpsCall, opsBody, type OpsCallDefinition } from '../define.ts';

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn', 'failed'] as const;

export const approvalReason = z.string().trim().min(3).max(500).describe('Why, for the other person and the audit');

const approvalActor = z.object({
  kind: z.enum(['staff', 'key']),
  id: z.number().int(),
  name: z.string(),
});

export const approvalRequestView = z.object({
  id: z.number().int(),
  kind: z.string().describe('What is asked for, e.g. balance.adjust'),
  payload: z.unknown().describe("The action's details, as its kind defines them"),
  reason: z.string(),
  requestedBy: approvalActor,
  requestedAt: isoTime,
  status: z.enum(APPROVAL_STATUSES).describe('failed: approved, but the action itself was refused (e.g. the balance no longer covers a debit)'),
  decidedBy: approvalActor.nullable().describe('Who approved or rejected; the requester when withdrawn'),
  decidedAt: isoTime.nullable(),
  decisionReason: z.string().nullable(),
  result: z.unknown().describe('What the action did when approved, or why it failed'),
});

/**
 * Four eyes (CONSOLE.md "Roles and permissions"): one person asks for an action, another decides it;
 * nobody decides their own request (10058), and a request is decided once (10059).
 */
export const approvalsOpsCalls = {
  list: defineOpsCall({
    path: '/ops/v1/approvals/list',
    // Every staff member may hold a request (adjustments, grants of rights); what each sees is what
    // they made and what their permissions let them decide.
    access: 'staff',
    audit: 'read',
    summary: 'Requests the caller may decide or made, pending first (oldest first), then the rest newest first',
    request: opsBody({
      status: z.enum(APPROVAL_STATUSES).optional(),
      kind: z.string().trim().min(1).max(64).optional(),
      ...pageFields,
    }),
    response: paged(approvalRequestView),
  }),
  requestAdjustment: defineOpsCall({
    path: '/ops/v1/approvals/requestAdjustment',
    access: 'finance.adjust.request',
    audit: 'change',
    stepUp: true,
    summary: "Asks for a credit or debit of a player's cash; another person with finance.adjust.approve decides",
    request: opsBody({
      playerId: entityId,
      currency,
      direction: z.enum(['credit', 'debit']),
      amount: positiveMoneyAmount,
      reason: approvalReason,
    }),
    response: approvalRequestView,
  }),
  decide: defineOpsCall({
    path: '/ops/v1/approvals/decide',
    // Each kind names the permission its decider needs (balance.adjust: finance.adjust.approve,
    // staff.roles: staff.manage, staff.key: staff.keys, ...); the server checks it per request.
    access: 'staff',
    audit: 'change',
    stepUp: true,
    summary: "Approves (the action runs at once) or rejects someone else's pending request; the caller must hold the permission the request's kind names",
    request: opsBody({ id: entityId, approve: z.boolean(), reason: approvalReason }),
    response: approvalRequestView,
  }),
  withdraw: defineOpsCall({
    path: '/ops/v1/approvals/withdraw',
    access: 'staff',
    audit: 'change',
    summary: 'The requester takes back a request still pending',
    request: opsBody({ id: entityId, reason: approvalReason.optional() }),
    response: approvalRequestView,
  }),
} as const satisfies Record<string, OpsCallDefinition>;
