import { z } from 'zod';
import { entityId, isoTime } from '../../calls/common.ts';
import { defineOpsCall, opsBody, type OpsCallDefinition } from '../define.ts';
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
  name: z.string(),
  permissions: z.array(permissionName),
  createdBy: entityId.nullable(),
  createdAt: isoTime,
  expiresAt: isoTime,
  revokedAt: isoTime.nullable(),
  lastUsedAt: isoTime.nullable(),
});

const staffTarget = opsBody({ staffId: entityId });

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
    summary: 'Create a staff account with roles (only permissions the caller holds) and a one-time link to enrol (24 hours)',
    request: opsBody({ login: staffLogin, roles: z.array(roleName).min(1).max(16) }),
    response: oneTimeLink,
  }),
  setMemberRoles: defineOpsCall({
    path: '/ops/v1/staff/setMemberRoles',
    access: 'staff.manage',
    audit: 'change',
    stepUp: true,
    summary: "Replace a staff member's roles (only permissions the caller holds)",
    request: opsBody({ staffId: entityId, roles: z.array(roleName).max(16) }),
    response: staffMember,
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
    summary: "Create a role or replace its permissions (only permissions the caller holds; the owner role always holds all)",
    request: opsBody({ name: roleName, permissions: z.array(permissionName).max(64) }),
    response: staffRole,
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
    summary: "Create an API key with some of the caller's permissions and an expiry: the key is shown once",
    request: opsBody({
      name: z.string().min(3).max(64).regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]*$/, 'letters, digits, space and . _ -'),
      permissions: z.array(permissionName).min(1).max(64),
      days: z.number().int().min(1).max(API_KEY_DAYS_MAX),
    }),
    response: z.object({ key: z.string().describe('Send it in the x-api-key header; it is never shown again'), info: apiKeyInfo }),
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
