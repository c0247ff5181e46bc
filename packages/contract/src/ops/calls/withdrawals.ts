import { z } from 'zod';
import { currency, isoTime } from '../../calls/common.ts';
import { moneyString } from '../../money.ts';
import { defineOpsCall, opsBody, type OpsCallDefinition } from '../define.ts';
import { approvalRequestView } from './approvals.ts';
import { reasonField } from './common.ts';
import { PAYMENT_STATUSES } from './finance.ts';

/** A withdrawal as operators follow it, from the request to the chain. */
export const opsWithdrawal = z.object({
  id: z.number().int(),
  playerId: z.number().int(),
  currency,
  amount: moneyString,
  fee: moneyString,
  toAddress: z.string(),
  status: z.enum(PAYMENT_STATUSES.withdrawal),
  txId: z.string().nullable().describe('The chain transaction, once signed'),
  attempts: z.number().int().min(0).describe('Broadcasts tried'),
  lastError: z.string().nullable(),
  createdAt: isoTime,
  completedAt: isoTime.nullable(),
});

/** Withdrawals from the operator's side: those not finished yet, and the review of large ones. */
export const withdrawalsOpsCalls = {
  open: defineOpsCall({
    path: '/ops/v1/withdrawals/open',
    access: 'finance.read',
    audit: 'pii',
    summary: 'Withdrawals not finished yet (waiting for review, queued, sending), oldest first',
    request: opsBody({}),
    response: z.array(opsWithdrawal).describe('Oldest first'),
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
    response: z.object({
      withdrawal: opsWithdrawal,
      approvalRequest: approvalRequestView.nullable().describe('Null when decided now, else the pending withdrawal.approve request'),
    }),
  }),
} as const satisfies Record<string, OpsCallDefinition>;
