import { z } from 'zod';
import { protectionState, REALITY_CHECK_MINUTES } from '../../calls/protection.ts';
import { defineOpsCall, opsBody } from '../define.ts';
import { limitField, playerIdField, reasonField } from './common.ts';

/** The operator's choices of PROTECTION.md, within the bounds it states. */
export const protectionSettingsSchema = z.strictObject({
  periodZone: z.string().trim().min(1).max(64).describe('IANA zone whose days, Monday weeks and months limits run in'),
  realityCheckDefaultMinutes: z.literal(REALITY_CHECK_MINUTES).describe('The interval of players who chose none'),
  coolingOffHours: z.number().int().min(24).max(168).describe('Hours a raised or removed limit waits (at least 24)'),
  returnCoolingOffDays: z.number().int().min(7).max(90).describe('Days between asking to return from self-exclusion and its end (at least 7)'),
  fallbackTrxPerUsdt: z
    .string()
    .regex(/^\d{1,6}(\.\d{1,6})?$/, 'a decimal number of TRX per USDT')
    .refine((value) => Number(value) > 0, 'above zero')
    .describe('TRX per USDT that limits count TRX at while neither the exchange nor the VIP settings name a rate (lower counts TRX dearer)'),
});

const historyEntry = z.object({ id: z.number().int(), action: z.string(), detail: z.record(z.string(), z.unknown()), actor: z.string(), at: z.string() });

export const protectionLink = z.object({
  id: z.number().int(),
  playerId: z.number().int(),
  excludedPlayerId: z.number().int(),
  link: z.enum(['address', 'device', 'wallet']),
  detail: z.string(),
  createdAt: z.string(),
  decision: z.enum(['cleared', 'confirmed']).nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
});

const playerProtection = z.object({
  playerId: z.number().int(),
  state: protectionState,
  paused: z.boolean().describe('A time-out or self-exclusion is in force now'),
  history: z.array(historyEntry),
  links: z.array(protectionLink).describe('Accounts linked to this one while one of them was self-excluded'),
});

/** Player protection from the operator's side: a player's state and history, linked accounts to review, settings. */
export const protectionOpsCalls = {
  player: defineOpsCall({
    path: '/ops/v1/protection/player',
    access: 'players.read',
    audit: 'read',
    summary: "A player's limits, reality-check interval, time-out or self-exclusion, held deposits, every choice and refusal, linked accounts",
    request: opsBody({ playerId: playerIdField }),
    response: playerProtection,
  }),
  links: defineOpsCall({
    path: '/ops/v1/protection/links',
    access: 'risk.read',
    audit: 'read',
    summary: 'Accounts linked by address, device or wallet to a self-excluded player, awaiting review first',
    request: opsBody({ open: z.boolean().default(true), limit: limitField(500, 100) }),
    response: z.object({ items: z.array(protectionLink) }),
  }),
  decideLink: defineOpsCall({
    path: '/ops/v1/protection/decideLink',
    access: 'risk.decide',
    audit: 'change',
    summary: 'Closes a linked-account flag: cleared (different people) or confirmed (the same person; freeze them with players/freeze)',
    request: opsBody({ id: z.number().int().positive(), decision: z.enum(['cleared', 'confirmed']), reason: reasonField }),
    response: protectionLink,
  }),
  settings: defineOpsCall({
    path: '/ops/v1/protection/settings',
    access: 'players.read',
    audit: 'read',
    summary: 'The protection settings in force',
    request: opsBody({}),
    response: z.object({ settings: protectionSettingsSchema }),
  }),
  setSettings: defineOpsCall({
    path: '/ops/v1/protection/setSettings',
    access: 'site.config',
    audit: 'change',
    summary: 'Changes the protection settings named; applies at once on every instance',
    request: opsBody({ settings: protectionSettingsSchema.partial().refine((s) => Object.keys(s).length > 0, 'name at least one setting') }),
    response: z.object({ settings: protectionSettingsSchema }),
  }),
} as const;
