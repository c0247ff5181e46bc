import { BonusType } from '@lobby/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlayer } from '../wallet/test-support.ts';
import { addDays, shanghaiDay } from './shanghai-day.ts';
import { startActivityTestApp, USDT, type ActivityTestApp } from './test-support.ts';

// Each of the seven activity types, from the event that earns it to the payout, with its edges.
// Days are Asia/Shanghai days; the activity clock is moved across them, and rounds are moved to the
// day they are meant to have settled on.

let t: ActivityTestApp;
const ids: Record<number, number> = {};
const today = shanghaiDay(new Date());

beforeAll(async () => {
  t = await startActivityTestApp();
  for (const type of Object.values(BonusType)) ids[type] = (await t.activityOf(type)).id;
}, 180_000);
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  t.at(new Date());
  t.app.services.activity.clock = () => new Date();
  await t.expectLedgerOk();
});

const db = () => t.app.database.db;
const stateOf = async (p: TestPlayer, type: number) => (await t.playerData(p)).find((s) => s.bonusType === type);
const bonusesOf = (p: TestPlayer) =>
  db().selectFrom('bonus_credits').select(['bonus_type', 'source', 'amount', 'wagering_added']).where('player_id', '=', p.playerId).orderBy('id').execute();

describe('register reward (type 6)', () => {
  it('pays 1 USDT with 10x wagering once the e-mail is bound, and only once', async () => {
    const p = await t.player();
    expect(await stateOf(p, BonusType.REGISTER_REWARD)).toMatchObject({ canParticipate: false, pendingReward: '0', participated: false });
    const early = await t.participate(p, ids[BonusType.REGISTER_REWARD]!);
    expect(early.code).toBe(14);
    await t.bindEmail(p);
    expect(await stateOf(p, BonusType.REGISTER_REWARD)).toMatchObject({ canParticipate: true, pendingReward: '1' });
    const paid = await t.participate(p, ids[BonusType.REGISTER_REWARD]!);
    expect(paid).toMatchObject({ code: 0, data: { bonusType: 6, reward: { amount: '1', currency: 'USDT' }, balances: { usdt: '1', trx: '0' } } });
    expect((await t.participate(p, ids[BonusType.REGISTER_REWARD]!)).code).toBe(14);
    expect(await bonusesOf(p)).toEqual([{ bonus_type: 6, source: 'register', amount: USDT(1), wagering_added: USDT(10) }]);
    expect(await stateOf(p, BonusType.REGISTER_REWARD)).toMatchObject({ canParticipate: false, participated: true });
  });
});

describe('first recharge (type 2)', () => {
  it('pays 100 % of a first deposit of at least 10 USDT, up to 100 USDT', async () => {
    const small = await t.player();
    await t.deposit(small, { usdt: '30' });
    expect((await t.participate(small, ids[BonusType.FIRST_RECHARGE]!)).data.reward).toEqual({ amount: '30', currency: 'USDT' });
    const large = await t.player();
    await t.deposit(large, { usdt: '250' });
    expect((await t.participate(large, ids[BonusType.FIRST_RECHARGE]!)).data.reward).toEqual({ amount: '100', currency: 'USDT' });
    expect(await bonusesOf(large)).toEqual([{ bonus_type: 2, source: 'first_recharge', amount: USDT(100), wagering_added: USDT(1000) }]);
  });

  it('pays nothing when the first deposit was below the minimum, however much follows', async () => {
    const p = await t.player();
    await t.deposit(p, { usdt: '9.99' });
    await t.deposit(p, { usdt: '500' });
    expect(await stateOf(p, BonusType.FIRST_RECHARGE)).toMatchObject({ canParticipate: false, progress: { current: '9.99', target: '10' } });
    const refused = await t.participate(p, ids[BonusType.FIRST_RECHARGE]!);
    expect(refused.code).toBe(14);
    expect(await t.balances(p)).toMatchObject({ usdt: '509.99', trx: '0' });
  });

  it('can no longer be claimed 7 days after the deposit', async () => {
    const p = await t.player();
    await t.deposit(p, { usdt: '20' });
    t.at(new Date(Date.now() + 7 * 86_400_000 + 60_000));
    expect((await t.participate(p, ids[BonusType.FIRST_RECHARGE]!)).code).toBe(14);
    t.at(new Date(Date.now() + 6 * 86_400_000));
    expect((await t.participate(p, ids[BonusType.FIRST_RECHARGE]!)).data.reward.amount).toBe('20');
  });
});

describe('invitation (type 3)', () => {
  it('pays the inviter 5 USDT once per invitee who deposited 50 and wagered 200', async () => {
    const inviter = await t.player();
    const { invite_code: code } = await db().selectFrom('players').select('invite_code').where('id', '=', inviter.playerId).executeTakeFirstOrThrow();
    const register = async () => {
      const account = `inv${Math.floor(Math.random() * 1e9)}`;
      const reply = await t.call('/v1/player/register', { kind: 1, account, password: 'secret123', inviteCode: code });
      expect(reply.code).toBe(0);
      return { token: reply.data.token, playerId: reply.data.player.id, account, password: 'secret123' };
    };
    const first = await register();
    const second = await register();
    await t.deposit(first, { usdt: '50' });
    await t.hashRound(first, USDT(150), 'lose');
    expect((await t.participate(inviter, ids[BonusType.INVITATION]!)).code).toBe(14);
    await t.hashRound(first, USDT(50), 'lose');
    await t.deposit(second, { usdt: '49' });
    await t.hashRound(second, USDT(300), 'lose');
    const paid = await t.participate(inviter, ids[BonusType.INVITATION]!);
    expect(paid.data.reward).toEqual({ amount: '5', currency: 'USDT' });
    expect((await t.participate(inviter, ids[BonusType.INVITATION]!)).code).toBe(14);
    await t.deposit(second, { usdt: '1' });
    expect((await t.participate(inviter, ids[BonusType.INVITATION]!)).data.reward.amount).toBe('5');
    expect((await t.participate(inviter, ids[BonusType.INVITATION]!)).code).toBe(14);
    expect((await bonusesOf(inviter)).map((b) => [b.source, b.amount])).toEqual([
      ['invitation', USDT(5)],
      ['invitation', USDT(5)],
    ]);
  });
});

describe('betting rebate (type 4)', () => {
  it("pays each tier of the day's valid turnover once that day, and starts again the next day", async () => {
    const p = await t.player();
    t.at(today);
    await t.hashRound(p, USDT(999), 'lose');
    expect(await stateOf(p, BonusType.BETTING_REBATE)).toMatchObject({ canParticipate: false, progress: { current: '999', target: '1000' } });
    await t.hashRound(p, USDT(1), 'lose');
    expect((await t.participate(p, ids[BonusType.BETTING_REBATE]!)).data.reward.amount).toBe('3');
    expect((await t.participate(p, ids[BonusType.BETTING_REBATE]!)).code).toBe(14);
    await t.hashRound(p, USDT(4000), 'lose');
    expect((await t.participate(p, ids[BonusType.BETTING_REBATE]!)).data.reward.amount).toBe('18');
    t.at(addDays(today, 1));
    expect((await t.participate(p, ids[BonusType.BETTING_REBATE]!)).code).toBe(14);
  });
});

describe('hash task (type 5)', () => {
  it('counts only hash rounds of 3-second games: third-party rounds and other hash games do not move it', async () => {
    const p = await t.player();
    t.at(today);
    for (let i = 0; i < 20; i++) await t.slotRound(p, USDT(10), 0n);
    await t.hashRound(p, USDT(200), 'lose', 101);
    expect((await t.participate(p, ids[BonusType.HASH_TASK]!)).code).toBe(14);
    for (let i = 0; i < 19; i++) await t.hashRound(p, USDT(1), i % 2 === 0 ? 'win' : 'lose', 1 + (i % 7));
    expect(await stateOf(p, BonusType.HASH_TASK)).toMatchObject({ canParticipate: false, progress: { current: '19', target: '20' } });
    await t.hashRound(p, USDT(1), 'lose');
    const paid = await t.participate(p, ids[BonusType.HASH_TASK]!);
    expect(paid.data.reward.amount).toBe('0.5');
    expect((await t.participate(p, ids[BonusType.HASH_TASK]!)).code).toBe(14);
    // The turnover task: 100 USDT of valid hash turnover (a win at 1.95 counts 0.95 of its stake).
    expect(await stateOf(p, BonusType.HASH_TASK)).toMatchObject({ progress: { target: '100' } });
    await t.hashRound(p, USDT(100), 'lose', 2);
    expect((await t.participate(p, ids[BonusType.HASH_TASK]!)).data.reward.amount).toBe('0.5');
    expect(await stateOf(p, BonusType.HASH_TASK)).toMatchObject({ participated: true, canParticipate: false });
  });
});

describe('sign-in (type 1)', () => {
  it('needs 10 USDT of valid turnover a day, pays the streak 0.1, 0.2, ... and restarts after a missed day', async () => {
    const p = await t.player();
    const [d1, d2, d3, d4] = [addDays(today, -3), addDays(today, -2), addDays(today, -1), today];
    t.at(d1);
    expect((await t.participate(p, ids[BonusType.SIGN_IN]!)).code).toBe(14);
    await t.hashRound(p, USDT(10), 'lose');
    await t.settledOn(p, d1);
    expect((await t.participate(p, ids[BonusType.SIGN_IN]!)).data.reward.amount).toBe('0.1');
    expect((await t.participate(p, ids[BonusType.SIGN_IN]!)).code).toBe(14);
    t.at(d2);
    await t.hashRound(p, USDT(20), 'lose');
    await t.settledOn(p, d2);
    expect((await t.participate(p, ids[BonusType.SIGN_IN]!)).data.reward.amount).toBe('0.2');
    // d3 has turnover but is never signed: the streak breaks.
    t.at(d3);
    await t.hashRound(p, USDT(10), 'lose');
    await t.settledOn(p, d3);
    t.at(d4);
    await t.hashRound(p, USDT(9), 'lose');
    expect(await stateOf(p, BonusType.SIGN_IN)).toMatchObject({ canParticipate: false, progress: { current: '9', target: '10' } });
    await t.hashRound(p, USDT(1), 'lose');
    expect((await t.participate(p, ids[BonusType.SIGN_IN]!)).data.reward.amount).toBe('0.1');
    const wagering = await bonusesOf(p);
    expect(wagering.map((b) => b.wagering_added)).toEqual([USDT(0.5), USDT(1), USDT(0.5)]);
  });
});

describe('loss rebate (type 7)', () => {
  it("pays 5 % of the previous day's net loss, wins offsetting losses, from 50 USDT, the day after", async () => {
    const yesterday = addDays(today, -1);
    // Gross loss 100, but a win of 95 on 100 leaves a net loss of 5: nothing.
    const offset = await t.player();
    t.at(today);
    await t.hashRound(offset, USDT(100), 'lose');
    await t.hashRound(offset, USDT(100), 'win');
    await t.settledOn(offset, yesterday);
    expect(await stateOf(offset, BonusType.LOSS_REBATE)).toMatchObject({ canParticipate: false, progress: { current: '5', target: '50' } });
    expect((await t.participate(offset, ids[BonusType.LOSS_REBATE]!)).code).toBe(14);

    const loser = await t.player();
    await t.hashRound(loser, USDT(200), 'lose');
    await t.hashRound(loser, USDT(100), 'win');
    await t.settledOn(loser, yesterday);
    // Today's losses wait for today's close.
    await t.hashRound(loser, USDT(1000), 'lose');
    expect((await t.participate(loser, ids[BonusType.LOSS_REBATE]!)).data.reward.amount).toBe('5.25');
    expect((await t.participate(loser, ids[BonusType.LOSS_REBATE]!)).code).toBe(14);
    t.at(addDays(today, 1));
    expect((await t.participate(loser, ids[BonusType.LOSS_REBATE]!)).data.reward.amount).toBe('50');
  });
});

describe('/v1/reportForm/activityForm', () => {
  it('lists activity bonuses by type', async () => {
    const p = await t.player();
    await t.bindEmail(p);
    await t.deposit(p, { usdt: '10' });
    await t.participate(p, ids[BonusType.REGISTER_REWARD]!);
    await t.participate(p, ids[BonusType.FIRST_RECHARGE]!);
    const all = await t.call('/v1/reportForm/activityForm', { page: 1, pageSize: 10 }, { token: p.token });
    expect(all.data.list.map((r: { bonusType: number; amount: string }) => [r.bonusType, r.amount])).toEqual([
      [2, '10'],
      [6, '1'],
    ]);
    const firstRecharge = await t.call('/v1/reportForm/activityForm', { page: 1, pageSize: 10, bonusType: 2 }, { token: p.token });
    expect(firstRecharge.data).toMatchObject({ total: 1, list: [{ bonusType: 2, title: 'First deposit bonus', amount: '10' }] });
  });
});
