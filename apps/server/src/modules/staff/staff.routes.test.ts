import { ErrorCode, PERMISSIONS, SHIPPED_ROLE_PERMISSIONS, SHIPPED_ROLES } from '@lobby/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  codeNow,
  ConsoleClient,
  enrolledStaff,
  enrolWithLink,
  signedIn,
  startStaffTestServer,
  type EnrolledStaff,
  type StaffTestServer,
} from './staff.test-support.ts';

let server: StaffTestServer;
let owner: ConsoleClient;
let ownerMember: EnrolledStaff;
let ownerId: number;

beforeAll(async () => {
  server = await startStaffTestServer();
  ownerMember = await enrolledStaff(server, ['owner']);
  ownerId = ownerMember.id;
  owner = await signedIn(server, ownerMember);
});
// The owner gives a fresh code before each test, as the console asks before a step-up call.
beforeEach(async () => {
  expect((await owner.call('/ops/v1/auth/stepUp', { code: codeNow(ownerMember.secret, server.clock) })).code).toBe(0);
  server.clock.advance(30_000);
});
afterAll(async () => {
  await server?.close();
});

const lastAudit = (action: string) => [...server.audit].reverse().find((entry) => entry.action === action);

let serial = 0;
const newLogin = () => `member${++serial}.${process.pid}`;

describe('/ops/v1/staff/roles', () => {
  it('lists the shipped roles with their permissions, the owner holding every one', async () => {
    const reply = await owner.call('/ops/v1/staff/roles');
    expect(reply.code).toBe(0);
    for (const name of SHIPPED_ROLES) {
      const role = reply.data.roles.find((found: { name: string }) => found.name === name);
      expect(role, name).toMatchObject({ shipped: true, permissions: [...SHIPPED_ROLE_PERMISSIONS[name]].sort() });
    }
    expect(reply.data.permissions).toEqual([...PERMISSIONS]);
  });

  it('seeds the shipped roles once, however often the server starts', async () => {
    await server.staff.admin.ensureShippedRoles();
    await server.staff.admin.ensureShippedRoles();
    const reply = await owner.call('/ops/v1/staff/roles');
    expect(reply.data.roles.filter((role: { name: string }) => role.name === 'support')).toHaveLength(1);
  });
});

describe('/ops/v1/staff/setRole', () => {
  it('creates a role and replaces its permissions; the audit keeps before and after', async () => {
    const created = await owner.call('/ops/v1/staff/setRole', { name: 'auditor', permissions: ['audit.read', 'dashboard.read'] });
    expect(created.data).toMatchObject({ name: 'auditor', permissions: ['audit.read', 'dashboard.read'], shipped: false });
    const changed = await owner.call('/ops/v1/staff/setRole', { name: 'auditor', permissions: ['audit.read'] });
    expect(changed.data.permissions).toEqual(['audit.read']);
    const record = lastAudit('/ops/v1/staff/setRole');
    expect(record).toMatchObject({ actor: { kind: 'staff', id: ownerId }, target: 'role:auditor', code: 0, kind: 'change' });
    expect(record?.before).toMatchObject({ permissions: ['audit.read', 'dashboard.read'] });
    expect(record?.after).toMatchObject({ permissions: ['audit.read'] });
  });

  it('leaves the owner role alone', async () => {
    const reply = await owner.call('/ops/v1/staff/setRole', { name: 'owner', permissions: ['audit.read'] });
    expect(reply.code).toBe(ErrorCode.UPDATE_FAILED);
  });

  it('refuses to hand out a permission the caller lacks (an admin cannot give itself keys)', async () => {
    const admin = await signedIn(server, await enrolledStaff(server, ['admin']));
    const reply = await admin.call('/ops/v1/staff/setRole', { name: 'admin', permissions: [...PERMISSIONS] });
    expect(reply.status).toBe(403);
    expect(reply.code).toBe(ErrorCode.PERMISSION_DENIED);
  });

  it('is refused without staff.manage', async () => {
    const analyst = await signedIn(server, await enrolledStaff(server, ['analyst']));
    const reply = await analyst.call('/ops/v1/staff/setRole', { name: 'auditor', permissions: [] });
    expect(reply.code).toBe(ErrorCode.PERMISSION_DENIED);
  });
});

describe('/ops/v1/staff/invite', () => {
  it('creates an invited account and a one-time link with which the person enrols and signs in with their roles', async () => {
    const login = newLogin();
    const invited = await owner.call('/ops/v1/staff/invite', { login, roles: ['support', 'marketing'] });
    expect(invited.code).toBe(0);
    expect(invited.data.staff).toMatchObject({ login, status: 'invited', roles: ['support', 'marketing'], twoFactorEnrolled: false });
    const enrolled = await enrolWithLink(server, invited.data.link);
    const client = await signedIn(server, { id: invited.data.staff.id, ...enrolled });
    const me = await client.call('/ops/v1/auth/me');
    expect(me.data.permissions).toEqual([...new Set([...SHIPPED_ROLE_PERMISSIONS.support, ...SHIPPED_ROLE_PERMISSIONS.marketing])].sort());
    const listed = await owner.call('/ops/v1/staff/list');
    expect(listed.data.members.find((member: { login: string }) => member.login === login)).toMatchObject({ status: 'active', twoFactorEnrolled: true });
  });

  it('refuses a taken login, an unknown role, and roles beyond the caller', async () => {
    const login = newLogin();
    expect((await owner.call('/ops/v1/staff/invite', { login, roles: ['support'] })).code).toBe(0);
    expect((await owner.call('/ops/v1/staff/invite', { login, roles: ['support'] })).code).toBe(ErrorCode.ACCOUNT_EXISTS);
    expect((await owner.call('/ops/v1/staff/invite', { login: newLogin(), roles: ['wizard'] })).code).toBe(ErrorCode.INVALID_PARAMETERS);
    const admin = await signedIn(server, await enrolledStaff(server, ['admin']));
    expect((await admin.call('/ops/v1/staff/invite', { login: newLogin(), roles: ['owner'] })).code).toBe(ErrorCode.PERMISSION_DENIED);
  });
});

describe('/ops/v1/staff/setMemberRoles', () => {
  it("replaces a member's roles, which take effect on their open session", async () => {
    const member = await enrolledStaff(server, ['support']);
    const client = await signedIn(server, member);
    const reply = await owner.call('/ops/v1/staff/setMemberRoles', { staffId: member.id, roles: ['analyst'] });
    expect(reply.data.roles).toEqual(['analyst']);
    expect((await client.call('/ops/v1/auth/me')).data.permissions).toEqual([...SHIPPED_ROLE_PERMISSIONS.analyst].sort());
  });

  it('keeps the last active owner an owner', async () => {
    const solo = await startStaffTestServer();
    try {
      const only = await enrolledStaff(solo, ['owner']);
      const client = await signedIn(solo, only);
      expect((await client.call('/ops/v1/staff/setMemberRoles', { staffId: only.id, roles: ['admin'] })).code).toBe(ErrorCode.UPDATE_FAILED);
    } finally {
      await solo.close();
    }
  });
});

describe('/ops/v1/staff/disable and /ops/v1/staff/enable', () => {
  it('disables a member, who cannot sign in, and enables them again', async () => {
    const member = await enrolledStaff(server, ['support']);
    const disabled = await owner.call('/ops/v1/staff/disable', { staffId: member.id });
    expect(disabled.data).toMatchObject({ status: 'disabled' });
    expect(disabled.data.disabledAt).not.toBeNull();
    const refused = await new ConsoleClient(server).call('/ops/v1/auth/signIn', { login: member.login, password: member.password, code: codeNow(member.secret, server.clock) });
    expect(refused.code).toBe(ErrorCode.LOGIN_RESTRICTED);
    const enabled = await owner.call('/ops/v1/staff/enable', { staffId: member.id });
    expect(enabled.data).toMatchObject({ status: 'active', disabledAt: null });
    server.clock.advance(30_000);
    expect((await signedIn(server, member)).csrfToken).toBeTruthy();
  });

  it('refuses to disable oneself, or someone holding more than the caller', async () => {
    expect((await owner.call('/ops/v1/staff/disable', { staffId: ownerId })).code).toBe(ErrorCode.UPDATE_FAILED);
    const admin = await signedIn(server, await enrolledStaff(server, ['admin']));
    expect((await admin.call('/ops/v1/staff/disable', { staffId: ownerId })).code).toBe(ErrorCode.PERMISSION_DENIED);
  });
});

describe('/ops/v1/staff/resetTwoFactor', () => {
  it('ends the sessions, forgets password and TOTP, and gives a link to enrol again', async () => {
    const member = await enrolledStaff(server, ['support']);
    const client = await signedIn(server, member);
    const reset = await owner.call('/ops/v1/staff/resetTwoFactor', { staffId: member.id });
    expect(reset.code).toBe(0);
    expect(reset.data.staff).toMatchObject({ status: 'invited', twoFactorEnrolled: false });
    expect((await client.call('/ops/v1/auth/me')).status).toBe(401);
    const oldWay = await new ConsoleClient(server).call('/ops/v1/auth/signIn', { login: member.login, password: member.password, recoveryCode: member.recoveryCodes[0] });
    expect(oldWay.code).toBe(ErrorCode.WRONG_PASSWORD);
    const again = await enrolWithLink(server, reset.data.link, 'copper willow station 9');
    expect(again.secret).not.toBe(member.secret);
    expect((await signedIn(server, { id: member.id, ...again })).csrfToken).toBeTruthy();
  });
});

describe('API keys', () => {
  it('creates a key with some of the creator’s permissions, shown once; it acts under its own name and is revoked at once', async () => {
    const created = await owner.call('/ops/v1/staff/createKey', { name: 'nightly export', permissions: ['staff.manage'], days: 7 });
    expect(created.code).toBe(0);
    expect(created.data.key).toMatch(/^lobk_/);
    expect(created.data.info).toMatchObject({ name: 'nightly export', permissions: ['staff.manage'], createdBy: ownerId, revokedAt: null });
    expect(created.data.info.expiresAt).toBe(new Date(server.clock.ms + 7 * 86_400_000).toISOString());
    const record = lastAudit('/ops/v1/staff/createKey');
    expect(JSON.stringify(record)).not.toContain(created.data.key);

    const automation = new ConsoleClient(server);
    const listed = await automation.call('/ops/v1/staff/list', {}, { apiKey: created.data.key });
    expect(listed.code).toBe(0);
    expect(server.audit.at(-1)).toMatchObject({ action: '/ops/v1/staff/list', actor: { kind: 'key', name: 'nightly export' } });
    expect((await automation.call('/ops/v1/staff/keys', {}, { apiKey: created.data.key })).code).toBe(ErrorCode.PERMISSION_DENIED);

    const keys = await owner.call('/ops/v1/staff/keys');
    expect(JSON.stringify(keys.data)).not.toContain(created.data.key);
    expect(keys.data.keys.find((key: { name: string }) => key.name === 'nightly export').lastUsedAt).not.toBeNull();

    expect((await owner.call('/ops/v1/staff/revokeKey', { id: created.data.info.id })).data.revokedAt).not.toBeNull();
    expect((await automation.call('/ops/v1/staff/list', {}, { apiKey: created.data.key })).status).toBe(401);
  });

  it('refuses permissions beyond the creator, and a name in use', async () => {
    const custodian = await enrolledStaff(server, ['finance']);
    await owner.call('/ops/v1/staff/setRole', { name: 'keykeeper', permissions: ['staff.keys', 'finance.read'] });
    await owner.call('/ops/v1/staff/setMemberRoles', { staffId: custodian.id, roles: ['keykeeper'] });
    const client = await signedIn(server, custodian);
    expect((await client.call('/ops/v1/staff/createKey', { name: 'too much', permissions: ['finance.adjust.approve'], days: 1 })).code).toBe(ErrorCode.PERMISSION_DENIED);
    expect((await client.call('/ops/v1/staff/createKey', { name: 'just right', permissions: ['finance.read'], days: 1 })).code).toBe(0);
    expect((await client.call('/ops/v1/staff/createKey', { name: 'just right', permissions: ['finance.read'], days: 1 })).code).toBe(ErrorCode.CREATE_FAILED);
  });

  it('asks for a step-up to create a key, not to revoke one', async () => {
    const member = await enrolledStaff(server, ['owner']);
    const client = await signedIn(server, member);
    server.clock.advance(6 * 60_000);
    expect((await client.call('/ops/v1/staff/createKey', { name: 'late key', permissions: ['audit.read'], days: 1 })).code).toBe(ErrorCode.STEP_UP_REQUIRED);
    const { key, row } = await server.staff.keys.create({ name: 'to revoke', permissions: ['audit.read'], expiresAt: new Date(server.clock.ms + 86_400_000), createdBy: null });
    expect(key).toMatch(/^lobk_/);
    expect((await client.call('/ops/v1/staff/revokeKey', { id: Number(row.id) })).code).toBe(0);
  });
});
