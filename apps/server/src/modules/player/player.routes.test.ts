import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;

describe('/v1/player/register', () => {
  it('creates an account player, signs it in and returns zero balances', async () => {
    const account = unique('alice');
    const reply = await t.call('/v1/player/register', { kind: 1, account, password: 'abc123' });
    expect(reply.code).toBe(0);
    expect(reply.data.token).toMatch(/^[\w-]{40,}$/);
    expect(reply.data.player).toMatchObject({ account, email: null, balances: { usdt: '0', trx: '0' }, hasRecharged: false });
  });

  it('records the address it signed in from as the last login address, and gives an invite code of plain letters and digits', async () => {
    const reply = await t.call('/v1/player/register', { kind: 1, account: unique('ip'), password: 'abc123' });
    expect(reply.code).toBe(0);
    expect(reply.data.player.ip).toMatch(/^[\d.:a-f]+$/);
    expect((await t.call('/v1/player/load', {}, { token: reply.data.token })).data.ip).toBe(reply.data.player.ip);
    // Codes are read out and typed: no underscore or dash (base64url once ended codes with "_"), no 0/O or 1/I.
    const fresh = await Promise.all(Array.from({ length: 8 }, () => t.call('/v1/player/register', { kind: 1, account: unique('code'), password: 'abc123' })));
    const codes = await t.app.database.db
      .selectFrom('players')
      .select('invite_code')
      .where(
        'id',
        'in',
        fresh.map((r) => r.data.player.id as number),
      )
      .execute();
    expect(codes).toHaveLength(8);
    for (const { invite_code } of codes) expect(invite_code).toMatch(/^[A-HJ-NP-Z2-9]{9}$/);
  });

  it('rejects an account that exists, in any letter case, with 10003', async () => {
    const account = unique('bob');
    await t.registerPlayer(account);
    expect((await t.call('/v1/player/register', { kind: 1, account: account.toUpperCase(), password: 'abc123' })).code).toBe(10003);
  });

  it('lets exactly one of two simultaneous registrations of the same account succeed', async () => {
    const account = unique('twin');
    const replies = await Promise.all([
      t.call('/v1/player/register', { kind: 1, account, password: 'abc123' }),
      t.call('/v1/player/register', { kind: 1, account, password: 'xyz789' }),
    ]);
    expect(replies.map((r) => r.code).sort()).toEqual([0, 10003]);
  });

  it('rejects passwords without a digit or a letter and accounts with symbols with 12', async () => {
    expect((await t.call('/v1/player/register', { kind: 1, account: unique('p'), password: 'abcdefg' })).code).toBe(12);
    expect((await t.call('/v1/player/register', { kind: 1, account: unique('p'), password: '1234567' })).code).toBe(12);
    expect((await t.call('/v1/player/register', { kind: 1, account: 'bad_name!', password: 'abc123' })).code).toBe(12);
  });

  it('registers by email with the mailed code', async () => {
    const email = `${unique('mail')}@example.com`;
    const sent = await t.call('/v1/player/captcha', { account: email, lang: 'en_US' });
    expect(sent.code).toBe(0);
    expect(sent.data.expiresIn).toBeGreaterThan(0);
    const code = await t.latestCode(email);
    const reply = await t.call('/v1/player/register', { kind: 2, email, code, password: 'abc123' });
    expect(reply.code).toBe(0);
    expect(reply.data.player.email).toBe(email);
    const login = await t.call('/v1/player/login', { kind: 2, email, password: 'abc123' });
    expect(login.code).toBe(0);
  });

  it('refuses a wrong email code with 10024 and, after too many tries, treats the code as expired (10023)', async () => {
    const email = `${unique('guess')}@example.com`;
    await t.call('/v1/player/captcha', { account: email });
    const code = await t.latestCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expect((await t.call('/v1/player/register', { kind: 2, email, code: wrong, password: 'abc123' })).code).toBe(10024);
    }
    expect((await t.call('/v1/player/register', { kind: 2, email, code, password: 'abc123' })).code).toBe(10023);
  });

  it('answers 10023 for an expired code', async () => {
    const short = await startTestApp({ VERIFICATION_CODE_TTL_SECONDS: '30' });
    try {
      const email = `${unique('late')}@example.com`;
      await short.call('/v1/player/captcha', { account: email });
      const code = await short.latestCode(email);
      await short.app.database.db
        .updateTable('verification_codes')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .execute();
      expect((await short.call('/v1/player/register', { kind: 2, email, code, password: 'abc123' })).code).toBe(10023);
    } finally {
      await short.close();
    }
  });

  it('limits registrations per address per day with 10010', async () => {
    const limited = await startTestApp({ REGISTRATIONS_PER_IP_PER_DAY: '2' });
    try {
      await limited.registerPlayer();
      await limited.registerPlayer();
      expect((await limited.call('/v1/player/register', { kind: 1, account: unique('third'), password: 'abc123' })).code).toBe(10010);
    } finally {
      await limited.close();
    }
  });

  it('holds the daily limit under 30 simultaneous registrations from one address: exactly 20 created, the rest 10010', async () => {
    const limited = await startTestApp({ REGISTRATIONS_PER_IP_PER_DAY: '20' });
    try {
      const replies = await Promise.all(
        Array.from({ length: 30 }, () => limited.call('/v1/player/register', { kind: 1, account: unique('rush'), password: 'abc123' })),
      );
      const codes = replies.map((r) => r.code);
      expect(codes.filter((code) => code === 0)).toHaveLength(20);
      expect(codes.filter((code) => code === 10010)).toHaveLength(10);
      const { count } = await limited.app.database.db
        .selectFrom('players')
        .select((eb) => eb.fn.countAll<bigint>().as('count'))
        .executeTakeFirstOrThrow();
      expect(Number(count)).toBe(20);
    } finally {
      await limited.close();
    }
  });
});

describe('/v1/player/captcha', () => {
  it('rejects a malformed email with 12 and a registered one with 10003', async () => {
    expect((await t.call('/v1/player/captcha', { account: 'not-an-email' })).code).toBe(12);
    const email = `${unique('taken')}@example.com`;
    await t.call('/v1/player/captcha', { account: email });
    await t.call('/v1/player/register', { kind: 2, email, code: await t.latestCode(email), password: 'abc123' });
    expect((await t.call('/v1/player/captcha', { account: email })).code).toBe(10003);
  });

  it('refuses a second code inside the resend window with 10001', async () => {
    const slow = await startTestApp({ VERIFICATION_CODE_RESEND_SECONDS: '60' });
    try {
      const email = `${unique('again')}@example.com`;
      expect((await slow.call('/v1/player/captcha', { account: email })).code).toBe(0);
      expect((await slow.call('/v1/player/captcha', { account: email })).code).toBe(10001);
    } finally {
      await slow.close();
    }
  });
});

describe('/v1/player/checkAccount', () => {
  it('tells whether an account is taken', async () => {
    const { account } = await t.registerPlayer();
    expect((await t.call('/v1/player/checkAccount', { account })).data).toEqual({ account, exists: true });
    expect((await t.call('/v1/player/checkAccount', { account: unique('free') })).data.exists).toBe(false);
  });
});

describe('/v1/player/login', () => {
  it('signs in with account and password and records the reported Client-IP', async () => {
    const { account } = await t.registerPlayer(undefined, 'pass1234');
    const reply = await t.call('/v1/player/login', { kind: 1, account, password: 'pass1234' }, { headers: { 'client-ip': '203.0.113.7' } });
    expect(reply.code).toBe(0);
    expect(reply.data.player.ip).toBe('203.0.113.7');
  });

  it('rejects an unknown account with 10002 and a wrong password with 10007', async () => {
    expect((await t.call('/v1/player/login', { kind: 1, account: unique('ghost'), password: 'abc123' })).code).toBe(10002);
    const { account } = await t.registerPlayer();
    expect((await t.call('/v1/player/login', { kind: 1, account, password: 'wrong999' })).code).toBe(10007);
  });

  it('refuses a disabled player with 10005', async () => {
    const { account, playerId, password } = await t.registerPlayer();
    await t.app.database.db.updateTable('players').set({ status: 1 }).where('id', '=', playerId).execute();
    expect((await t.call('/v1/player/login', { kind: 1, account, password })).code).toBe(10005);
  });

  it('invalidates the previous session: its next call gets 10032', async () => {
    const { account, password, token: first } = await t.registerPlayer();
    expect((await t.call('/v1/player/load', {}, { token: first })).code).toBe(0);
    const second = await t.call('/v1/player/login', { kind: 1, account, password });
    expect(second.code).toBe(0);
    expect((await t.call('/v1/player/load', {}, { token: first })).code).toBe(10032);
    expect((await t.call('/v1/player/load', {}, { token: second.data.token })).code).toBe(0);
  });

  it('keeps exactly one session when the same player logs in twice at once', async () => {
    const { account, password } = await t.registerPlayer();
    const [a, b] = await Promise.all([t.call('/v1/player/login', { kind: 1, account, password }), t.call('/v1/player/login', { kind: 1, account, password })]);
    const codes = await Promise.all([a, b].map((r) => t.call('/v1/player/load', {}, { token: r.data.token }).then((x) => x.code)));
    expect(codes.sort()).toEqual([0, 10032]);
  });

  it('blocks an address after too many failed logins with 10001', async () => {
    const strict = await startTestApp({ LOGIN_FAILURES_PER_IP: '3' });
    try {
      const { account, password } = await strict.registerPlayer();
      for (let i = 0; i < 3; i++) await strict.call('/v1/player/login', { kind: 1, account, password: 'nope1234' });
      expect((await strict.call('/v1/player/login', { kind: 1, account, password })).code).toBe(10001);
    } finally {
      await strict.close();
    }
  });
});

describe('/v1/player/login account lock', () => {
  // Behind a trusted proxy the client's address is the one in x-forwarded-for, so one test can speak from several.
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await startTestApp({ TRUST_PROXY: 'true', LOGIN_FAILURES_PER_ACCOUNT: '10' });
  });
  afterAll(async () => {
    await proxied?.close();
  });

  let subnet = 0;
  /** Six addresses no other test uses: the first is where the player registered, the others have never seen it. */
  const freshAddresses = () => {
    subnet += 1;
    return Array.from({ length: 7 }, (_, i) => `10.${subnet}.0.${i + 1}`);
  };
  const login = (body: Record<string, unknown>, address: string) =>
    proxied.call('/v1/player/login', { kind: 1, ...body }, { headers: { 'x-forwarded-for': address } });
  const register = async (address: string) => {
    const account = unique('locked');
    const reply = await proxied.call('/v1/player/register', { kind: 1, account, password: 'right123' }, { headers: { 'x-forwarded-for': address } });
    expect(reply.code).toBe(0);
    return { account, playerId: reply.data.player.id as number };
  };
  /** 150 wrong passwords at once from five addresses, with the right one from a sixth at the end of the burst. */
  const burst = (account: string, attackers: string[], sixth: string) =>
    Promise.all([
      ...Array.from({ length: 150 }, (_, i) => login({ account, password: `wrong${i}` }, attackers[i % 5])),
      login({ account, password: 'right123' }, sixth),
    ]);
  const accountFailures = async (playerId: number) => {
    const { count } = await proxied.app.database.db
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll<bigint>().as('count'))
      .where('player_id', '=', playerId)
      .executeTakeFirstOrThrow();
    return Number(count);
  };

  it('refuses the right password from a sixth address with 10005 after 150 wrong ones from five addresses at once', async () => {
    const [home, ...others] = freshAddresses();
    const { account, playerId } = await register(home);
    const replies = await burst(account, others.slice(0, 5), others[5]);
    expect(replies.filter((r) => r.code === 0)).toHaveLength(0);
    expect(new Set(replies.map((r) => r.code))).toEqual(new Set([10007, 10005]));
    expect(await accountFailures(playerId)).toBeLessThanOrEqual(10);
    expect((await login({ account, password: 'right123' }, others[5])).code).toBe(10005);
  });

  it('lifts the lock when the 15-minute window has passed', async () => {
    const [home, ...others] = freshAddresses();
    const { account, playerId } = await register(home);
    await burst(account, others.slice(0, 5), others[5]);
    await proxied.app.database.db
      .updateTable('login_failures')
      .set({ failed_at: sql`failed_at - interval '16 minutes'` })
      .where('player_id', '=', playerId)
      .execute();
    expect((await login({ account, password: 'right123' }, others[5])).code).toBe(0);
  });

  it('still lets the player in from an address it signed in from, which has its own limit of the same size', async () => {
    const [home, ...others] = freshAddresses();
    const { account } = await register(home);
    await burst(account, others.slice(0, 5), others[5]);
    expect((await login({ account, password: 'right123' }, home)).code).toBe(0);

    const wrongAtHome = await Promise.all(Array.from({ length: 12 }, (_, i) => login({ account, password: `typo${i}` }, home)));
    expect(wrongAtHome.filter((r) => r.code === 10007)).toHaveLength(10);
    expect((await login({ account, password: 'right123' }, home)).code).toBe(10005);
  });

  it('lifts the lock when the password is reset with the e-mailed code', async () => {
    const [home, ...others] = freshAddresses();
    const email = `${unique('lockreset')}@example.com`;
    await proxied.call('/v1/player/captcha', { account: email }, { headers: { 'x-forwarded-for': home } });
    const code = await proxied.latestCode(email);
    const registered = await proxied.call('/v1/player/register', { kind: 2, email, code, password: 'right123' }, { headers: { 'x-forwarded-for': home } });
    expect(registered.code).toBe(0);
    await Promise.all(Array.from({ length: 30 }, (_, i) => login({ kind: 2, email, password: `wrong${i}` }, others[i % 5])));
    expect((await login({ kind: 2, email, password: 'right123' }, others[5])).code).toBe(10005);

    await proxied.call('/v1/player/captchachpwd', { account: email }, { headers: { 'x-forwarded-for': others[5] } });
    const resetCode = await proxied.latestCode(email);
    expect((await proxied.call('/v1/player/changepwd', { account: email, code: resetCode, password: 'fresh456' })).code).toBe(0);
    expect((await login({ kind: 2, email, password: 'fresh456' }, others[5])).code).toBe(0);
  });
});

describe('authentication', () => {
  it('answers HTTP 401 without a token and with an unknown one', async () => {
    expect((await t.call('/v1/player/load', {})).status).toBe(401);
    expect((await t.call('/v1/player/load', {}, { token: 'x'.repeat(43) })).status).toBe(401);
  });

  it('answers 10008 once the session has expired', async () => {
    const { token, playerId } = await t.registerPlayer();
    await t.app.database.db
      .updateTable('player_sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('player_id', '=', playerId)
      .execute();
    // The cached copy still knows the old expiry until it is refreshed; a fresh instance reads the row.
    t.app.services.sessions.close();
    const reply = await t.call('/v1/player/load', {}, { token });
    expect(reply.code).toBe(10008);
  });

  it("answers in the caller's language", async () => {
    const reply = await t.call('/v1/player/login', { kind: 1, account: unique('nobody'), password: 'abc123' }, { headers: { language: 'zh_CN' } });
    expect(reply.code).toBe(10002);
    expect(reply.msg).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('/v1/player/load', () => {
  it('returns the signed-in player', async () => {
    const { token, playerId, account } = await t.registerPlayer();
    const reply = await t.call('/v1/player/load', {}, { token });
    expect(reply.data).toMatchObject({ id: playerId, account, avatar: '01', accountType: 0, experienceType: 0, userType: 0 });
  });

  it('answers 10004 when the player row is gone', async () => {
    const { token, playerId } = await t.registerPlayer();
    await t.app.database.db
      .deleteFrom('player_sessions')
      .where('player_id', '=', playerId)
      .execute()
      .catch(() => undefined);
    // Sessions reference players; a missing player can only be simulated through the service.
    await expect(t.app.services.players.load({ playerId: 999_999_999, sessionId: 1n })).rejects.toMatchObject({ code: 10004 });
    expect(token).toBeTruthy();
  });
});

describe('/v1/player/logout', () => {
  it('ends the session: the token then gets HTTP 401', async () => {
    const { token } = await t.registerPlayer();
    expect((await t.call('/v1/player/logout', {}, { token })).code).toBe(0);
    expect((await t.call('/v1/player/load', {}, { token })).status).toBe(401);
  });
});

describe('/v1/player/heartbeat', () => {
  it('carries an active notice once per session, then none', async () => {
    const { token } = await t.registerPlayer();
    await t.app.database.db
      .insertInto('notices')
      .values({ title: JSON.stringify({ en_US: 'Maintenance', zh_CN: '维护' }), content: JSON.stringify({ en_US: 'Tonight 2:00', zh_CN: '今晚2点' }) })
      .execute();
    // Every instance holds the live bulletins in memory; a row written behind the bulletin service's back is read on its next reload.
    await t.app.services.bulletins.reload();
    const first = await t.call('/v1/player/heartbeat', {}, { token, headers: { language: 'zh_CN' } });
    expect(first.data.notice).toMatchObject({ title: '维护', content: '今晚2点' });
    const second = await t.call('/v1/player/heartbeat', {}, { token });
    expect(second.data.notice).toBeNull();
  });
});

describe('/v1/player/resetpwd', () => {
  it('changes the password knowing the old one', async () => {
    const { token, account } = await t.registerPlayer(undefined, 'old12345');
    expect((await t.call('/v1/player/resetpwd', { oldPassword: 'old12345', newPassword: 'new12345' }, { token })).code).toBe(0);
    expect((await t.call('/v1/player/login', { kind: 1, account, password: 'new12345' })).code).toBe(0);
  });

  it('rejects a wrong current password with 10027 and an unchanged one with 10019', async () => {
    const { token } = await t.registerPlayer(undefined, 'old12345');
    expect((await t.call('/v1/player/resetpwd', { oldPassword: 'bad12345', newPassword: 'new12345' }, { token })).code).toBe(10027);
    expect((await t.call('/v1/player/resetpwd', { oldPassword: 'old12345', newPassword: 'old12345' }, { token })).code).toBe(10019);
  });
});

describe('/v1/player/email/captcha and /v1/player/updateprofile', () => {
  it('binds an email with its code and the login password', async () => {
    const { token, password } = await t.registerPlayer();
    const email = `${unique('bind')}@example.com`;
    expect((await t.call('/v1/player/email/captcha', { account: email }, { token })).code).toBe(0);
    const code = await t.latestCode(email);
    const bound = await t.call('/v1/player/updateprofile', { email, code, password }, { token });
    expect(bound.code).toBe(0);
    expect(bound.data.email).toBe(email);
  });

  it('refuses to bind an email with a session alone: no password 12, a wrong one 10027, and nothing changes', async () => {
    // A stolen session must not bind the thief's address, reset the password with it and lock the owner out.
    const owner = await t.registerPlayer(undefined, 'owner1234');
    const email = `${unique('thief')}@example.com`;
    expect((await t.call('/v1/player/email/captcha', { account: email }, { token: owner.token })).code).toBe(0);
    const code = await t.latestCode(email);
    expect((await t.call('/v1/player/updateprofile', { email, code }, { token: owner.token })).code).toBe(12);
    expect((await t.call('/v1/player/updateprofile', { email, code, password: 'guess1234' }, { token: owner.token })).code).toBe(10027);
    expect((await t.call('/v1/player/load', {}, { token: owner.token })).data.email).toBeNull();
    expect((await t.call('/v1/player/captchachpwd', { account: email })).code).toBe(10002);
    // The owner still signs in with their password.
    expect((await t.call('/v1/player/login', { kind: 1, account: owner.account, password: 'owner1234' })).code).toBe(0);
  });

  it('changes a bound email only with the password and the codes sent to the old and the new address', async () => {
    const { token, password } = await t.registerPlayer();
    const old = `${unique('old')}@example.com`;
    await t.call('/v1/player/email/captcha', { account: old }, { token });
    expect((await t.call('/v1/player/updateprofile', { email: old, code: await t.latestCode(old), password }, { token })).code).toBe(0);

    const next = `${unique('new')}@example.com`;
    expect((await t.call('/v1/player/email/captcha', { account: next }, { token })).code).toBe(0);
    const newCode = await t.latestCode(next);
    // Without the bound address's code (a thief with the session and even the password) nothing changes.
    expect((await t.call('/v1/player/updateprofile', { email: next, code: newCode, password }, { token })).code).toBe(10024);
    expect((await t.call('/v1/player/email/captcha', { bound: true }, { token })).code).toBe(0);
    const oldCode = await t.latestCode(old);
    expect((await t.call('/v1/player/updateprofile', { email: next, code: newCode, password: 'wrong1234', oldCode }, { token })).code).toBe(10027);
    const wrongOld = oldCode === '000000' ? '111111' : '000000';
    expect((await t.call('/v1/player/updateprofile', { email: next, code: newCode, password, oldCode: wrongOld }, { token })).code).toBe(10024);
    expect((await t.call('/v1/player/load', {}, { token })).data.email).toBe(old);
    const changed = await t.call('/v1/player/updateprofile', { email: next, code: newCode, password, oldCode }, { token });
    expect(changed.code).toBe(0);
    expect(changed.data.email).toBe(next);
    // The old address no longer opens the account; the new one does.
    expect((await t.call('/v1/player/captchachpwd', { account: old })).code).toBe(10002);
    expect((await t.call('/v1/player/captchachpwd', { account: next })).code).toBe(0);
  });

  it('sends no code to a bound address the player does not have (10015), and refuses account with bound (12)', async () => {
    const { token } = await t.registerPlayer();
    expect((await t.call('/v1/player/email/captcha', { bound: true }, { token })).code).toBe(10015);
    expect((await t.call('/v1/player/email/captcha', { account: `${unique('x')}@example.com`, bound: true }, { token })).code).toBe(12);
    expect((await t.call('/v1/player/email/captcha', {}, { token })).code).toBe(12);
  });

  it('refuses an email another player holds with 10016', async () => {
    const first = await t.registerPlayer();
    const email = `${unique('shared')}@example.com`;
    await t.call('/v1/player/email/captcha', { account: email }, { token: first.token });
    await t.call('/v1/player/updateprofile', { email, code: await t.latestCode(email), password: first.password }, { token: first.token });
    const second = await t.registerPlayer();
    expect((await t.call('/v1/player/email/captcha', { account: email }, { token: second.token })).code).toBe(10016);
  });

  it('changes the avatar to a numbered two-digit image and rejects others with 12', async () => {
    const { token } = await t.registerPlayer();
    expect((await t.call('/v1/player/updateprofile', { avatar: '07' }, { token })).data.avatar).toBe('07');
    expect((await t.call('/v1/player/updateprofile', { avatar: '7' }, { token })).code).toBe(12);
    expect((await t.call('/v1/player/updateprofile', { avatar: '99' }, { token })).code).toBe(12);
  });

  it('answers 10017 when nothing would change', async () => {
    const { token } = await t.registerPlayer();
    expect((await t.call('/v1/player/updateprofile', { avatar: '01' }, { token })).code).toBe(10017);
  });

  it('rejects a bad email format on binding with 12', async () => {
    const { token } = await t.registerPlayer();
    expect((await t.call('/v1/player/email/captcha', { account: 'nope@' }, { token })).code).toBe(12);
  });
});

describe('/v1/player/captchachpwd and /v1/player/changepwd', () => {
  it('resets a forgotten password by code and ends the old session with 10008', async () => {
    const email = `${unique('forgot')}@example.com`;
    await t.call('/v1/player/captcha', { account: email });
    const registered = await t.call('/v1/player/register', { kind: 2, email, code: await t.latestCode(email), password: 'abc123' });
    const oldToken = registered.data.token;
    const sent = await t.call('/v1/player/captchachpwd', { account: email, lang: 'en_US' });
    expect(sent.code).toBe(0);
    expect(sent.data.maskedEmail).toMatch(/\*\*\*@example\.com$/);
    const code = await t.latestCode(email);
    expect((await t.call('/v1/player/changepwd', { account: email, code, password: 'newpass1' })).code).toBe(0);
    expect((await t.call('/v1/player/login', { kind: 2, email, password: 'newpass1' })).code).toBe(0);
    expect((await t.call('/v1/player/load', {}, { token: oldToken })).code).toBe(10008);
  });

  it('answers 10002 for an unknown account and 10015 when no email is linked', async () => {
    expect((await t.call('/v1/player/captchachpwd', { account: unique('nobody') })).code).toBe(10002);
    const { account } = await t.registerPlayer();
    expect((await t.call('/v1/player/captchachpwd', { account })).code).toBe(10015);
    expect((await t.call('/v1/player/changepwd', { account, code: '123456', password: 'abc1234' })).code).toBe(10015);
  });

  it('refuses a wrong code with 10024 and a code used twice with 10023', async () => {
    const email = `${unique('twice')}@example.com`;
    await t.call('/v1/player/captcha', { account: email });
    await t.call('/v1/player/register', { kind: 2, email, code: await t.latestCode(email), password: 'abc123' });
    await t.call('/v1/player/captchachpwd', { account: email });
    const code = await t.latestCode(email);
    expect((await t.call('/v1/player/changepwd', { account: email, code: code === '999999' ? '000000' : '999999', password: 'zzz999' })).code).toBe(10024);
    expect((await t.call('/v1/player/changepwd', { account: email, code, password: 'zzz999' })).code).toBe(0);
    expect((await t.call('/v1/player/changepwd', { account: email, code, password: 'yyy888' })).code).toBe(10023);
  });

  it('refuses the current password as the new one with 10019', async () => {
    const email = `${unique('same')}@example.com`;
    await t.call('/v1/player/captcha', { account: email });
    await t.call('/v1/player/register', { kind: 2, email, code: await t.latestCode(email), password: 'abc123' });
    await t.call('/v1/player/captchachpwd', { account: email });
    expect((await t.call('/v1/player/changepwd', { account: email, code: await t.latestCode(email), password: 'abc123' })).code).toBe(10019);
  });
});
