import { z } from 'zod';
import { defineOpsCall, opsBody, type OpsCallDefinition } from '../define.ts';
import { opsData, reasonField } from './common.ts';

const withdrawal = '{ id, playerId, currency, amount, fee, toAddress, status, txId, attempts, lastError, createdAt, completedAt }';

/** Withdrawals from the operator's side: those not finished yet, and the review of large ones. */
export const withdrawalsOpsCalls = {
  open: defineOpsCall({
    path: '/ops/v1/withdrawals/open',
    access: 'finance.read',
    audit: 'pii',
    summary: 'Withdrawals not finished yet (waiting for review, queued, sending), oldest first',
    request: opsBody({}),
    response: z.array(opsData(withdrawal)).describe(`[${withdrawal}]`),
  }),
  review: defineOpsCall({
    path: '/ops/v1/withdrawals/review',
    access: 'finance.withdrawals.review',
    audit: 'change',
    stepUp: true,
    summary:
      'Approves a withdrawal waiting for review (it is sent) or rejects it (the amount returns to the player); approving one of WITHDRAWAL_FOUR_EYES_USDT/_TRX or more asks a second person (/ops/v1/approvals/decide, kind withdrawal.approve), and repeating it answers the same request',
    request: opsBody({
      id: z.union([z.number().int().positive(), z.string().regex(/^[1-9]\d{0,18}$/)]).transform((v) => BigInt(v)),
      approve: z.boolean(),
      reason: reasonField,
    }),
    response: opsData(`{ withdrawal: ${withdrawal}, approvalRequest }: approvalRequest is null when decided now, else the pending request`),
  }),
} as const satisfies Record<string, OpsCallDefinition>;
