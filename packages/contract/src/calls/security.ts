import { z } from 'zod';
import { isoTime } from './common.ts';
import { body, defineCall, emptyBody } from './define.ts';

/** PROTECTION.md "Account security": ten single-use recovery codes stand in for a lost authenticator. */
export const PLAYER_RECOVERY_CODE_COUNT = 10;
/** Sign-ins the login history keeps (PROTECTION.md: the last 50). */
export const LOGIN_HISTORY_SIZE = 50;
/** The hours a new withdrawal address waits before it may be used, unless an operator changed it. */
export const ADDRESS_WAIT_DEFAULT_HOURS = 24;
/** The longest wait an operator may set: 30 days. */
export const ADDRESS_WAIT_MAX_HOURS = 720;

/**
 * A second factor given with a guarded call: the six digits the authenticator app shows now, or one
 * of the recovery codes. Required (10065) while two-factor is on; wrong or used already: 10057.
 */
export const twoFactorCode = z
  .string()
  .trim()
  .min(6)
  .max(32)
  .regex(/^[0-9A-Za-z -]+$/, 'digits, or a recovery code')
  .describe('Two-factor: the authenticator code or a recovery code (10065 when two-factor is on and it is missing, 10057 when wrong)');

export const twoFactorState = z.object({
  enabled: z.boolean(),
  enabledAt: isoTime.nullable(),
  recoveryCodesLeft: z.number().int().min(0).max(PLAYER_RECOVERY_CODE_COUNT),
});

export const securityState = z.object({
  twoFactor: twoFactorState,
  addressWaitHours: z.number().int().min(0).describe('Hours a newly added withdrawal address waits before a withdrawal may use it'),
});

export const loginRecord = z.object({
  id: z.number().int(),
  device: z.string().describe('Browser and system as the user agent names them, e.g. "Chrome on Android"'),
  ip: z.string().describe('The address the sign-in came from'),
  country: z.string().nullable().describe('ISO 3166 country of the address; null when unknown'),
  at: isoTime,
  current: z.boolean().describe('This is the session making the call'),
  active: z.boolean().describe('The session has not ended'),
});

const recoveryCodes = z.object({ recoveryCodes: z.array(z.string()).length(PLAYER_RECOVERY_CODE_COUNT).describe('Shown once: only their hashes are kept') });

/** PROTECTION.md "Account security": two-factor, login history, ending other sessions. */
export const securityCalls = {
  securityGet: defineCall({
    path: '/v1/player/security/get',
    auth: 'player',
    summary: 'Whether two-factor is on, how many recovery codes are left, and how long a new withdrawal address waits',
    request: emptyBody,
    response: securityState,
  }),
  twoFactorSetup: defineCall({
    path: '/v1/player/security/two_factor_setup',
    auth: 'player',
    summary: 'Starts enrolment: a new secret and its otpauth URI for the authenticator app (replaces an unconfirmed one)',
    request: emptyBody,
    response: z.object({ secret: z.string().describe('Base32, for typing in by hand'), otpauthUri: z.string() }),
  }),
  twoFactorEnable: defineCall({
    path: '/v1/player/security/two_factor_enable',
    auth: 'player',
    summary: 'Confirms enrolment with a first code: two-factor is on, this device is known, and the recovery codes are shown once',
    request: body({
      code: z
        .string()
        .trim()
        .regex(/^\d{6}$/, 'six digits'),
    }),
    response: recoveryCodes,
  }),
  twoFactorRecoveryCodes: defineCall({
    path: '/v1/player/security/recovery_codes',
    auth: 'player',
    summary: 'Replaces the recovery codes with ten new ones (needs a code); the old ones stop working',
    request: body({ twoFactorCode }),
    response: recoveryCodes,
  }),
  twoFactorDisable: defineCall({
    path: '/v1/player/security/two_factor_disable',
    auth: 'player',
    summary: 'Turns two-factor off (needs a code); the recovery codes and known devices are forgotten',
    request: body({ twoFactorCode }),
    response: securityState,
  }),
  loginHistory: defineCall({
    path: '/v1/player/security/login_history',
    auth: 'player',
    summary: 'The last 50 sign-ins: device, address, country and time, newest first',
    request: emptyBody,
    response: z.array(loginRecord),
  }),
  endOtherSessions: defineCall({
    path: '/v1/player/security/end_other_sessions',
    auth: 'player',
    summary: 'Ends every session of the player but this one, on every instance',
    request: emptyBody,
    response: z.object({ ended: z.number().int().min(0) }),
  }),
} as const;
