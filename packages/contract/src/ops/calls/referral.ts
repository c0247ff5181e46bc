import { z } from 'zod';
import { defineOpsCall, opsBody, type OpsCallDefinition } from '../define.ts';
import { opsData, playerIdField } from './common.ts';

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
    response: opsData('{ list: [{ playerId, inviterId, matched, status, flaggedAt, clearedAt, clearedBy, note, heldCommission }], total }'),
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
    response: opsData('{ playerId, inviterId, status, clearedBy, released: { usdt, trx }, changed }'),
  }),
} as const satisfies Record<string, OpsCallDefinition>;
