import { z } from 'zod';
import { defineOpsCall, opsBody, type OpsCallDefinition } from '../define.ts';
import { opsData, playerIdField, reasonField } from './common.ts';

const decision = opsBody({ id: z.number().int().positive().describe("The held win's id"), reason: reasonField });
const decided = opsData('{ heldWin, decidedNow }: taken once; repeating it answers the same, the opposite afterwards is refused');
const releaseRequested = opsData(
  '{ heldWin, decidedNow, approvalRequest }: approvalRequest is the pending heldWin.release request (repeating the call answers the same one), null once the win was released',
);

/** Aggregator wins held as implausible (PROVIDERS.md): they wait for an operator's decision. */
export const heldWinsOpsCalls = {
  list: defineOpsCall({
    path: '/ops/v1/heldWins/list',
    access: 'finance.held-wins',
    audit: 'read',
    summary: 'Held aggregator wins by status, oldest first',
    request: opsBody({
      status: z.enum(['held', 'released', 'rejected']).default('held'),
      playerId: playerIdField.max(2_147_483_647).optional(),
      limit: z.number().int().min(1).max(500).default(100),
    }),
    response: opsData('{ list: [{ id, aggregator, transactionUuid, playerId, round, gameCode, currency, amount, stakes, reason, status, decidedBy, decisionReason, decidedAt, createdAt }] }'),
  }),
  release: defineOpsCall({
    path: '/ops/v1/heldWins/release',
    access: 'finance.held-wins',
    audit: 'change',
    stepUp: true,
    summary: 'Asks a second person to release a held win to its player (/ops/v1/approvals/decide, kind heldWin.release)',
    request: decision,
    response: releaseRequested,
  }),
  reject: defineOpsCall({
    path: '/ops/v1/heldWins/reject',
    access: 'finance.held-wins',
    audit: 'change',
    stepUp: true,
    summary: "Rejects a held win: it goes back to the aggregator's settlement",
    request: decision,
    response: decided,
  }),
} as const satisfies Record<string, OpsCallDefinition>;
