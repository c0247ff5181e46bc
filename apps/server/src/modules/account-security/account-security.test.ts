import { randomBytes } from 'node:crypto';
import { ErrorCode, SHIPPED_ROLE_PERMISSIONS } from '@lobby/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../mail/mailer.ts';
import { totpCode, totpStepAt } from '../../security/totp.ts';
import { createAutomationKey } from '../../testing/ops-key.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import type { AuditTables } from '../audit/tables.ts';
import { hashToken } from '../player/session.service.ts';
import { FUND_PASSWORD, newWallet, requestId, startWalletTestApp, type TestPlayer, type WalletTestApp } from '../wallet/test-support.ts';
import type { AccountSecurityTables } from './tables.ts';

let t: WalletTestApp;
let other: TestApp;
/** The two-factor clock: codes are worked out for it, and it moves a step at a time, never waited for. */
let clock = Date.now();

beforeAll(async () => {
  t = await startWalletTestApp();
  // The shipped wait, which the test harness sets to 0 for the other tests of withdrawals.
  await t.app.services.accountSecurity.setAddressWaitHours(24);
  other = await startTestApp({}, { alongside: t });
  t.app.services.accountSecurity.now = () => new Date(clock);
  t.fundHotWallet({ trx: '1000', usdt: '1000' });
}, 60_000);

afterAll(async () => {
  await other?.close();
  await t?.close();
});

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** The code the authenticator shows `drift` steps from the two-factor clock's step. */
const code = (secret: string, drift = 0) => totpCode(secret, totpStepAt(clock) + drift);
/** The clock a step (30 s) on, so the next code is a new one. */
const nextStep = (steps = 1) => void (clock += steps * 30_000);
const device = () => `device-${randomBytes(8).toString('hex')}`;

interface Enrolled extends TestPlayer {
  secret: string;
  recoveryCodes: string[];
  device: string;
}

async function enrol(p: TestPlayer): Promise<Enrolled> {
  const enrolling = device();
  const setup = await t.call('/v1/player/security/two_factor_setup', {}, { token: p.token });
  expect(setup.code).toBe(0);
  const { secret } = setup.data;
  const enabled = await t.call('/v1/player/security/two_factor_enable', { code: code(secret) }, { token: p.token, headers: { 'device-code': enrolling } });
  expect(enabled.code).toBe(0);
  nextStep();
  return { ...p, secret, recoveryCodes: enabled.data.recoveryCodes, device: enrolling };
}

const login = (p: TestPlayer, options: { device?: string; code?: string; userAgent?: string; app?: TestApp } = {}) =>
  (options.app ?? t).call(
    '/v1/player/login',
    { kind: 1, account: p.account, password: p.password, ...(options.code ? { twoFactorCode: options.code } : {}) },
    { headers: { ...(options.device ? { 'device-code': options.device } : {}), ...(options.userAgent ? { 'user-agent': options.userAgent } : {}) } },
  );

async function emailPlayer(): Promise<TestPlayer & { email: string }> {
  const email = `sec${randomBytes(5).toString('hex')}@example.com`;
  expect((await t.call('/v1/player/captcha', { account: email })).code).toBe(0);
  const reply = await t.call('/v1/player/register', { kind: 2, email, code: await t.latestCode(email), password: 'secret123' });
  expect(reply.code).toBe(0);
  return { token: reply.data.token, playerId: reply.data.player.id, account: email, password: 'secret123', email };
}

const loginByEmail = (p: { email: string; password: string }, deviceCode: string) =>
  t.call('/v1/player/login', { kind: 2, email: p.email, password: p.password }, { headers: { 'device-code': deviceCode, 'user-agent': IPHONE_SAFARI } });

describe('two-factor for players (RFC 6238)', () => {
  it('enrols with a secret and its otpauth URI, turns on only with a right first code, and shows ten recovery codes once', async () => {
    const p = await t.registerPlayer();
    expect((await t.call('/v1/player/security/get', {}, { token: p.token })).data).toEqual({
      twoFactor: { enabled: false, enabledAt: null, recoveryCodesLeft: 0 },
      addressWaitHours: 24,
    });
    const setup = await t.call('/v1/player/security/two_factor_setup', {}, { token: p.token });
    const { secret, otpauthUri } = setup.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toBe(`otpauth://totp/Lobby:${p.account}?secret=${secret}&issuer=Lobby&algorithm=SHA1&digits=6&period=30`);
    // Sealed at rest: the database holds neither the secret nor its bytes in the clear.
    const stored = await t.app.database.db
      .withTables<AccountSecurityTables>()
      .selectFrom('player_two_factor')
      .selectAll()
      .where('player_id', '=', p.playerId)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(secret);

    expect((await t.call('/v1/player/security/two_factor_enable', { code: code(secret, 2) }, { token: p.token })).code).toBe(ErrorCode.TWO_FACTOR_CODE_WRONG);
    expect((await t.call('/v1/player/security/get', {}, { token: p.token })).data.twoFactor.enabled).toBe(false);
    const enabled = await t.call('/v1/player/security/two_factor_enable', { code: code(secret) }, { token: p.token });
    expect(enabled.code).toBe(0);
    expect(enabled.data.recoveryCodes).toHaveLength(10);
    expect(new Set(enabled.data.recoveryCodes).size).toBe(10);
    for (const recovery of enabled.data.recoveryCodes) expect(recovery).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    const hashes = await t.app.database.db
      .withTables<AccountSecurityTables>()
      .selectFrom('player_recovery_codes')
      .select('code_hash')
      .where('player_id', '=', p.playerId)
      .execute();
    expect(JSON.stringify(hashes)).not.toContain(enabled.data.recoveryCodes[0]);
    expect((await t.call('/v1/player/security/get', {}, { token: p.token })).data.twoFactor).toEqual({
      enabled: true,
      enabledAt: new Date(clock).toISOString(),
      recoveryCodesLeft: 10,
    });
    // On already: no second enrolment over it.
    expect((await t.call('/v1/player/security/two_factor_setup', {}, { token: p.token })).code).toBe(ErrorCode.INVALID_PARAMETERS);
    nextStep();
  });

  it('accepts the code of the step before and after, refuses two steps away, and never takes a code twice', async () => {
    const p = await enrol(await t.registerPlayer());
    nextStep(2);
    const regenerate = (twoFactorCode: string) => t.call('/v1/player/security/recovery_codes', { twoFactorCode }, { token: p.token });
    expect((await regenerate(code(p.secret, -2))).code).toBe(ErrorCode.TWO_FACTOR_CODE_WRONG);
    expect((await regenerate(code(p.secret, 2))).code).toBe(ErrorCode.TWO_FACTOR_CODE_WRONG);
    expect((await regenerate('000000' === code(p.secret) ? '111111' : '000000')).code).toBe(ErrorCode.TWO_FACTOR_CODE_WRONG);
    expect((await regenerate(code(p.secret, -1))).code).toBe(0);
    // Used: the same code again, or one of the step before it, is refused.
    expect((await regenerate(code(p.secret, -1))).code).toBe(ErrorCode.TWO_FACTOR_CODE_WRONG);
    expect((await regenerate(code(p.secret, 0))).code).toBe(0);
    expect((await regenerate(code(p.secret, 1))).code).toBe(0);
    expect((await regenerate(code(p.secret, 1))).code).toBe(ErrorCode.TWO_FACTOR_CODE_WRONG);
    expect((await regenerate(code(p.secret, 0))).code).toBe(ErrorCode.TWO_FACTOR_CODE_WRONG);
    nextStep(2);
  });

  it('takes each recovery code once; new ones replace the old; turning off needs a code', async () => {
    const p = await enrol(await t.registerPlayer());
    const [first, second] = p.recoveryCodes;
    expect((await login(p, { device: device(), code: first.toUpperCase() })).code).toBe(0);
    expect((await login(p, { device: device(), code: first })).code).toBe(ErrorCode.TWO_FACTOR_CODE_WRONG);
    const signedIn = await login(p, { device: device(), code: second });
    expect(signedIn.code).toBe(0);
    const token = signedIn.data.token;
    expect((await t.call('/v1/player/security/get', {}, { token })).data.twoFactor.recoveryCodesLeft).toBe(8);

    const renewed = await t.call('/v1/player/security/recovery_codes', { twoFactorCode: code(p.secret) }, { token });
    expect(renewed.data.recoveryCodes).toHaveLength(10);
    expect((await login(p, { device: device(), code: p.recoveryCodes[2] })).code).toBe(ErrorCode.TWO_FACTOR_CODE_WRONG);
    const again = await login(p, { device: device(), code: renewed.data.recoveryCodes[0] });
    expect(again.code).toBe(0);

    expect((await t.call('/v1/player/security/two_factor_disable', {}, { token: again.data.token })).code).toBe(ErrorCode.INVALID_PARAMETERS);
    expect((await t.call('/v1/player/security/two_factor_disable', { twoFactorCode: code(p.secret) }, { token: again.data.token })).code).toBe(
      ErrorCode.TWO_FACTOR_CODE_WRONG,
    );
    nextStep();
    const off = await t.call('/v1/player/security/two_factor_disable', { twoFactorCode: code(p.secret) }, { token: again.data.token });
    expect(off.data.twoFactor).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    expect((await login(p, { device: device() })).code).toBe(0);
    nextStep();
  });
});

describe('sign-in on a new device', () => {
  it('asks a device that has not passed two-factor for a code, and not the device that enrolled or one that passed', async () => {
    const p = await enrol(await t.registerPlayer());
    expect((await login(p, { device: p.device })).code).toBe(0);
    const phone = device();
    expect((await login(p, { device: phone })).code).toBe(ErrorCode.TWO_FACTOR_REQUIRED);
    expect((await login(p, { device: phone, code: code(p.secret, 3) })).code).toBe(ErrorCode.TWO_FACTOR_CODE_WRONG);
    expect((await login(p, { device: phone, code: code(p.secret) })).code).toBe(0);
    expect((await login(p, { device: phone })).code).toBe(0);
    // A client that names no device is asked every time.
    expect((await login(p)).code).toBe(ErrorCode.TWO_FACTOR_REQUIRED);
    // A wrong password is told as before, before any code is asked.
    expect(
      (
        await t.call(
          '/v1/player/login',
          { kind: 1, account: p.account, password: 'wrong123', twoFactorCode: code(p.secret) },
          { headers: { 'device-code': phone } },
        )
      ).code,
    ).toBe(ErrorCode.WRONG_PASSWORD);
    nextStep();
  });

  it('mails the player on a sign-in from a device they never used, once', async () => {
    const p = await emailPlayer();
    const mails = async () => (await readOutbox(t.app.database.db, p.email)).filter((m) => m.subject === 'New sign-in to your account');
    const tablet = device();
    expect((await loginByEmail(p, tablet)).code).toBe(0);
    const [mail] = await mails();
    expect(mail.body).toContain('Safari on iOS');
    expect(mail.body).toContain('127.0.0.1');
    expect((await loginByEmail(p, tablet)).code).toBe(0);
    expect(await mails()).toHaveLength(1);
    expect((await loginByEmail(p, device())).code).toBe(0);
    expect(await mails()).toHaveLength(2);
  });
});

describe('guarded calls while two-factor is on', () => {
  it('saves an address typed at a withdrawal and makes it wait like one added, with its mail', async () => {
    const p = await t.player();
    await t.deposit(p, { usdt: '50' });
    const typed = newWallet().address;
    const refused = await t.call(
      '/v1/bank/cashout/submit',
      { requestId: requestId(), currency: 'USDT', amount: '10', address: typed, fundPassword: FUND_PASSWORD },
      { token: p.token },
    );
    expect(refused.code).toBe(ErrorCode.ADDRESS_WAITING);
    expect(Date.parse(refused.data.usableAt) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    const saved = (await t.call('/v1/player/cashout_address/list', {}, { token: p.token })).data;
    expect(saved).toEqual([expect.objectContaining({ address: typed, usableAt: refused.data.usableAt })]);
    expect((await t.balances(p)).usdt).toBe('50');
    // Asking again does not move the wait.
    const again = await t.call(
      '/v1/bank/cashout/submit',
      { requestId: requestId(), currency: 'USDT', amount: '10', address: typed, fundPassword: FUND_PASSWORD },
      { token: p.token },
    );
    expect(again.data.usableAt).toBe(refused.data.usableAt);
  });

  it('refuses a withdrawal, a new address, and password, e-mail and fund password changes without a code (10065), and does each with one', async () => {
    const p = await enrol(await t.player());
    await t.deposit(p, { usdt: '50' });
    const withToken = (path: string, body: Record<string, unknown>) => t.call(path, body, { token: p.token });
    const guarded = async (path: string, body: Record<string, unknown>) => {
      expect((await withToken(path, body)).code, path).toBe(ErrorCode.TWO_FACTOR_REQUIRED);
      expect((await withToken(path, { ...body, twoFactorCode: code(p.secret, 3) })).code, path).toBe(ErrorCode.TWO_FACTOR_CODE_WRONG);
      const done = await withToken(path, { ...body, twoFactorCode: code(p.secret) });
      expect(done.code, `${path}: ${done.msg}`).toBe(0);
      nextStep();
      return done;
    };

    // An address the player was paid at before is not new: it needs no wait, only the code.
    const known = newWallet().address;
    await sql`insert into withdrawals (player_id, request_id, currency, amount, fee, to_address, status)
              values (${p.playerId}, ${requestId()}, 'USDT', 5000000, 0, ${known}, 'confirmed')`.execute(t.app.database.db);
    const withdrawal = { requestId: requestId(), currency: 'USDT', amount: '10', address: known, fundPassword: FUND_PASSWORD };
    await guarded('/v1/bank/cashout/submit', withdrawal);
    // A retry of the withdrawal made needs no fresh code: it answers the first result.
    expect((await withToken('/v1/bank/cashout/submit', withdrawal)).code).toBe(0);
    expect((await t.balances(p)).usdt).toBe('40');

    await guarded('/v1/player/cashout_address/add', { address: newWallet().address, label: 'cold' });
    await guarded('/v1/player/finance_password/update', { oldPassword: FUND_PASSWORD, newPassword: '246801' });

    const email = `bind${randomBytes(4).toString('hex')}@example.com`;
    expect((await withToken('/v1/player/email/captcha', { account: email })).code).toBe(0);
    const emailChange = await guarded('/v1/player/updateprofile', { email, code: await t.latestCode(email), password: p.password });
    expect(emailChange.data.email).toBe(email);
    // A nickname is not guarded.
    expect((await withToken('/v1/player/updateprofile', { nickname: 'calm' })).code).toBe(0);

    await guarded('/v1/player/resetpwd', { oldPassword: p.password, newPassword: 'newpass123' });
    // A wrong old password is told before a code is asked for.
    expect((await withToken('/v1/player/resetpwd', { oldPassword: 'nothing1', newPassword: 'newpass456' })).code).toBe(ErrorCode.LOGIN_PASSWORD_WRONG);
  });

  it('asks nothing while two-factor is off', async () => {
    const p = await t.player();
    expect((await t.call('/v1/player/cashout_address/add', { address: newWallet().address, label: 'hot' }, { token: p.token })).code).toBe(0);
    expect((await t.call('/v1/player/resetpwd', { oldPassword: p.password, newPassword: 'other1234' }, { token: p.token })).code).toBe(0);
  });
});

describe('login history', () => {
  it('lists the last 50 sign-ins newest first with device, address, country and time, marking this one', async () => {
    const p = await t.registerPlayer();
    const first = await login(p, { device: device(), userAgent: IPHONE_SAFARI });
    const second = await login(p, { device: device(), userAgent: ANDROID_CHROME });
    expect([first.code, second.code]).toEqual([0, 0]);
    const history = await t.call('/v1/player/security/login_history', {}, { token: second.data.token });
    expect(history.code).toBe(0);
    expect(history.data).toHaveLength(3);
    expect(history.data.map((r: { device: string }) => r.device)).toEqual(['Chrome on Android', 'Safari on iOS', expect.any(String)]);
    expect(history.data[0]).toMatchObject({ ip: '127.0.0.1', country: null, current: true, active: true });
    expect(history.data[1]).toMatchObject({ ip: '127.0.0.1', current: false, active: false });
    expect(Date.parse(history.data[0].at)).toBeGreaterThanOrEqual(Date.parse(history.data[1].at));
    // The country the jurisdiction check recorded on the session (loopback addresses have none).
    await sql`update player_sessions set country = 'BR' where id = ${history.data[1].id}`.execute(t.app.database.db);
    expect((await t.call('/v1/player/security/login_history', {}, { token: second.data.token })).data[1].country).toBe('BR');

    const older = Array.from({ length: 55 }, (_, i) => ({
      player_id: p.playerId,
      token_hash: hashToken(`old-${p.playerId}-${i}`),
      expires_at: new Date(Date.now() - 1000),
      login_ip: `10.0.0.${i}`,
      created_at: new Date(Date.now() - (i + 1) * 3_600_000),
    }));
    await t.app.database.db.insertInto('player_sessions').values(older).execute();
    const full = await t.call('/v1/player/security/login_history', {}, { token: second.data.token });
    expect(full.data).toHaveLength(50);
    expect(full.data[49].ip).toBe('10.0.0.46');
  });

  it('ends every other session on every instance and keeps this one', async () => {
    const p = await t.registerPlayer();
    // A second session open elsewhere (one active session is the rule; one kept from before it).
    const elsewhere = `elsewhere-${randomBytes(8).toString('hex')}`;
    await t.app.database.db
      .insertInto('player_sessions')
      .values({ player_id: p.playerId, token_hash: hashToken(elsewhere), expires_at: new Date(Date.now() + 3_600_000), login_ip: '10.1.2.3' })
      .execute();
    expect((await other.call('/v1/player/balance/get', {}, { token: elsewhere })).code).toBe(0);

    const ended = await t.call('/v1/player/security/end_other_sessions', {}, { token: p.token });
    expect(ended.data).toEqual({ ended: 1 });
    const deadline = Date.now() + 1_000;
    let reply = await other.call('/v1/player/balance/get', {}, { token: elsewhere });
    while (reply.status !== 401 && Date.now() < deadline) reply = await other.call('/v1/player/balance/get', {}, { token: elsewhere });
    expect(reply.status).toBe(401);
    expect((await t.call('/v1/player/balance/get', {}, { token: p.token })).code).toBe(0);
    expect((await other.call('/v1/player/balance/get', {}, { token: p.token })).code).toBe(0);
    expect((await t.call('/v1/player/security/end_other_sessions', {}, { token: p.token })).data).toEqual({ ended: 0 });
  });
});

describe('new withdrawal addresses', () => {
  it('wait 24 hours before a withdrawal may use them (10066 with when), say so in the list, and are mailed', async () => {
    const p = await emailPlayer();
    const fund = await t.call('/v1/player/finance_password/update', { newPassword: FUND_PASSWORD, loginPassword: p.password }, { token: p.token });
    expect(fund.code).toBe(0);
    await t.deposit(p, { usdt: '30' });
    const to = newWallet().address;
    const added = await t.call('/v1/player/cashout_address/add', { address: to, label: 'cold' }, { token: p.token });
    expect(added.code).toBe(0);
    const usableAt = new Date(Date.parse(added.data.createdAt) + 24 * 3_600_000).toISOString();
    expect(added.data.usableAt).toBe(usableAt);
    expect((await t.call('/v1/player/cashout_address/list', {}, { token: p.token })).data).toEqual([expect.objectContaining({ address: to, usableAt })]);
    const [mail] = (await readOutbox(t.app.database.db, p.email)).filter((m) => m.subject === 'A withdrawal address was added');
    expect(mail.body).toContain(to);
    expect(mail.body).toContain(usableAt.slice(0, 16).replace('T', ' '));

    const withdraw = (body: Record<string, unknown>) =>
      t.call('/v1/bank/cashout/submit', { requestId: requestId(), currency: 'USDT', amount: '5', fundPassword: FUND_PASSWORD, ...body }, { token: p.token });
    for (const destination of [{ addressId: added.data.id }, { address: to }]) {
      const waiting = await withdraw(destination);
      expect([waiting.code, waiting.data]).toEqual([ErrorCode.ADDRESS_WAITING, { usableAt }]);
    }
    expect((await t.balances(p)).usdt).toBe('30');

    // A day later (as the database tells it): usable.
    await t.app.database.db
      .updateTable('cashout_addresses')
      .set({ created_at: new Date(clock - 24 * 3_600_000 - 1000) })
      .where('id', '=', added.data.id)
      .execute();
    expect((await withdraw({ addressId: added.data.id })).code).toBe(0);
    expect((await t.balances(p)).usdt).toBe('25');
  });

  it('wait as long as the operator sets, at once, the change audited and allowed to site configuration only', async () => {
    const p = await t.player();
    await t.deposit(p, { usdt: '10' });
    const support = await createAutomationKey(t.app.database.db, SHIPPED_ROLE_PERMISSIONS.support);
    expect((await t.ops('/ops/v1/security/setAddressWait', { hours: 0 }, support.key)).code).toBe(ErrorCode.PERMISSION_DENIED);
    expect((await t.ops('/ops/v1/security/setAddressWait', { hours: 721 })).code).toBe(ErrorCode.INVALID_PARAMETERS);
    try {
      expect((await t.ops('/ops/v1/security/setAddressWait', { hours: 0 })).data).toEqual({ addressWaitHours: 0 });
      expect((await t.ops('/ops/v1/security/settings', {})).data).toEqual({ addressWaitHours: 0 });
      const added = await other.call('/v1/player/cashout_address/add', { address: newWallet().address, label: 'now' }, { token: p.token });
      expect(added.data.usableAt).toBe(added.data.createdAt);
      const sent = await t.call(
        '/v1/bank/cashout/submit',
        { requestId: requestId(), currency: 'USDT', amount: '5', fundPassword: FUND_PASSWORD, addressId: added.data.id },
        { token: p.token },
      );
      expect(sent.code).toBe(0);
      const audit = await t.app.database.db
        .withTables<AuditTables>()
        .selectFrom('audit_records')
        .select(['action', 'before', 'after'])
        .where('action', '=', '/ops/v1/security/setAddressWait')
        .where('code', '=', 0)
        .orderBy('id')
        .limit(1)
        .execute();
      expect(audit).toEqual([{ action: '/ops/v1/security/setAddressWait', before: { addressWaitHours: 24 }, after: { addressWaitHours: 0 } }]);
    } finally {
      await t.ops('/ops/v1/security/setAddressWait', { hours: 24 });
    }
  });
});

describe("support on a player's account security", () => {
  it('sees two-factor and the sign-ins, and resets two-factor with a reason; then a new device needs no code', async () => {
    const p = await enrol(await t.registerPlayer());
    expect((await login(p, { device: p.device, userAgent: ANDROID_CHROME })).code).toBe(0);
    const seen = await t.ops('/ops/v1/players/security', { playerId: p.playerId });
    expect(seen.data).toMatchObject({ playerId: p.playerId, twoFactor: { enabled: true, recoveryCodesLeft: 10 } });
    expect(seen.data.logins[0]).toMatchObject({ device: 'Chrome on Android', ip: '127.0.0.1', country: null, active: true });
    expect(seen.data.logins[0].current).toBeUndefined();

    const support = await createAutomationKey(t.app.database.db, SHIPPED_ROLE_PERMISSIONS.support);
    expect((await t.ops('/ops/v1/players/resetTwoFactor', { playerId: p.playerId, reason: 'identity checked by video call' }, support.key)).code).toBe(
      ErrorCode.PERMISSION_DENIED,
    );
    expect((await t.ops('/ops/v1/players/resetTwoFactor', { playerId: p.playerId })).code).toBe(ErrorCode.INVALID_PARAMETERS);
    expect((await t.ops('/ops/v1/players/resetTwoFactor', { playerId: 999_999_999, reason: 'nobody' })).code).toBe(ErrorCode.PLAYER_MISSING);
    const reset = await t.ops('/ops/v1/players/resetTwoFactor', { playerId: p.playerId, reason: 'identity checked by video call' });
    expect(reset.data.twoFactor).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    expect((await login(p, { device: device() })).code).toBe(0);
  });
});
