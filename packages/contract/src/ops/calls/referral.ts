import { z } from 'zod';
import { entityId, isoTime } from '../../calls/common.ts';
import { defineOpsCall, opsBody, type OpsCallDefinition } from '../define.ts';
import { perCurrencyAmount, playerIdField } from './common.ts';

/** A pair flagged as self-referral: the invitee, its inviter, what they share, and whether it was cleared. */
export const referralReview = z.object({
  playerId: entityId.describe('The invitee'),
  inviterId: entityId,
  matched: z.enum(['address', 'device']).describe('What the two accounts share'),
  status: z.enum(['held', 'cleared']),
  flaggedAt: isoTime,
  clearedAt: isoTime.nullable(),
  clearedBy: z.string().nullable(),
  note: z.string().nullable(),
});

/** Pairs flagged as self-referral (ECONOMY.md "Referral"): their commission is held until cleared. */
export const referralOpsCalls = {
  reviews: defineOpsCall({
    path: '/ops/v1/referral/reviews',
    access: 'risk.read',
    audit: 'read',
    summary: 'The invitee/inviter pairs flagged as self-referral, with the commission each holds',
    request: opsBody({
      status: z.enum(['held', 'cleared']).optional(),
      page: z.number().int().min(1).default(1),
      pageSize: z.number().int().min(1).max(200).default(50),
    }),
    response: z.object({
      list: z.array(
        referralReview.extend({ heldCommission: perCurrencyAmount.describe("The inviter's commission from this invitee held until the pair is cleared") }),
      ),
      total: z.number().int().min(0).describe('Pairs matching over all pages'),
    }),
  }),
  clear: defineOpsCall({
    path: '/ops/v1/referral/clear',
    access: 'risk.decide',
    audit: 'change',
    summary: 'Clears a flagged pair: its held commission becomes claimable by the inviter; clearing it again changes nothing',
    request: opsBody({
      playerId: playerIdField.describe('The invitee of the flagged pair'),
      note: z.string().trim().min(1).max(500).optional(),
    }),
    response: referralReview.extend({
      released: perCurrencyAmount.describe('Commission made claimable by the inviter now; zero when the pair was already cleared'),
      changed: z.boolean().describe('False when the pair was already cleared'),
    }),
  }),
} as const satisfies Record<string, OpsCallDefinition>;
