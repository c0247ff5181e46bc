import { z } from 'zod';
import { entityId, isoTime } from '../../calls/common.ts';
import { defineOpsCall, opsBody, type OpsCallDefinition } from '../define.ts';
import { approvalReason, approvalRequestView } from './approvals.ts';
import { permissionName, roleName, staffLogin, staffMember } from './auth.ts';

export const API_KEY_DAYS_MAX = 366;

const oneTimeLink = z.object({
  staff: staffMember,
  link: z.string().describe('Give it to the person by hand: it sets the password and enrols two-factor, once'),
  expiresAt: isoTime,
});

export const staffRole = z.object({
  name: z.string(),
  permissions: z.array(permissionName),
  shipped: z.boolean(),
  updatedAt: isoTime,
});

export const apiKeyInfo = z.object({
  id: entityId,
  approvedAt: isoTime.nullable().describe('null while the key waits for a second person; it works only once approved'),
  name: z.string(),
  permissions: z.array(permissionName),
  createdBy: entityId.nullable(),
  createdAt: isoTime,
  expiresAt: isoTime,
  revokedAt: isoTime.nullable(),
  lastUsedAt: isoTime.nullable(),
});

const staffTarget = opsBody({ staffId: entityId });

const grantRequest = approvalRequestView
  .nullable()
  .describe(
    'The four-eyes request someone else with the same rights decides (approvals/decide); null when the change only took rights away and applied at once',
  );

export const staffOpsCalls = {
  list: defineOpsCall({
    path: '/ops/v1/staff/list',
    access: 'staff.manage',
    audit: 'read',
    summary: 'Every staff account with its status and roles',
    request: opsBody({}),
    response: z.object({ members: z.array(staffMember) }),
  }),
  invite: defineOpsCall({
    path: '/ops/v1/staff/invite',
    access: 'staff.manage',
    audit: 'change',
    stepUp: true,
    summary:
      'Create a staff account and a one-time link to enrol (24 hours); the roles asked for (only permissions the caller holds) are granted when a second person approves',
    request: opsBody({ login: staffLogin, roles: z.array(roleName).min(1).max(16), reason: approvalReason.optional() }),
    response: oneTimeLink.extend({ request: approvalRequestView }),
  }),
  setMemberRoles: defineOpsCall({
    path: '/ops/v1/staff/setMemberRoles',
    access: 'staff.manage',
    audit: 'change',
    stepUp: true,
    summary: "Replace a staff member's roles (only permissions the caller holds): taking rights away applies at once, adding any waits for a second person",
    request: opsBody({ staffId: entityId, roles: z.array(roleName).max(16), reason: approvalReason.optional() }),
    response: z.object({ staff: staffMember, request: grantRequest }),
  }),
  disable: defineOpsCall({
    path: '/ops/v1/staff/disable',
    access: 'staff.manage',
    audit: 'change',
    summary: 'Disable a staff account: its sessions end at once and it cannot sign in',
    request: staffTarget,
    response: staffMember,
  }),
  enable: defineOpsCall({
    path: '/ops/v1/staff/enable',
    access: 'staff.manage',
    audit: 'change',
    summary: 'Enable a disabled staff account again',
    request: staffTarget,
    response: staffMember,
  }),
  resetTwoFactor: defineOpsCall({
    path: '/ops/v1/staff/resetTwoFactor',
    access: 'staff.manage',
    audit: 'change',
    stepUp: true,
    summary: "Forget a staff member's two-factor enrolment and password: their sessions end, and a one-time link lets them enrol again",
    request: staffTarget,
    response: oneTimeLink,
  }),
  roles: defineOpsCall({
    path: '/ops/v1/staff/roles',
    access: 'staff.manage',
    audit: 'read',
    summary: 'The roles and their permissions',
    request: opsBody({}),
    response: z.object({ roles: z.array(staffRole), permissions: z.array(permissionName).describe('Every permission there is') }),
  }),
  setRole: defineOpsCall({
    path: '/ops/v1/staff/setRole',
    access: 'staff.manage',
    audit: 'change',
    stepUp: true,
    summary:
      'Create a role or replace its permissions (only permissions the caller holds; the owner role always holds all): taking permissions away applies at once, a new role or an added permission waits for a second person',
    request: opsBody({ name: roleName, permissions: z.array(permissionName).max(64), reason: approvalReason.optional() }),
    response: z.object({ role: staffRole.nullable().describe('The role as it now is; null for a new role not yet approved'), request: grantRequest }),
  }),
  keys: defineOpsCall({
    path: '/ops/v1/staff/keys',
    access: 'staff.keys',
    audit: 'read',
    summary: 'The API keys (never the keys themselves)',
    request: opsBody({}),
    response: z.object({ keys: z.array(apiKeyInfo) }),
  }),
  createKey: defineOpsCall({
    path: '/ops/v1/staff/createKey',
    access: 'staff.keys',
    audit: 'change',
    stepUp: true,
    summary: "Create an API key with some of the caller's permissions and an expiry: the key is shown once, and works once a second person approves it",
    request: opsBody({
      name: z
        .string()
        .min(3)
        .max(64)
        .regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]*$/, 'letters, digits, space and . _ -'),
      permissions: z.array(permissionName).min(1).max(64),
      days: z.number().int().min(1).max(API_KEY_DAYS_MAX),
      reason: approvalReason.optional(),
    }),
    response: z.object({
      key: z.string().describe('Send it in the x-api-key header; it is never shown again'),
      info: apiKeyInfo,
      request: approvalRequestView,
    }),
  }),
  revokeKey: defineOpsCall({
    path: '/ops/v1/staff/revokeKey',
    access: 'staff.keys',
    audit: 'change',
    summary: 'Revoke an API key at once',
    request: opsBody({ id: entityId }),
    response: apiKeyInfo,
  }),
} as const satisfies Record<string, OpsCallDefinition>;
