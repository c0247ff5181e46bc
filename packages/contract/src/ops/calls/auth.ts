import { z } from 'zod';
import { entityId, isoTime } from '../../calls/common.ts';
import { defineOpsCall, opsBody, type OpsCallDefinition } from '../define.ts';
import { PERMISSIONS } from '../permissions.ts';

/** The cookie a console session travels in (httpOnly: the console's scripts never read it). */
export const CONSOLE_SESSION_COOKIE = 'lobby_console';
/** The header every call of a console session repeats its CSRF token in. */
export const CSRF_HEADER = 'x-csrf-token';
export const STAFF_PASSWORD_MIN_LENGTH = 12;
export const RECOVERY_CODE_COUNT = 10;

export const staffLogin = z
  .string()
  .min(3)
  .max(64)
  .regex(/^[a-z0-9][a-z0-9._@-]{2,63}$/, 'lower-case letters, digits and . _ @ -, starting with a letter or digit')
  .describe('Login name');
export const staffPassword = z.string().min(1).max(256);
export const totpCode = z
  .string()
  .regex(/^\d{6}$/, 'six digits')
  .describe('The six-digit code the authenticator app shows now');
export const recoveryCode = z.string().min(10).max(24).describe('One of the recovery codes given at enrolment; spaces and dashes are ignored');
export const staffLinkToken = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/)
  .describe('The token after # in the one-time link');
export const permissionName = z.enum(PERMISSIONS);
export const roleName = z
  .string()
  .regex(/^[a-z][a-z0-9_-]{1,31}$/, 'lower-case letters, digits, - and _, starting with a letter')
  .describe('Role name');

export const staffMember = z.object({
  id: entityId,
  login: z.string(),
  status: z.enum(['invited', 'active', 'disabled']),
  roles: z.array(z.string()),
  twoFactorEnrolled: z.boolean(),
  createdAt: isoTime,
  lastLoginAt: isoTime.nullable(),
  disabledAt: isoTime.nullable(),
});

const signedIn = z.object({
  csrfToken: z.string().describe(`Send it in the ${CSRF_HEADER} header of every call of this session`),
  staff: staffMember,
  permissions: z.array(permissionName),
  idleMinutes: z.number().int(),
  expiresAt: isoTime.describe('The latest the session lasts, however active'),
});

export const authOpsCalls = {
  enrol: defineOpsCall({
    path: '/ops/v1/auth/enrol',
    access: 'public',
    audit: 'change',
    summary: 'Set the password with a one-time link and receive the two-factor secret to enrol (shown once)',
    request: opsBody({ token: staffLinkToken, password: staffPassword.describe('At least 12 characters, not a common password') }),
    response: z.object({
      login: z.string(),
      secret: z.string().describe('Base32 TOTP secret, for typing in by hand'),
      otpauthUri: z.string().describe('otpauth://totp/… for the QR code'),
    }),
  }),
  confirmEnrolment: defineOpsCall({
    path: '/ops/v1/auth/confirmEnrolment',
    access: 'public',
    audit: 'change',
    summary: 'Prove the authenticator works with its first code: activates the account and returns the recovery codes (shown once)',
    request: opsBody({ token: staffLinkToken, code: totpCode }),
    response: z.object({ login: z.string(), recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT) }),
  }),
  signIn: defineOpsCall({
    path: '/ops/v1/auth/signIn',
    access: 'public',
    audit: 'change',
    summary: 'Sign in with password and a two-factor code (or one recovery code): sets the session cookie',
    request: opsBody({ login: staffLogin, password: staffPassword, code: totpCode.optional(), recoveryCode: recoveryCode.optional() }).refine(
      (value) => (value.code === undefined) !== (value.recoveryCode === undefined),
      { message: 'send either code or recoveryCode', path: ['code'] },
    ),
    response: signedIn,
  }),
  me: defineOpsCall({
    path: '/ops/v1/auth/me',
    access: 'staff',
    audit: 'read',
    summary: 'Who is calling: the staff member (or key) and its permissions',
    request: opsBody({}),
    response: z.object({
      kind: z.enum(['staff', 'key']),
      name: z.string(),
      staff: staffMember.nullable(),
      permissions: z.array(permissionName),
      verifiedAt: isoTime.nullable().describe('When this session last gave a two-factor code'),
    }),
  }),
  stepUp: defineOpsCall({
    path: '/ops/v1/auth/stepUp',
    access: 'staff',
    audit: 'change',
    summary: 'Give a fresh two-factor code before an action that moves money or rights (valid five minutes)',
    request: opsBody({ code: totpCode }),
    response: z.object({ verifiedAt: isoTime }),
  }),
  signOut: defineOpsCall({
    path: '/ops/v1/auth/signOut',
    access: 'staff',
    audit: 'change',
    summary: 'End this session',
    request: opsBody({}),
    response: z.null(),
  }),
  signOutEverywhere: defineOpsCall({
    path: '/ops/v1/auth/signOutEverywhere',
    access: 'staff',
    audit: 'change',
    summary: "End every session of the caller's account, this one included",
    request: opsBody({}),
    response: z.object({ ended: z.number().int() }),
  }),
  changePassword: defineOpsCall({
    path: '/ops/v1/auth/changePassword',
    access: 'staff',
    audit: 'change',
    summary: "Change one's own password; the account's other sessions end",
    request: opsBody({ oldPassword: staffPassword, newPassword: staffPassword.describe('At least 12 characters, not a common password') }),
    response: z.null(),
  }),
} as const satisfies Record<string, OpsCallDefinition>;
