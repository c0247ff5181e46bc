import { z } from 'zod';
import { ADDRESS_WAIT_MAX_HOURS, loginRecord, twoFactorState } from '../../calls/security.ts';
import { defineOpsCall, type OpsCallDefinition, opsBody } from '../define.ts';
import { playerIdField, reasonField } from './common.ts';

const playerSecurity = z.object({
  playerId: z.number().int(),
  twoFactor: twoFactorState,
  logins: z.array(loginRecord.omit({ current: true })).describe('The last 50 sign-ins, newest first'),
});

/** PROTECTION.md "Account security" from the operator's side: a player's two-factor and sign-ins, and the address wait. */
export const accountSecurityOpsCalls = {
  playerSecurity: defineOpsCall({
    path: '/ops/v1/players/security',
    access: 'players.security',
    audit: 'pii',
    summary: "A player's two-factor state and last 50 sign-ins (device, address, country, time)",
    request: opsBody({ playerId: playerIdField }),
    response: playerSecurity,
  }),
  resetTwoFactor: defineOpsCall({
    path: '/ops/v1/players/resetTwoFactor',
    access: 'players.security',
    audit: 'change',
    stepUp: true,
    summary: "Turns a player's two-factor off after support checked who they are: secret, recovery codes and known devices are forgotten",
    request: opsBody({ playerId: playerIdField, reason: reasonField }),
    response: playerSecurity,
  }),
  settings: defineOpsCall({
    path: '/ops/v1/security/settings',
    access: 'site.config',
    audit: 'read',
    summary: 'Account security settings: the hours a new withdrawal address waits',
    request: opsBody({}),
    response: z.object({ addressWaitHours: z.number().int() }),
  }),
  setAddressWait: defineOpsCall({
    path: '/ops/v1/security/setAddressWait',
    access: 'site.config',
    audit: 'change',
    summary: 'Sets the hours a new withdrawal address waits before withdrawals may use it (0 to 720); it applies at once, to addresses already waiting too',
    request: opsBody({ hours: z.number().int().min(0).max(ADDRESS_WAIT_MAX_HOURS) }),
    response: z.object({ addressWaitHours: z.number().int() }),
  }),
} as const satisfies Record<string, OpsCallDefinition>;
