import { ErrorCode, SHIPPED_ROLE_PERMISSIONS } from '@lobby/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAutomationKey } from '../../testing/ops-key.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { MARTINGALE } from '../auto-bet/test-support.ts';

/** Two instances on one database and one bus, as behind a load balancer. */
let t: TestApp;
let other: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  other = await startTestApp({}, { alongside: t });
}, 60_000);

afterAll(async () => {
  await other?.close();
  await t?.close();
});

const balanceOn = (app: TestApp, token: string) => app.call('/v1/player/balance/get', {}, { token });

describe('/ops/v1/players/freeze', () => {
  it("ends the player's sessions on every instance within a second, stops their auto-bet and refuses sign-in with 10005", async () => {
    const p = await t.registerPlayer();
    // Known to the other instance's session cache before the freeze.
    expect((await balanceOn(other, p.token)).code).toBe(0);
    const started = await t.call(
      '/v1/auto_bet/start',
      { simulate: true, gameId: 1, gameLevel: 0, wakeUp: { type: 3 }, strategy: MARTINGALE },
      { token: p.token },
    );
    expect(started.code).toBe(0);

    const frozen = await t.ops('/ops/v1/players/freeze', { playerId: p.playerId, reason: 'chargeback investigation' });
    expect(frozen.code).toBe(0);
    expect(frozen.data).toMatchObject({ frozen: true, history: [{ frozen: true, reason: 'chargeback investigation', by: t.opsName }] });

    const deadline = Date.now() + 1_000;
    let reply = await balanceOn(other, p.token);
    while (reply.code === 0 && Date.now() < deadline) reply = await balanceOn(other, p.token);
    expect(reply.status).toBe(401);
    expect((await balanceOn(t, p.token)).status).toBe(401);
    const runs = await t.app.database.db.selectFrom('auto_bet_runs').select('is_open').where('player_id', '=', p.playerId).execute();
    expect(runs.map((run) => run.is_open)).toEqual([false]);
    expect((await t.call('/v1/player/login', { kind: 1, account: p.account, password: p.password })).code).toBe(ErrorCode.LOGIN_RESTRICTED);
  });

  it('unfreezes with a reason, and the player signs in again; the history keeps both with who decided', async () => {
    const p = await t.registerPlayer();
    const decider = await createAutomationKey(t.app.database.db, SHIPPED_ROLE_PERMISSIONS.risk, 'risk-desk');
    expect((await t.ops('/ops/v1/players/freeze', { playerId: p.playerId, reason: 'linked accounts' }, decider.key)).code).toBe(0);
    const back = await t.ops('/ops/v1/players/unfreeze', { playerId: p.playerId, reason: 'cleared after review' }, decider.key);
    expect(back.data).toMatchObject({
      frozen: false,
      history: [
        { frozen: false, reason: 'cleared after review', by: 'risk-desk' },
        { frozen: true, reason: 'linked accounts', by: 'risk-desk' },
      ],
    });
    expect((await t.call('/v1/player/login', { kind: 1, account: p.account, password: p.password })).code).toBe(0);
  });

  it('refuses a second freeze, an unfreeze of a player in good standing and an unknown player, changing nothing', async () => {
    const p = await t.registerPlayer();
    expect((await t.ops('/ops/v1/players/unfreeze', { playerId: p.playerId, reason: 'nothing to undo' })).code).toBe(ErrorCode.NO_PLAYER_DATA);
    expect((await t.ops('/ops/v1/players/freeze', { playerId: p.playerId, reason: 'first' })).code).toBe(0);
    expect((await t.ops('/ops/v1/players/freeze', { playerId: p.playerId, reason: 'second' })).code).toBe(ErrorCode.NO_PLAYER_DATA);
    expect((await t.ops('/ops/v1/players/freeze', { playerId: 999_999_999, reason: 'nobody' })).code).toBe(ErrorCode.PLAYER_MISSING);
    expect((await t.ops('/ops/v1/players/freeze', { playerId: p.playerId })).code).toBe(ErrorCode.INVALID_PARAMETERS);
    expect((await t.ops('/ops/v1/players/standing', { playerId: p.playerId })).data.history).toHaveLength(1);
  });

  it('is refused to a support key (10055) and to nobody (401)', async () => {
    const p = await t.registerPlayer();
    const support = await createAutomationKey(t.app.database.db, SHIPPED_ROLE_PERMISSIONS.support);
    const refused = await t.ops('/ops/v1/players/freeze', { playerId: p.playerId, reason: 'not mine to decide' }, support.key);
    expect([refused.status, refused.code]).toEqual([403, ErrorCode.PERMISSION_DENIED]);
    expect((await t.ops('/ops/v1/players/freeze', { playerId: p.playerId, reason: 'anonymous' }, null)).status).toBe(401);
    expect((await balanceOn(t, p.token)).code).toBe(0);
  });
});

describe('/ops/v1/players/endSessions', () => {
  it('signs the player out on every instance; they may sign in again', async () => {
    const p = await t.registerPlayer();
    expect((await balanceOn(other, p.token)).code).toBe(0);
    expect((await t.ops('/ops/v1/players/endSessions', { playerId: p.playerId, reason: 'lost phone reported' })).code).toBe(0);
    const deadline = Date.now() + 1_000;
    let reply = await balanceOn(other, p.token);
    while (reply.code === 0 && Date.now() < deadline) reply = await balanceOn(other, p.token);
    expect(reply.status).toBe(401);
    expect((await t.call('/v1/player/login', { kind: 1, account: p.account, password: p.password })).code).toBe(0);
  });
});
