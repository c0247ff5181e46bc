import { z } from 'zod';
import { moneyString, positiveMoneyAmount } from '../../money.ts';
import { defineOpsCall, opsBody, type OpsCallDefinition } from '../define.ts';
import { playerIdField, reasonField } from './common.ts';

const note = z.string().trim().max(200).optional().describe('Kept with the grant or the codes');

/** The operator's levers on experience and special-invite accounts (ECONOMY.md "Experience gold and special invitation"). */
export const playerMarksOpsCalls = {
  grantExperienceGold: defineOpsCall({
    path: '/ops/v1/playerMarks/grantExperienceGold',
    access: 'players.marks',
    audit: 'change',
    stepUp: true,
    summary:
      'Grants experience gold (bonus money that never becomes cash), at most the configured amount per grant; a repeated requestId answers the first grant',
    request: opsBody({
      requestId: z.string().regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'letters, digits, _ . : - (at most 100)'),
      playerId: playerIdField.max(2_147_483_647),
      amount: positiveMoneyAmount.describe('USDT, e.g. "10"'),
      note,
    }),
    response: z.object({
      requestId: z.string(),
      playerId: z.number().int(),
      amount: moneyString.describe('USDT granted'),
      replayed: z.boolean().describe('The requestId was granted before: that grant is answered and nothing moved'),
    }),
  }),
  issueInviteCodes: defineOpsCall({
    path: '/ops/v1/playerMarks/issueInviteCodes',
    access: 'players.marks',
    audit: 'change',
    summary: 'Issues special invite codes: an account registered with one plays by the default auto-bet rules',
    request: opsBody({
      count: z.number().int().min(1).max(100).default(1),
      maxUses: z.number().int().min(1).max(100_000).default(1),
      note,
    }),
    response: z.object({ codes: z.array(z.string()), maxUses: z.number().int().describe('Registrations each code is good for') }),
  }),
  setUserType: defineOpsCall({
    path: '/ops/v1/playerMarks/setUserType',
    access: 'players.marks',
    audit: 'change',
    summary:
      "Sets a player's user type: 0 normal, 1 business (SPEC's merchants: a transfer has a merchant on exactly one side); setting the type they have changes nothing",
    request: opsBody({
      playerId: playerIdField.max(2_147_483_647),
      userType: z.union([z.literal(0), z.literal(1)]).describe('0 normal, 1 business'),
      reason: reasonField,
    }),
    response: z.object({ playerId: z.number().int(), userType: z.number().int(), changed: z.boolean() }),
  }),
} as const satisfies Record<string, OpsCallDefinition>;
