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
/** A second owner: the other pair of eyes every grant of rights waits for. */
let second: ConsoleClient;
let secondMember: EnrolledStaff;

beforeAll(async () => {
  server = await startStaffTestServer();
  ownerMember = await enrolledStaff(server, ['owner']);
  ownerId = ownerMember.id;
  owner = await signedIn(server, ownerMember);
  secondMember = await enrolledStaff(server, ['owner']);
  second = await signedIn(server, secondMember);
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

/** `by` (the second owner unless told) steps up and decides request `id`. */
async function decide(id: number, approve = true, by: { client: ConsoleClient; member: EnrolledStaff } = { client: second, member: secondMember }) {
  expect((await by.client.call('/ops/v1/auth/stepUp', { code: codeNow(by.member.secret, server.clock) })).code).toBe(0);
  server.clock.advance(30_000);
  return by.client.call('/ops/v1/approvals/decide', { id, approve, reason: 'checked with the person asking' });
}

async function approved(id: number) {
  const reply = await decide(id);
  expect(reply.code).toBe(0);
  expect(reply.data.status).toBe('approved');
  return reply.data;
}

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
  it('files a new role as a request a second person approves; taking a permission away applies at once, audited before and after', async () => {
    const asked = await owner.call('/ops/v1/staff/setRole', { name: 'auditor', permissions: ['audit.read', 'dashboard.read'] });
    expect(asked.data.role).toBeNull();
    expect(asked.data.request).toMatchObject({ kind: 'staff.role', status: 'pending', requestedBy: { id: ownerId } });
    expect((await owner.call('/ops/v1/staff/roles')).data.roles.map((role: { name: string }) => role.name)).not.toContain('auditor');
    expect((await decide(asked.data.request.id, true, { client: owner, member: ownerMember })).code).toBe(ErrorCode.SECOND_PERSON_REQUIRED);

    const decided = await approved(asked.data.request.id);
    expect(decided.result).toMatchObject({ name: 'auditor', permissions: ['audit.read', 'dashboard.read'], shipped: false });

    const changed = await owner.call('/ops/v1/staff/setRole', { name: 'auditor', permissions: ['audit.read'] });
    expect(changed.data).toMatchObject({ role: { permissions: ['audit.read'] }, request: null });
    const record = lastAudit('/ops/v1/staff/setRole');
    expect(record).toMatchObject({ actor: { kind: 'staff', id: ownerId }, target: 'role:auditor', code: 0, kind: 'change' });
    expect(record?.before).toMatchObject({ permissions: ['audit.read', 'dashboard.read'] });
    expect(record?.after).toMatchObject({ permissions: ['audit.read'] });

    const added = await owner.call('/ops/v1/staff/setRole', { name: 'auditor', permissions: ['audit.read', 'players.read'] });
    expect(added.data).toMatchObject({ role: { permissions: ['audit.read'] }, request: { kind: 'staff.role', status: 'pending' } });
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
  it('creates an account and a one-time link; the person enrols with no rights until a second person grants the roles asked for', async () => {
    const login = newLogin();
    const invited = await owner.call('/ops/v1/staff/invite', { login, roles: ['support', 'marketing'] });
    expect(invited.code).toBe(0);
    expect(invited.data.staff).toMatchObject({ login, status: 'invited', roles: [], twoFactorEnrolled: false });
    expect(invited.data.request).toMatchObject({ kind: 'staff.roles', status: 'pending', payload: { login, roles: ['support', 'marketing'] } });
    expect(JSON.stringify(lastAudit('/ops/v1/staff/invite'))).not.toContain(invited.data.link.split('#')[1]);

    const enrolled = await enrolWithLink(server, invited.data.link);
    const client = await signedIn(server, { id: invited.data.staff.id, ...enrolled });
    expect((await client.call('/ops/v1/auth/me')).data.permissions).toEqual([]);
    expect((await client.call('/ops/v1/staff/list')).code).toBe(ErrorCode.PERMISSION_DENIED);

    await approved(invited.data.request.id);
    const me = await client.call('/ops/v1/auth/me');
    expect(me.data.permissions).toEqual([...new Set([...SHIPPED_ROLE_PERMISSIONS.support, ...SHIPPED_ROLE_PERMISSIONS.marketing])].sort());
    const listed = await owner.call('/ops/v1/staff/list');
    expect(listed.data.members.find((member: { login: string }) => member.login === login)).toMatchObject({
      status: 'active',
      twoFactorEnrolled: true,
      roles: ['support', 'marketing'],
    });
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
  it("replaces a member's roles once a second person approves, effective on their open session", async () => {
    const member = await enrolledStaff(server, ['support']);
    const client = await signedIn(server, member);
    const reply = await owner.call('/ops/v1/staff/setMemberRoles', { staffId: member.id, roles: ['analyst'], reason: 'moves to reporting' });
    expect(reply.data).toMatchObject({ staff: { roles: ['support'] }, request: { kind: 'staff.roles', reason: 'moves to reporting', status: 'pending' } });
    expect((await client.call('/ops/v1/auth/me')).data.permissions).toEqual([...SHIPPED_ROLE_PERMISSIONS.support].sort());
    expect((await approved(reply.data.request.id)).result).toMatchObject({ roles: ['analyst'] });
    expect((await client.call('/ops/v1/auth/me')).data.permissions).toEqual([...SHIPPED_ROLE_PERMISSIONS.analyst].sort());
  });

  it('takes roles away at once, without a request', async () => {
    const member = await enrolledStaff(server, ['support', 'marketing']);
    const client = await signedIn(server, member);
    const reply = await owner.call('/ops/v1/staff/setMemberRoles', { staffId: member.id, roles: ['support'] });
    expect(reply.data).toMatchObject({ staff: { roles: ['support'] }, request: null });
    expect((await client.call('/ops/v1/auth/me')).data.permissions).toEqual([...SHIPPED_ROLE_PERMISSIONS.support].sort());
  });

  it('applies a grant once when two people approve it at the same moment', async () => {
    const third = await enrolledStaff(server, ['owner']);
    const thirdClient = await signedIn(server, third);
    const member = await enrolledStaff(server, ['support']);
    const reply = await owner.call('/ops/v1/staff/setMemberRoles', { staffId: member.id, roles: ['support', 'marketing'] });
    for (const [client, who] of [
      [second, secondMember],
      [thirdClient, third],
    ] as const) {
      expect((await client.call('/ops/v1/auth/stepUp', { code: codeNow(who.secret, server.clock) })).code).toBe(0);
    }
    server.clock.advance(30_000);
    const decisions = await Promise.all(
      [second, thirdClient].map((client) =>
        client.call('/ops/v1/approvals/decide', { id: reply.data.request.id, approve: true, reason: 'both looked at once' }),
      ),
    );
    expect(decisions.map((decision) => decision.code).sort()).toEqual([0, ErrorCode.REQUEST_ALREADY_DECIDED].sort((a, b) => a - b));
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
    const refused = await new ConsoleClient(server).call('/ops/v1/auth/signIn', {
      login: member.login,
      password: member.password,
      code: codeNow(member.secret, server.clock),
    });
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
    const oldWay = await new ConsoleClient(server).call('/ops/v1/auth/signIn', {
      login: member.login,
      password: member.password,
      recoveryCode: member.recoveryCodes[0],
    });
    expect(oldWay.code).toBe(ErrorCode.WRONG_PASSWORD);
    const again = await enrolWithLink(server, reset.data.link, 'copper willow station 9');
    expect(again.secret).not.toBe(member.secret);
    expect((await signedIn(server, { id: member.id, ...again })).csrfToken).toBeTruthy();
  });
});

describe('API keys', () => {
  it('creates a key with some of the creator’s permissions, shown once; it works once a second person approves it, under its own name, until revoked', async () => {
    const created = await owner.call('/ops/v1/staff/createKey', { name: 'nightly export', permissions: ['staff.manage'], days: 7 });
    expect(created.code).toBe(0);
    expect(created.data.key).toMatch(/^lobk_/);
    expect(created.data.info).toMatchObject({ name: 'nightly export', permissions: ['staff.manage'], createdBy: ownerId, revokedAt: null, approvedAt: null });
    expect(created.data.request).toMatchObject({ kind: 'staff.key', status: 'pending', payload: { keyId: created.data.info.id } });
    expect(created.data.info.expiresAt).toBe(new Date(server.clock.ms + 7 * 86_400_000).toISOString());
    const record = lastAudit('/ops/v1/staff/createKey');
    expect(JSON.stringify(record)).not.toContain(created.data.key);

    const automation = new ConsoleClient(server);
    expect((await automation.call('/ops/v1/staff/list', {}, { apiKey: created.data.key })).status).toBe(401);
    expect((await decide(created.data.request.id, true, { client: owner, member: ownerMember })).code).toBe(ErrorCode.SECOND_PERSON_REQUIRED);
    expect((await approved(created.data.request.id)).result).toMatchObject({ id: created.data.info.id });

    const listed = await automation.call('/ops/v1/staff/list', {}, { apiKey: created.data.key });
    expect(listed.code).toBe(0);
    expect(server.audit.at(-1)).toMatchObject({ action: '/ops/v1/staff/list', actor: { kind: 'key', name: 'nightly export' } });
    expect((await automation.call('/ops/v1/staff/keys', {}, { apiKey: created.data.key })).code).toBe(ErrorCode.PERMISSION_DENIED);

    const keys = await owner.call('/ops/v1/staff/keys');
    expect(JSON.stringify(keys.data)).not.toContain(created.data.key);
    const listedKey = keys.data.keys.find((key: { name: string }) => key.name === 'nightly export');
    expect(listedKey.lastUsedAt).not.toBeNull();
    expect(listedKey.approvedAt).not.toBeNull();

    expect((await owner.call('/ops/v1/staff/revokeKey', { id: created.data.info.id })).data.revokedAt).not.toBeNull();
    expect((await automation.call('/ops/v1/staff/list', {}, { apiKey: created.data.key })).status).toBe(401);
  });

  it('is approved only by someone holding staff.keys and every permission of the key; a key revoked while waiting cannot be approved', async () => {
    const created = await owner.call('/ops/v1/staff/createKey', { name: 'waiting key', permissions: ['audit.read'], days: 1 });
    const adminMember = await enrolledStaff(server, ['admin']);
    const admin = await signedIn(server, adminMember);
    expect((await decide(created.data.request.id, true, { client: admin, member: adminMember })).code).toBe(ErrorCode.PERMISSION_DENIED);
    await owner.call('/ops/v1/staff/revokeKey', { id: created.data.info.id });
    const late = await decide(created.data.request.id);
    expect(late.code).toBe(ErrorCode.UPDATE_FAILED);
  });

  it('refuses permissions beyond the creator, and a name in use', async () => {
    const custodian = await enrolledStaff(server, ['finance']);
    await approved((await owner.call('/ops/v1/staff/setRole', { name: 'keykeeper', permissions: ['staff.keys', 'finance.read'] })).data.request.id);
    await approved((await owner.call('/ops/v1/staff/setMemberRoles', { staffId: custodian.id, roles: ['keykeeper'] })).data.request.id);
    const client = await signedIn(server, custodian);
    expect((await client.call('/ops/v1/staff/createKey', { name: 'too much', permissions: ['finance.adjust.approve'], days: 1 })).code).toBe(
      ErrorCode.PERMISSION_DENIED,
    );
    expect((await client.call('/ops/v1/staff/createKey', { name: 'just right', permissions: ['finance.read'], days: 1 })).code).toBe(0);
    expect((await client.call('/ops/v1/staff/createKey', { name: 'just right', permissions: ['finance.read'], days: 1 })).code).toBe(ErrorCode.CREATE_FAILED);
  });

  it('asks for a step-up to create a key, not to revoke one', async () => {
    const member = await enrolledStaff(server, ['owner']);
    const client = await signedIn(server, member);
    server.clock.advance(6 * 60_000);
    expect((await client.call('/ops/v1/staff/createKey', { name: 'late key', permissions: ['audit.read'], days: 1 })).code).toBe(ErrorCode.STEP_UP_REQUIRED);
    const { key, row } = await server.staff.keys.create({
      name: 'to revoke',
      permissions: ['audit.read'],
      expiresAt: new Date(server.clock.ms + 86_400_000),
      createdBy: null,
      approved: true,
    });
    expect(key).toMatch(/^lobk_/);
    expect((await client.call('/ops/v1/staff/revokeKey', { id: Number(row.id) })).code).toBe(0);
  });
});
