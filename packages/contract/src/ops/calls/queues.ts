import { z } from 'zod';
import { defineOpsCall, opsBody, type OpsCallDefinition } from '../define.ts';

const count = z.number().int().min(0);

export const queuesOpsCalls = {
  counts: defineOpsCall({
    path: '/ops/v1/queues/counts',
    access: 'staff',
    audit: 'read',
    summary: "The open queues the caller works, for the console's menu; each count is there only when the caller's permissions reach that queue",
    request: opsBody({}),
    response: z.object({
      unansweredChats: count.optional().describe('support.chat: open conversations whose last message is the player’s'),
      withdrawalsToReview: count.optional().describe('finance.withdrawals.review'),
      heldWins: count.optional().describe('finance.held-wins'),
      flaggedReferrals: count.optional().describe('risk.read: invitations held for self-referral review'),
      exclusionLinksToReview: count.optional().describe('risk.read: accounts linked to a self-excluded player, awaiting review'),
      approvalsToDecide: count.optional().describe('Four-eyes requests pending that the caller may decide (not their own)'),
    }),
  }),
} as const satisfies Record<string, OpsCallDefinition>;
