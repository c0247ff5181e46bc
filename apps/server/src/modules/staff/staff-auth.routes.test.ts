import { request as httpRequest } from 'node:http';
import { ErrorCode } from '@lobby/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_IDLE_MS, CONSOLE_MAX_MS, sha256Hex } from './console-sessions.ts';
import { staffDb } from './staff.repo.ts';
import {
  codeNow,
  ConsoleClient,
  enrolledStaff,
  enrolWithLink,
  GOOD_PASSWORD,
  linkToken,
  signedIn,
  startStaffTestServer,
  type StaffTestServer,
} from './staff.test-support.ts';

let server: StaffTestServer;

beforeAll(async () => {
  server = await startStaffTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function invitedLink(roles = ['support']): Promise<string> {
  const owner = await enrolledStaff(server);
  const client = await signedIn(server, owner);
  const invited = await client.call('/ops/v1/staff/invite', { login: `new${Date.now() % 1e9}${Math.floor(Math.random() * 1e4)}`, roles });
  expect(invited.code).toBe(0);
  return invited.data.link;
}

describe('/ops/v1/auth/enrol and /ops/v1/auth/confirmEnrolment', () => {
  it('sets the password, gives the secret and the otpauth URI, then activates with the first code and gives 10 recovery codes', async () => {
    const link = await invitedLink();
    expect(link).toMatch(/^https:\/\/lobby\.example\/console\/enrol#[A-Za-z0-9_-]{43}$/);
    const client = new ConsoleClient(server);
    const token = linkToken(link);
    const enrolled = await client.call('/ops/v1/auth/enrol', { token, password: GOOD_PASSWORD });
    expect(enrolled.code).toBe(0);
    expect(enrolled.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolled.data.otpauthUri).toBe(
      `otpauth://totp/Lobby%20console:${encodeURIComponent(enrolled.data.login)}?secret=${enrolled.data.secret}&issuer=Lobby+console&algorithm=SHA1&digits=6&period=30`,
    );
    const wrong = await client.call('/ops/v1/auth/confirmEnrolment', { token, code: codeNow(enrolled.data.secret, server.clock, 2) });
    expect(wrong.code).toBe(ErrorCode.TWO_FACTOR_CODE_WRONG);
    const confirmed = await client.call('/ops/v1/auth/confirmEnrolment', { token, code: codeNow(enrolled.data.secret, server.clock) });
    expect(confirmed.code).toBe(0);
    expect(confirmed.data.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.data.recoveryCodes).size).toBe(10);
    for (const code of confirmed.data.recoveryCodes) expect(code).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);
    // The recovery codes are stored as hashes only.
    const stored = await staffDb(server.database.db).selectFrom('staff_recovery_codes').select('code_hash').execute();
    expect(stored.map((row) => row.code_hash)).not.toContain(confirmed.data.recoveryCodes[0]);
  });

  it('keeps the authenticator secret sealed in the database, and still signs the member in with it', async () => {
    const member = await enrolledStaff(server);
    const stored = await staffDb(server.database.db).selectFrom('staff_members').select('totp_secret').where('id', '=', member.id).executeTakeFirstOrThrow();
    expect(stored.totp_secret).toMatch(/^v1:/);
    expect(stored.totp_secret).not.toContain(member.secret);
    await signedIn(server, member);
  });

  it('seals at start a secret stored in the clear before sealing, and the member keeps signing in', async () => {
    const member = await enrolledStaff(server);
    await staffDb(server.database.db).updateTable('staff_members').set({ totp_secret: member.secret }).where('id', '=', member.id).execute();
    await signedIn(server, member);
    expect(await server.staff.identity.sealStoredSecrets()).toBeGreaterThanOrEqual(1);
    const stored = await staffDb(server.database.db).selectFrom('staff_members').select('totp_secret').where('id', '=', member.id).executeTakeFirstOrThrow();
    expect(stored.totp_secret).toMatch(/^v1:/);
    expect(await server.staff.identity.sealStoredSecrets()).toBe(0);
    await signedIn(server, member);
  });

  it('uses a link once', async () => {
    const link = await invitedLink();
    await enrolWithLink(server, link);
    const again = await new ConsoleClient(server).call('/ops/v1/auth/enrol', { token: linkToken(link), password: GOOD_PASSWORD });
    expect(again.code).toBe(ErrorCode.TOKEN_EXPIRED);
  });

  it('refuses a link older than 24 hours', async () => {
    const link = await invitedLink();
    server.clock.advance(24 * 3_600_000 + 1000);
    const late = await new ConsoleClient(server).call('/ops/v1/auth/enrol', { token: linkToken(link), password: GOOD_PASSWORD });
    expect(late.code).toBe(ErrorCode.TOKEN_EXPIRED);
  });

  it('refuses a weak password with 10060', async () => {
    const link = await invitedLink();
    const client = new ConsoleClient(server);
    for (const password of ['short1!', 'password1234', 'Qwertyuiop123']) {
      const refused = await client.call('/ops/v1/auth/enrol', { token: linkToken(link), password });
      expect(refused.code, password).toBe(ErrorCode.PASSWORD_TOO_WEAK);
    }
  });
});

describe('/ops/v1/auth/signIn', () => {
  it('sets an httpOnly, SameSite=Strict cookie on /ops and /console and answers the CSRF token, the member and the permissions', async () => {
    const member = await enrolledStaff(server, ['analyst']);
    const client = new ConsoleClient(server);
    const reply = await client.call('/ops/v1/auth/signIn', { login: member.login, password: member.password, code: codeNow(member.secret, server.clock) });
    expect(reply.code).toBe(0);
    expect(reply.data).toMatchObject({ staff: { login: member.login, status: 'active', roles: ['analyst'], twoFactorEnrolled: true }, idleMinutes: 30 });
    expect(reply.data.permissions).toEqual(['dashboard.read', 'finance.read', 'risk.read', 'treasury.read']);
    expect(reply.data.csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(reply.setCookies).toHaveLength(2);
    for (const [index, path] of ['/ops', '/console'].entries()) {
      expect(reply.setCookies[index]).toMatch(new RegExp(`^lobby_console=[A-Za-z0-9_-]{43}; Path=${path}; Max-Age=43200; HttpOnly; SameSite=Strict`));
    }
    // Plain http from this machine to 127.0.0.1: a developer's own; everywhere else the cookie is Secure.
    expect(reply.setCookies[0]).not.toMatch(/Secure/);
    // The session's id is stored as a hash of the cookie.
    const rows = await staffDb(server.database.db).selectFrom('staff_sessions').select('id').execute();
    expect(rows.map((row) => row.id)).not.toContain(client.cookie);
    expect(rows.map((row) => row.id)).toContain(sha256Hex(client.cookie!));
  });

  it('sets the cookie Secure for a request that is not plain http on loopback', async () => {
    const member = await enrolledStaff(server);
    const body = JSON.stringify({ login: member.login, password: member.password, code: codeNow(member.secret, server.clock) });
    const setCookies = await new Promise<string[]>((resolve, reject) => {
      const request = httpRequest(
        `${server.url}/ops/v1/auth/signIn`,
        { method: 'POST', headers: { 'content-type': 'application/json', host: 'console.lobby.example' } },
        (response) => {
          response.resume();
          resolve(response.headers['set-cookie'] ?? []);
        },
      );
      request.on('error', reject);
      request.end(body);
    });
    expect(setCookies).toHaveLength(2);
    for (const cookie of setCookies) expect(cookie).toMatch(/; Secure$/);
  });

  it('answers the same for an unknown login and a wrong password', async () => {
    const member = await enrolledStaff(server);
    const client = new ConsoleClient(server);
    const wrongPassword = await client.call('/ops/v1/auth/signIn', {
      login: member.login,
      password: 'not the password at all',
      code: codeNow(member.secret, server.clock),
    });
    const unknown = await client.call('/ops/v1/auth/signIn', { login: 'nobody.here', password: 'not the password at all', code: '123456' });
    expect(wrongPassword.code).toBe(ErrorCode.WRONG_PASSWORD);
    expect(unknown.code).toBe(ErrorCode.WRONG_PASSWORD);
  });

  it('refuses a wrong code with 10057', async () => {
    const member = await enrolledStaff(server);
    const code = codeNow(member.secret, server.clock);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const reply = await new ConsoleClient(server).call('/ops/v1/auth/signIn', { login: member.login, password: member.password, code: wrong });
    expect(reply.code).toBe(ErrorCode.TWO_FACTOR_CODE_WRONG);
  });

  it('refuses a reused code with 10057', async () => {
    const member = await enrolledStaff(server);
    const code = codeNow(member.secret, server.clock);
    const first = await new ConsoleClient(server).call('/ops/v1/auth/signIn', { login: member.login, password: member.password, code });
    expect(first.code).toBe(0);
    const again = await new ConsoleClient(server).call('/ops/v1/auth/signIn', { login: member.login, password: member.password, code });
    expect(again.code).toBe(ErrorCode.TWO_FACTOR_CODE_WRONG);
    // Nor is the code of the step before, once a later step was used.
    const earlier = await new ConsoleClient(server).call('/ops/v1/auth/signIn', {
      login: member.login,
      password: member.password,
      code: codeNow(member.secret, server.clock, -1),
    });
    expect(earlier.code).toBe(ErrorCode.TWO_FACTOR_CODE_WRONG);
  });

  it('accepts a code one step ahead or behind, not two', async () => {
    const member = await enrolledStaff(server);
    const signIn = (steps: number) =>
      new ConsoleClient(server).call('/ops/v1/auth/signIn', {
        login: member.login,
        password: member.password,
        code: codeNow(member.secret, server.clock, steps),
      });
    // The enrolment took the step before this one: one more, and the step before is free.
    server.clock.advance(30_000);
    expect((await signIn(2)).code).toBe(ErrorCode.TWO_FACTOR_CODE_WRONG);
    expect((await signIn(-2)).code).toBe(ErrorCode.TWO_FACTOR_CODE_WRONG);
    expect((await signIn(-1)).code).toBe(0);
    expect((await signIn(1)).code).toBe(0);
  });

  it('takes each recovery code once', async () => {
    const member = await enrolledStaff(server);
    const [first, second] = member.recoveryCodes as [string, string];
    const signIn = (recoveryCode: string) =>
      new ConsoleClient(server).call('/ops/v1/auth/signIn', { login: member.login, password: member.password, recoveryCode });
    expect((await signIn(first.toUpperCase().replaceAll('-', ' '))).code).toBe(0);
    expect((await signIn(first)).code).toBe(ErrorCode.TWO_FACTOR_CODE_WRONG);
    expect((await signIn(second)).code).toBe(0);
    expect((await signIn('aaaa-bbbb-cccc-dddd')).code).toBe(ErrorCode.TWO_FACTOR_CODE_WRONG);
  });

  it('wants exactly one of code and recoveryCode', async () => {
    const member = await enrolledStaff(server);
    const neither = await new ConsoleClient(server).call('/ops/v1/auth/signIn', { login: member.login, password: member.password });
    expect(neither.code).toBe(ErrorCode.INVALID_PARAMETERS);
  });

  it('ignores the cookie of a session that has ended', async () => {
    const member = await enrolledStaff(server);
    const client = await signedIn(server, member);
    await client.call('/ops/v1/auth/signOutEverywhere');
    client.cookie = 'A'.repeat(43);
    const again = await client.call('/ops/v1/auth/signIn', { login: member.login, password: member.password, code: codeNow(member.secret, server.clock) });
    expect(again.code).toBe(0);
  });
});

describe('console sessions', () => {
  it('refuses a call without the CSRF token, or with another, with 401', async () => {
    const client = await signedIn(server, await enrolledStaff(server));
    expect((await client.call('/ops/v1/auth/me', {}, { csrf: false })).status).toBe(401);
    const token = client.csrfToken;
    client.csrfToken = 'x'.repeat(43);
    expect((await client.call('/ops/v1/auth/me')).status).toBe(401);
    client.csrfToken = token;
    expect((await client.call('/ops/v1/auth/me')).code).toBe(0);
  });

  it('refuses a call without a session with 401', async () => {
    const reply = await new ConsoleClient(server).call('/ops/v1/auth/me');
    expect(reply.status).toBe(401);
    expect(reply.code).toBe(ErrorCode.TOKEN_MISMATCH);
  });

  it('ends after 30 minutes without a call', async () => {
    const client = await signedIn(server, await enrolledStaff(server));
    server.clock.advance(CONSOLE_IDLE_MS - 60_000);
    expect((await client.call('/ops/v1/auth/me')).code).toBe(0);
    server.clock.advance(CONSOLE_IDLE_MS - 60_000);
    expect((await client.call('/ops/v1/auth/me')).code).toBe(0);
    server.clock.advance(CONSOLE_IDLE_MS + 1000);
    expect((await client.call('/ops/v1/auth/me')).status).toBe(401);
  });

  it('ends after 12 hours however busy', async () => {
    const client = await signedIn(server, await enrolledStaff(server));
    const end = server.clock.ms + CONSOLE_MAX_MS - 60_000;
    while (server.clock.ms + 25 * 60_000 < end) {
      server.clock.advance(25 * 60_000);
      expect((await client.call('/ops/v1/auth/me')).code).toBe(0);
    }
    server.clock.advance(25 * 60_000);
    expect((await client.call('/ops/v1/auth/me')).status).toBe(401);
  });

  it('signs out this session only, and everywhere', async () => {
    const member = await enrolledStaff(server);
    const laptop = await signedIn(server, member);
    const tablet = await signedIn(server, member);
    const phone = await signedIn(server, member);
    const laptopCookie = laptop.cookie;
    const out = await laptop.call('/ops/v1/auth/signOut');
    expect(out.code).toBe(0);
    expect(out.setCookies[0]).toMatch(/^lobby_console=; Path=\/ops; Max-Age=0/);
    laptop.cookie = laptopCookie;
    expect((await laptop.call('/ops/v1/auth/me')).status).toBe(401);
    expect((await tablet.call('/ops/v1/auth/me')).code).toBe(0);
    const everywhere = await tablet.call('/ops/v1/auth/signOutEverywhere');
    expect(everywhere.data).toEqual({ ended: 2 });
    expect(server.sessionsEnded.filter((id) => id === member.id)).toHaveLength(2);
    expect((await phone.call('/ops/v1/auth/me')).status).toBe(401);
  });

  it('tells who is calling', async () => {
    const member = await enrolledStaff(server, ['support']);
    const client = await signedIn(server, member);
    const me = await client.call('/ops/v1/auth/me');
    expect(me.data).toMatchObject({
      kind: 'staff',
      name: member.login,
      staff: { id: member.id, login: member.login },
      permissions: ['players.pii', 'players.read', 'support.bulletin', 'support.chat', 'support.mail'],
    });
    expect(me.data.verifiedAt).not.toBeNull();
  });
});

describe('/ops/v1/auth/stepUp', () => {
  it('is needed (10056) for a step-up call five minutes after the last code, and then lets it through', async () => {
    const member = await enrolledStaff(server);
    const client = await signedIn(server, member);
    server.clock.advance(5 * 60_000 + 1000);
    const refused = await client.call('/ops/v1/staff/setRole', { name: 'auditor', permissions: ['audit.read'] });
    expect(refused.status).toBe(403);
    expect(refused.code).toBe(ErrorCode.STEP_UP_REQUIRED);
    const stepUp = await client.call('/ops/v1/auth/stepUp', { code: codeNow(member.secret, server.clock) });
    expect(stepUp.code).toBe(0);
    expect(stepUp.data.verifiedAt).toBe(server.clock.now().toISOString());
    const allowed = await client.call('/ops/v1/staff/setRole', { name: 'auditor', permissions: ['audit.read'] });
    expect(allowed.code).toBe(0);
  });

  it('refuses a wrong or reused code with 10057', async () => {
    const member = await enrolledStaff(server);
    const client = await signedIn(server, member);
    const code = codeNow(member.secret, server.clock);
    expect((await client.call('/ops/v1/auth/stepUp', { code })).code).toBe(0);
    expect((await client.call('/ops/v1/auth/stepUp', { code })).code).toBe(ErrorCode.TWO_FACTOR_CODE_WRONG);
    expect((await client.call('/ops/v1/auth/stepUp', { code: codeNow(member.secret, server.clock, 2) })).code).toBe(ErrorCode.TWO_FACTOR_CODE_WRONG);
  });
});

describe('/ops/v1/auth/changePassword', () => {
  it('changes the password, refuses a weak one with 10060 and ends the other sessions', async () => {
    const member = await enrolledStaff(server);
    const here = await signedIn(server, member);
    const elsewhere = await signedIn(server, member);
    const weak = await here.call('/ops/v1/auth/changePassword', { oldPassword: member.password, newPassword: 'iloveyou1234' });
    expect(weak.code).toBe(ErrorCode.PASSWORD_TOO_WEAK);
    const wrongOld = await here.call('/ops/v1/auth/changePassword', { oldPassword: 'not my password at all', newPassword: 'amber lantern meadow 7' });
    expect(wrongOld.code).toBe(ErrorCode.WRONG_PASSWORD);
    const changed = await here.call('/ops/v1/auth/changePassword', { oldPassword: member.password, newPassword: 'amber lantern meadow 7' });
    expect(changed.code).toBe(0);
    expect((await here.call('/ops/v1/auth/me')).code).toBe(0);
    expect((await elsewhere.call('/ops/v1/auth/me')).status).toBe(401);
    const withNew = await signedIn(server, { ...member, password: 'amber lantern meadow 7' });
    expect((await withNew.call('/ops/v1/auth/me')).code).toBe(0);
  });
});

describe('a disabled staff member', () => {
  it('is refused at once on an open session, on this instance and on another one sharing the database', async () => {
    const second = await startStaffTestServer({}, server);
    try {
      const owner = await signedIn(server, await enrolledStaff(server));
      const member = await enrolledStaff(server, ['support']);
      const onFirst = await signedIn(server, member);
      const onSecond = new ConsoleClient(second);
      Object.assign(onSecond, { cookie: onFirst.cookie, csrfToken: onFirst.csrfToken });
      expect((await onSecond.call('/ops/v1/auth/me')).code).toBe(0);
      const disabled = await owner.call('/ops/v1/staff/disable', { staffId: member.id });
      expect(disabled.code).toBe(0);
      expect((await onFirst.call('/ops/v1/auth/me')).status).toBe(401);
      expect((await onSecond.call('/ops/v1/auth/me')).status).toBe(401);
      // Open console sockets are told too (the application publishes staff.session.ended).
      expect(server.sessionsEnded).toContain(member.id);
      const signIn = await new ConsoleClient(second).call('/ops/v1/auth/signIn', {
        login: member.login,
        password: member.password,
        code: codeNow(member.secret, server.clock),
      });
      expect(signIn.code).toBe(ErrorCode.LOGIN_RESTRICTED);
    } finally {
      await second.close();
    }
  });
});

describe('lockout', () => {
  let locked: StaffTestServer;
  beforeAll(async () => {
    locked = await startStaffTestServer({ failuresPerAccount: 5, failuresPerAddress: 12 });
  });
  afterAll(async () => {
    await locked?.close();
  });

  it('locks an account after 5 failed sign-ins in 15 minutes, even with the right password, then lets it in again', async () => {
    const member = await enrolledStaff(locked);
    const client = new ConsoleClient(locked);
    for (let i = 0; i < 5; i++) {
      expect((await client.call('/ops/v1/auth/signIn', { login: member.login, password: 'wrong password here', code: '000000' })).code).toBe(
        ErrorCode.WRONG_PASSWORD,
      );
    }
    const right = () => client.call('/ops/v1/auth/signIn', { login: member.login, password: member.password, code: codeNow(member.secret, locked.clock) });
    expect((await right()).code).toBe(ErrorCode.LOGIN_RESTRICTED);
    locked.clock.advance(15 * 60_000 + 1000);
    expect((await right()).code).toBe(0);
  });

  it('counts wrong codes as failures', async () => {
    const member = await enrolledStaff(locked);
    const client = new ConsoleClient(locked);
    for (let i = 0; i < 5; i++) {
      expect(
        (await client.call('/ops/v1/auth/signIn', { login: member.login, password: member.password, code: codeNow(member.secret, locked.clock, 3) })).code,
      ).toBe(ErrorCode.TWO_FACTOR_CODE_WRONG);
    }
    expect(
      (await client.call('/ops/v1/auth/signIn', { login: member.login, password: member.password, code: codeNow(member.secret, locked.clock) })).code,
    ).toBe(ErrorCode.LOGIN_RESTRICTED);
    locked.clock.advance(15 * 60_000 + 1000);
  });

  it('locks an address out after its failures, whatever the logins', async () => {
    const member = await enrolledStaff(locked);
    const client = new ConsoleClient(locked);
    for (let i = 0; i < 12; i++) {
      expect((await client.call('/ops/v1/auth/signIn', { login: `ghost${i}`, password: 'wrong password here', code: '000000' })).code).toBe(
        ErrorCode.WRONG_PASSWORD,
      );
    }
    const right = await client.call('/ops/v1/auth/signIn', { login: member.login, password: member.password, code: codeNow(member.secret, locked.clock) });
    expect(right.code).toBe(ErrorCode.IP_LIMIT);
    locked.clock.advance(15 * 60_000 + 1000);
  });
});
