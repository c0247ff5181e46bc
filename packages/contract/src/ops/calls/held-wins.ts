import { z } from 'zod';
import { currency, isoTime } from '../../calls/common.ts';
import { moneyString } from '../../money.ts';
import { defineOpsCall, opsBody, type OpsCallDefinition } from '../define.ts';
import { approvalRequestView } from './approvals.ts';
import { playerIdField, reasonField } from './common.ts';

export const HELD_WIN_STATUSES = ['held', 'released', 'rejected'] as const;

const decision = opsBody({ id: z.number().int().positive().describe("The held win's id"), reason: reasonField });

/** An aggregator win held as implausible, and what was decided about it. */
export const heldWin = z.object({
  id: z.number().int(),
  aggregator: z.string(),
  transactionUuid: z.string().describe("The aggregator's id of the win"),
  playerId: z.number().int(),
  round: z.string(),
  gameCode: z.string(),
  currency,
  amount: moneyString,
  stakes: moneyString.describe("The round's stakes when the win arrived"),
  reason: z.enum(['multiple', 'cap']).describe('multiple: more than the allowed multiple of the stakes; cap: more than the absolute cap'),
  status: z.enum(HELD_WIN_STATUSES),
  decidedBy: z.string().nullable(),
  decisionReason: z.string().nullable(),
  decidedAt: isoTime.nullable(),
  createdAt: isoTime,
});

const decided = z
  .object({ heldWin, decidedNow: z.boolean().describe('False when it had been decided before') })
  .describe('Taken once; repeating it answers the same, the opposite afterwards is refused');
const releaseRequested = z.object({
  heldWin,
  decidedNow: z.literal(false).describe('A release is decided by a second person'),
  approvalRequest: approvalRequestView
    .nullable()
    .describe('The pending heldWin.release request (repeating the call answers the same one); null once the win was released'),
});

/** Aggregator wins held as implausible (PROVIDERS.md): they wait for an operator's decision. */
export const heldWinsOpsCalls = {
  list: defineOpsCall({
    path: '/ops/v1/heldWins/list',
    access: 'finance.held-wins',
    audit: 'read',
    summary: 'Held aggregator wins by status, oldest first',
    request: opsBody({
      status: z.enum(HELD_WIN_STATUSES).default('held'),
      playerId: playerIdField.max(2_147_483_647).optional(),
      limit: z.number().int().min(1).max(500).default(100),
    }),
    response: z.object({ list: z.array(heldWin).describe('Oldest first') }),
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
