import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../money/ledger-check.ts';
import { createAutomationKey } from '../../testing/ops-key.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ EXPERIENCE_GOLD_GRANT_MAX_USDT: '50' });
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.database.db;

const grant = (body: unknown, key?: string | null) => t.ops('/ops/v1/playerMarks/grantExperienceGold', body, key);
const issue = (body: unknown, key?: string | null) => t.ops('/ops/v1/playerMarks/issueInviteCodes', body, key);
/** The newest audit record of a call: who made it, on what, and what it changed. */
const lastAudit = async (action: string) =>
  (
    await sql<{
      actor_name: string;
      target: string | null;
      code: number;
      after: unknown;
    }>`select actor_name, target, code, after from audit_records where action = ${action} order by id desc limit 1`.execute(db())
  ).rows[0];
/** Experience gold is bonus money: it lands on the player's bonus balance. */
const usdtOf = async (playerId: number) => (await t.app.services.ledger.balance({ kind: 'player_bonus', playerId }, 'USDT')).toString();

describe('/v1/player_mark/special_invited_account/info', () => {
  it('answers 0 and no date for an ordinary account', async () => {
    const { token } = await t.registerPlayer();
    const reply = await t.call('/v1/player_mark/special_invited_account/info', {}, { token });
    expect(reply).toMatchObject({ code: 0, data: { accountType: 0, markedAt: null } });
  });

  it('answers 1 and when for an account registered with a special invite code', async () => {
    const { data } = await issue({ count: 1, maxUses: 1 });
    const registered = await t.call('/v1/player/register', {
      kind: 1,
      account: `inv${Date.now()}`,
      password: 'secret123',
      inviteCode: data.codes[0].toLowerCase(),
    });
    expect(registered.code).toBe(0);
    expect(registered.data.player.accountType).toBe(1);
    const reply = await t.call('/v1/player_mark/special_invited_account/info', {}, { token: registered.data.token });
    expect(reply.data.accountType).toBe(1);
    expect(Date.parse(reply.data.markedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('refuses a visitor', async () => {
    expect((await t.call('/v1/player_mark/special_invited_account/info', {})).status).toBe(401);
    expect((await t.call('/v1/player_mark/experience_gold/info', {})).status).toBe(401);
  });
});

describe('/v1/player_mark/experience_gold/info', () => {
  it('answers an ordinary account with type 0, nothing granted and the SPEC thresholds', async () => {
    const { token } = await t.registerPlayer();
    const reply = await t.call('/v1/player_mark/experience_gold/info', {}, { token });
    expect(reply.data).toEqual({ accountType: 0, isSettlement: false, hasUnsettledOrders: false, grantedAmount: '0', useLimit: '3', withdrawFrom: '100' });
  });
});

describe('/ops/v1/playerMarks/grantExperienceGold', () => {
  it('credits the gold from the experience pool once per request id and makes the account an experience account', async () => {
    const player = await t.registerPlayer();
    const body = { requestId: `grant-${player.playerId}`, playerId: player.playerId, amount: '10', note: 'trial' };
    const first = await grant(body);
    expect(first).toMatchObject({ code: 0, data: { requestId: body.requestId, playerId: player.playerId, amount: '10', replayed: false } });
    expect(await usdtOf(player.playerId)).toBe('10000000');
    const again = await grant(body);
    expect(again).toMatchObject({ code: 0, data: { amount: '10', replayed: true } });
    expect(await usdtOf(player.playerId)).toBe('10000000');

    const info = await t.call('/v1/player_mark/experience_gold/info', {}, { token: player.token });
    expect(info.data).toMatchObject({ accountType: 1, isSettlement: false, grantedAmount: '10' });
    expect((await t.call('/v1/player/load', {}, { token: player.token })).data.experienceType).toBe(1);
    expect(await lastAudit('/ops/v1/playerMarks/grantExperienceGold')).toMatchObject({ actor_name: t.opsName, target: `player:${player.playerId}`, code: 0 });
    expect((await checkLedger(db())).ok).toBe(true);
  });

  it('applies one of twenty parallel copies of a grant', async () => {
    const player = await t.registerPlayer();
    const body = { requestId: `parallel-${player.playerId}`, playerId: player.playerId, amount: '5' };
    const replies = await Promise.all(Array.from({ length: 20 }, () => grant(body)));
    for (const reply of replies) expect(reply.code, JSON.stringify(reply)).toBe(0);
    expect(replies.filter((reply) => reply.code === 0 && reply.data.replayed === false)).toHaveLength(1);
    expect(await usdtOf(player.playerId)).toBe('5000000');
  });

  it('refuses the same request id for another player or amount, an unknown player and an ended experience', async () => {
    const player = await t.registerPlayer();
    const other = await t.registerPlayer();
    await grant({ requestId: `conflict-${player.playerId}`, playerId: player.playerId, amount: '10' });
    expect((await grant({ requestId: `conflict-${player.playerId}`, playerId: player.playerId, amount: '11' })).code).toBe(12);
    expect((await grant({ requestId: `conflict-${player.playerId}`, playerId: other.playerId, amount: '10' })).code).toBe(12);
    expect((await grant({ requestId: `ghost-${player.playerId}`, playerId: 2_000_000_000, amount: '10' })).code).toBe(10004);
    await db().updateTable('players').set({ experience_type: 2 }).where('id', '=', other.playerId).execute();
    expect((await grant({ requestId: `ended-${other.playerId}`, playerId: other.playerId, amount: '10' })).code).toBe(12);
    expect(await usdtOf(other.playerId)).toBe('0');
  });

  it('validates the body', async () => {
    const player = await t.registerPlayer();
    for (const body of [
      {},
      { requestId: 'r1', playerId: player.playerId },
      { requestId: 'r1', playerId: player.playerId, amount: '0' },
      { requestId: 'r1', playerId: player.playerId, amount: '-1' },
      { requestId: 'r1', playerId: player.playerId, amount: '1.1234567' },
      { requestId: 'bad id', playerId: player.playerId, amount: '1' },
      { requestId: 'r1', playerId: 'x', amount: '1' },
      { requestId: 'r1', playerId: player.playerId, amount: '1', extra: true },
    ]) {
      const reply = await grant(body);
      expect(reply.code, JSON.stringify(body)).toBe(12);
    }
    expect(await usdtOf(player.playerId)).toBe('0');
  });

  it('grants at most the configured amount at once (EXPERIENCE_GOLD_GRANT_MAX_USDT)', async () => {
    const player = await t.registerPlayer();
    expect(await grant({ requestId: `over-${player.playerId}`, playerId: player.playerId, amount: '50.000001' })).toMatchObject({
      code: 12,
      msg: expect.stringContaining('50 USDT'),
    });
    expect(await usdtOf(player.playerId)).toBe('0');
    expect((await grant({ requestId: `cap-${player.playerId}`, playerId: player.playerId, amount: '50' })).code).toBe(0);
    expect(await usdtOf(player.playerId)).toBe('50000000');
  });

  it('needs a key holding players.marks', async () => {
    const player = await t.registerPlayer();
    const body = { requestId: `key-${player.playerId}`, playerId: player.playerId, amount: '1' };
    expect((await grant(body, null)).status).toBe(401);
    expect((await grant(body, 'wrong-key-wrong-key')).status).toBe(401);
    const { key } = await createAutomationKey(db(), ['players.read']);
    expect(await grant(body, key)).toMatchObject({ status: 403, code: 10055 });
    expect(await usdtOf(player.playerId)).toBe('0');
  });
});

describe('/ops/v1/playerMarks/issueInviteCodes', () => {
  it('issues codes good for their number of registrations; later ones register as ordinary accounts', async () => {
    const reply = await issue({ count: 3, maxUses: 2, note: 'partner A' });
    expect(reply.code).toBe(0);
    expect(reply.data.codes).toHaveLength(3);
    expect(new Set(reply.data.codes).size).toBe(3);
    for (const code of reply.data.codes) expect(code).toMatch(/^[A-Z0-9]{10}$/);
    expect(await lastAudit('/ops/v1/playerMarks/issueInviteCodes')).toMatchObject({
      actor_name: t.opsName,
      code: 0,
      after: { codes: reply.data.codes, maxUses: 2, note: 'partner A' },
    });

    const code = reply.data.codes[0];
    const types: number[] = [];
    for (let i = 0; i < 3; i++) {
      const registered = await t.call('/v1/player/register', { kind: 1, account: `limit${i}${Date.now()}`, password: 'secret123', inviteCode: code });
      expect(registered.code).toBe(0);
      types.push(registered.data.player.accountType);
    }
    expect(types).toEqual([1, 1, 0]);
    const row = await db().selectFrom('special_invite_codes').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ used: 2, max_uses: 2, note: 'partner A' });
  });

  it('validates the body and needs a key', async () => {
    for (const body of [{ count: 0 }, { count: 101 }, { maxUses: 0 }, { count: 'x' }, { other: 1 }]) {
      expect((await issue(body)).code, JSON.stringify(body)).toBe(12);
    }
    expect((await issue({ count: 1 }, null)).status).toBe(401);
  });

  it('is gone from its old path', async () => {
    const response = await fetch(`${t.url}/ops/player-marks/special-invite-codes/issue`, { method: 'POST', headers: { 'x-api-key': t.opsKey } });
    expect(response.status).toBe(404);
  });
});

describe('/ops/v1/playerMarks/setUserType', () => {
  const setType = (body: unknown, key?: string | null) => t.ops('/ops/v1/playerMarks/setUserType', body, key);

  it("makes a player a business (merchant) and back, with the change and its reason in the audit; the player's page shows it", async () => {
    const player = await t.registerPlayer();
    const reply = await setType({ playerId: player.playerId, userType: 1, reason: 'signed merchant agreement' });
    expect(reply.data).toEqual({ playerId: player.playerId, userType: 1, changed: true });
    expect((await t.ops('/ops/v1/players/get', { playerId: player.playerId })).data.userType).toBe(1);
    const audit = (
      await sql<{ target: string; before: unknown; after: unknown; reason: string }>`
      select target, before, after, reason from audit_records where action = '/ops/v1/playerMarks/setUserType' order by id desc limit 1`.execute(db())
    ).rows[0];
    expect(audit).toMatchObject({ target: `player:${player.playerId}`, before: { userType: 0 }, after: { userType: 1 }, reason: 'signed merchant agreement' });

    expect((await setType({ playerId: player.playerId, userType: 1, reason: 'again' })).data.changed).toBe(false);
    expect((await setType({ playerId: player.playerId, userType: 0, reason: 'agreement ended' })).data).toEqual({
      playerId: player.playerId,
      userType: 0,
      changed: true,
    });
  });

  it('refuses an unknown player, a type other than 0 or 1, a missing reason, and a key without players.marks', async () => {
    const player = await t.registerPlayer();
    expect((await setType({ playerId: 2_000_000_000, userType: 1, reason: 'merchant' })).code).toBe(10004);
    for (const body of [
      { playerId: player.playerId, userType: 2, reason: 'merchant' },
      { playerId: player.playerId, userType: 1 },
      { playerId: player.playerId, userType: 1, reason: 'x' },
    ]) {
      expect((await setType(body)).code, JSON.stringify(body)).toBe(12);
    }
    const { key } = await createAutomationKey(db(), ['players.read']);
    expect((await setType({ playerId: player.playerId, userType: 1, reason: 'merchant' }, key)).code).toBe(10055);
  });
});
