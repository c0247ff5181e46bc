import { BonusType } from '@lobby/contract';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlayer } from '../wallet/test-support.ts';
import { PUSH_PLAYER } from '../../realtime/realtime.ts';
import { createAutomationKey } from '../../testing/ops-key.ts';
import { ActivityCatalogue } from './activity-catalogue.ts';
import { startActivityTestApp, USDT, type ActivityTestApp } from './test-support.ts';

let t: ActivityTestApp;
let registerId: number;

beforeAll(async () => {
  t = await startActivityTestApp();
  registerId = (await t.activityOf(BonusType.REGISTER_REWARD)).id;
}, 180_000);
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  t.app.services.activity.clock = () => new Date();
  await t.expectLedgerOk();
});

const db = () => t.app.database.db;
const TEXTS = {
  en_US: { title: 'Welcome <b>back</b>', summary: 'Bind an e-mail', content: 'Line one\n\n<script>x</script>' },
  zh_CN: { title: '欢迎回来', summary: '绑定邮箱' },
};

/** Players with a bound e-mail, written directly: these tests are about claims, not about binding. */
async function playersWithEmail(n: number): Promise<TestPlayer[]> {
  const players = await Promise.all(Array.from({ length: n }, () => t.registerPlayer()));
  for (const p of players) await sql`update players set email = ${`${p.account}@example.com`} where id = ${p.playerId}`.execute(db());
  return players;
}

/** A key acting under a person's name, as the audit shows it; one per name and database. */
const keysByName = new Map<string, Promise<string>>();
const keyOf = (name: string) => {
  if (!keysByName.has(name))
    keysByName.set(
      name,
      createAutomationKey(db(), ['marketing.activities'], name).then((created) => created.key),
    );
  return keysByName.get(name)!;
};

const creditsOf = async (source: string, activityId: number) =>
  db().selectFrom('bonus_credits').select(['player_id', 'amount']).where('source', '=', source).where('source_ref', 'like', `${activityId}:%`).execute();

describe('/v1/activity/configSync', () => {
  it('lists the seven default activities, enabled, in the asked language, with their rules', async () => {
    const p = await t.registerPlayer();
    const reply = await t.call('/v1/activity/configSync', { language: 'zh_CN' }, { token: p.token });
    expect(reply.code).toBe(0);
    expect(reply.data.confs.map((c: { bonusType: number }) => c.bonusType).sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const signIn = reply.data.confs.find((c: { bonusType: number }) => c.bonusType === 1);
    expect(signIn).toMatchObject({
      title: '每日签到',
      manual: true,
      endAt: null,
      rules: { dailyTurnover: '10', rewards: ['0.1', '0.2', '0.3', '0.5', '0.8', '1', '2'] },
    });
    const again = await t.call('/v1/activity/configSync', { language: 'zh_CN', sinceVersion: reply.data.version }, { token: p.token });
    expect(again.data).toEqual({ version: reply.data.version, changed: false, confs: [] });
  });

  it("states each activity's wagering multiplier: its own when set, else the economy settings' for its bonus source", async () => {
    const p = await t.registerPlayer();
    const confs = async () =>
      (await t.call('/v1/activity/configSync', {}, { token: p.token })).data.confs as { id: number; bonusType: number; wageringMultiplier: number }[];
    const before = await confs();
    // ECONOMY.md defaults: register reward 10, first recharge 10, sign-in 5, the other activities 5.
    expect(Object.fromEntries(before.map((c) => [c.bonusType, c.wageringMultiplier]))).toEqual({ 1: 5, 2: 10, 3: 5, 4: 5, 5: 5, 6: 10, 7: 5 });
    const created = await t.ops('/ops/v1/activities/create', { type: BonusType.REGISTER_REWARD, texts: TEXTS, rules: { reward: '3' }, wageringMultiplier: 0 });
    const id = created.data.activity.id as number;
    try {
      expect((await confs()).find((c) => c.id === id)?.wageringMultiplier).toBe(0);
    } finally {
      await t.ops('/ops/v1/activities/disable', { id });
    }
  });

  it('asks a visitor to log in', async () => {
    expect((await t.call('/v1/activity/configSync', {})).status).toBe(401);
    expect((await t.call('/v1/activity/participate', { requestId: randomUUID(), activityId: registerId })).status).toBe(401);
  });
});

describe('/v1/activity/participate', () => {
  it('pays once for 20 parallel claims with different request ids; the others answer 14', async () => {
    const [p] = await playersWithEmail(1);
    const replies = await Promise.all(Array.from({ length: 20 }, () => t.participate(p!, registerId)));
    expect(replies.filter((r) => r.code === 0)).toHaveLength(1);
    expect(replies.filter((r) => r.code === 14)).toHaveLength(19);
    expect(await t.balances(p!)).toMatchObject({ usdt: '1', trx: '0', cash: { usdt: '0' }, bonus: { usdt: '1' } });
    expect(await creditsOf('register', registerId).then((rows) => rows.filter((r) => r.player_id === p!.playerId))).toHaveLength(1);
  });

  it('answers 20 parallel copies of one request alike and pays once', async () => {
    const [p] = await playersWithEmail(1);
    const requestId = randomUUID();
    const replies = await Promise.all(Array.from({ length: 20 }, () => t.participate(p!, registerId, requestId)));
    expect(replies.map((r) => r.code)).toEqual(Array(20).fill(0));
    expect(new Set(replies.map((r) => JSON.stringify(r.data.reward)))).toEqual(new Set([JSON.stringify({ amount: '1', currency: 'USDT' })]));
    expect(await t.balances(p!)).toMatchObject({ usdt: '1', trx: '0', cash: { usdt: '0' }, bonus: { usdt: '1' } });
  });

  it('never passes the budget cap under 50 parallel claims', async () => {
    const created = await t.ops('/ops/v1/activities/create', { type: BonusType.REGISTER_REWARD, texts: TEXTS, rules: { reward: '1' }, budgetCap: '10' });
    expect(created.code).toBe(0);
    const id = created.data.activity.id as number;
    const players = await playersWithEmail(50);
    const replies = await Promise.all(players.map((p) => t.participate(p, id)));
    expect(replies.filter((r) => r.code === 0)).toHaveLength(10);
    expect(replies.filter((r) => r.code === 14)).toHaveLength(40);
    const credits = await creditsOf('register', id);
    expect(credits.reduce((sum, c) => sum + c.amount, 0n)).toBe(USDT(10));
    const listed = (await t.ops('/ops/v1/activities/list', {})).data.activities.find((a: { id: number }) => a.id === id);
    expect(listed).toMatchObject({ budgetCap: '10', paidTotal: '10' });
    await t.ops('/ops/v1/activities/disable', { id });
  });

  it('pays no more claims than the per-player limit, even when more are earned', async () => {
    const created = await t.ops('/ops/v1/activities/create', { type: BonusType.BETTING_REBATE, texts: TEXTS, perPlayerLimit: 2 });
    const id = created.data.activity.id as number;
    const p = await t.player();
    await t.hashRound(p, USDT(20_000), 'lose');
    const replies = await Promise.all([t.participate(p, id), t.participate(p, id)]);
    // One claim pays the first two tiers (3 + 18); the limit then refuses the other and the third tier.
    expect(replies.map((r) => r.code).sort()).toEqual([0, 14]);
    expect(replies.find((r) => r.code === 0)!.data.reward.amount).toBe('21');
    expect((await t.participate(p, id)).code).toBe(14);
    expect(await t.balances(p)).toMatchObject({ usdt: '21', trx: '0' });
    await t.ops('/ops/v1/activities/disable', { id });
  });

  it('answers 10 for an activity that is disabled, not started or over, and 30007 before a first deposit where one is required', async () => {
    const [p] = await playersWithEmail(1);
    const created = await t.ops('/ops/v1/activities/create', { type: BonusType.REGISTER_REWARD, texts: TEXTS, rules: { reward: '2' }, requiresRecharge: true });
    const id = created.data.activity.id as number;
    expect((await t.participate(p!, id)).code).toBe(30007);
    await t.deposit(p!, { usdt: '1' });
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await t.ops('/ops/v1/activities/schedule', { id, startAt: future, endAt: null })).code).toBe(0);
    expect((await t.participate(p!, id)).code).toBe(10);
    t.app.services.activity.clock = () => new Date(Date.now() + 2 * 86_400_000);
    expect((await t.participate(p!, id)).data.reward.amount).toBe('2');
    await t.ops('/ops/v1/activities/disable', { id });
    expect((await t.participate(p!, id)).code).toBe(10);
    expect((await t.participate(p!, 999_999)).code).toBe(10);
  });
});

describe("the 'activity' push", () => {
  it('tells the player, shortly after an e-mail is bound, which activity now has a reward to claim', async () => {
    const pushes: { playerId: number; event: string; data: any }[] = [];
    const off = t.app.bus.subscribe(PUSH_PLAYER, (push) => pushes.push(push));
    try {
      const p = await t.player();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(pushes.filter((x) => x.playerId === p.playerId && x.event === 'activity')).toEqual([]);
      await t.bindEmail(p);
      await expect
        .poll(() => pushes.filter((x) => x.playerId === p.playerId && x.event === 'activity'), { timeout: 15_000 })
        .toEqual([{ playerId: p.playerId, event: 'activity', data: { claimable: 1, activityIds: [registerId] } }]);
    } finally {
      off();
    }
  });

  it('tells a player in a time-out nothing, while another player binding an e-mail beside them is told', async () => {
    const pushes: { playerId: number; event: string }[] = [];
    const off = t.app.bus.subscribe(PUSH_PLAYER, (push) => pushes.push(push));
    const activityPushes = (playerId: number) => pushes.filter((x) => x.playerId === playerId && x.event === 'activity');
    try {
      const paused = await t.player();
      const told = await t.player();
      expect((await t.call('/v1/player/protection/time_out', { days: 1 }, { token: paused.token })).code).toBe(0);
      await t.bindEmail(paused);
      await t.bindEmail(told);
      await expect.poll(() => activityPushes(told.playerId).length, { timeout: 15_000 }).toBe(1);
      expect(activityPushes(paused.playerId)).toEqual([]);
    } finally {
      off();
    }
  });
});

describe('/ops/v1/activities', () => {
  it('refuses invalid changes with 12 and changes nothing', async () => {
    const before = (await t.ops('/ops/v1/activities/list', {})).data.activities;
    expect((await t.ops('/ops/v1/activities/create', { type: 9, texts: TEXTS })).code).toBe(12);
    expect((await t.ops('/ops/v1/activities/create', { type: 1, texts: { zh_CN: TEXTS.zh_CN } })).code).toBe(12);
    expect((await t.ops('/ops/v1/activities/edit', { id: registerId, rules: { reward: '-1' } })).code).toBe(12);
    expect((await t.ops('/ops/v1/activities/edit', { id: registerId, imageUrl: 'https://elsewhere.example/banner.png' })).code).toBe(12);
    expect((await t.ops('/ops/v1/activities/schedule', { id: registerId, startAt: '2030-01-02T00:00:00Z', endAt: '2030-01-01T00:00:00Z' })).code).toBe(12);
    expect((await t.ops('/ops/v1/activities/edit', { id: registerId, by: 'ops' })).code).toBe(12);
    expect((await t.ops('/ops/v1/activities/list', {})).data.activities).toEqual(before);
    expect((await t.ops('/ops/v1/activities/list', {}, null)).status).toBe(401);
    const bannersOnly = (await createAutomationKey(db(), ['marketing.banners'])).key;
    expect(await t.ops('/ops/v1/activities/create', { type: 1, texts: TEXTS }, bannersOnly)).toMatchObject({ status: 403, code: 10055 });
  });

  it('applies an edit at once on every instance and audits old and new values, who and when', async () => {
    // A second instance's catalogue on the same database and event bus.
    const other = new ActivityCatalogue(db(), t.app.bus);
    await other.start();
    try {
      const created = await t.ops(
        '/ops/v1/activities/create',
        { type: BonusType.LOSS_REBATE, texts: TEXTS, rules: { percent: 10, minLoss: '20', cap: '100' } },
        await keyOf('alice'),
      );
      const id = created.data.activity.id as number;
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(other.get(id)?.rules).toMatchObject({ percent: 10, minLoss: USDT(20) });
      expect(
        (await t.ops('/ops/v1/activities/edit', { id, rules: { percent: 7, minLoss: '20', cap: null }, wageringMultiplier: 3 }, await keyOf('bob'))).code,
      ).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(other.get(id)).toMatchObject({ rules: { percent: 7, cap: null }, wageringMultiplier: 3 });
      const p = await t.registerPlayer();
      const conf = (await t.call('/v1/activity/configSync', { language: 'en_US' }, { token: p.token })).data.confs.find((c: { id: number }) => c.id === id);
      expect(conf).toMatchObject({ title: 'Welcome <b>back</b>', content: '<p>Line one</p><p>&lt;script&gt;x&lt;/script&gt;</p>', rules: { percent: 7 } });
      expect((await t.ops('/ops/v1/activities/disable', { id }, await keyOf('carol'))).code).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(other.get(id)?.enabled).toBe(false);
      const audit = (await t.ops('/ops/v1/activities/audit', { id })).data.changes;
      expect(audit.map((c: { action: string; by: string }) => [c.action, c.by])).toEqual([
        ['disable', 'carol'],
        ['edit', 'bob'],
        ['create', 'alice'],
      ]);
      expect(audit[1]).toMatchObject({
        oldValue: { rules: { percent: 10 }, wagering_multiplier: null },
        newValue: { rules: { percent: 7 }, wagering_multiplier: 3 },
      });
      expect(Date.parse(audit[0].at)).toBeGreaterThan(Date.now() - 60_000);
    } finally {
      other.stop();
    }
  });

  it('stores a banner with the media store and shows its /media path; refuses what is not an image', async () => {
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    const set = await t.ops('/ops/v1/activities/banner', { id: registerId, image: { data: png, type: 'image/png' } });
    expect(set.code).toBe(0);
    expect(set.data.activity.imageUrl).toMatch(/^\/media\/[0-9a-f]{32}\.png$/);
    const served = await fetch(t.url + set.data.activity.imageUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    const p = await t.registerPlayer();
    const conf = (await t.call('/v1/activity/configSync', {}, { token: p.token })).data.confs.find((c: { id: number }) => c.id === registerId);
    expect(conf.imageUrl).toBe(set.data.activity.imageUrl);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64');
    expect((await t.ops('/ops/v1/activities/banner', { id: registerId, image: { data: svg } })).code).toBe(12);
  });

  it("credits an activity's own wagering multiplier", async () => {
    const created = await t.ops('/ops/v1/activities/create', { type: BonusType.REGISTER_REWARD, texts: TEXTS, rules: { reward: '3' }, wageringMultiplier: 2 });
    const id = created.data.activity.id as number;
    const [p] = await playersWithEmail(1);
    expect((await t.participate(p!, id)).code).toBe(0);
    const credit = await db().selectFrom('bonus_credits').select(['amount', 'wagering_added']).where('player_id', '=', p!.playerId).executeTakeFirstOrThrow();
    expect(credit).toEqual({ amount: USDT(3), wagering_added: USDT(6) });
    await t.ops('/ops/v1/activities/disable', { id });
  });
});
