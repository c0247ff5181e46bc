import { randomUUID } from 'node:crypto';
import { BonusType, GameType } from '@lobby/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../money/ledger-check.ts';
import { createAutomationKey } from '../../testing/ops-key.ts';
import { TurnoverRepository } from '../turnover/turnover.repo.ts';
import { startWalletTestApp, type TestPlayer, type WalletTestApp } from '../wallet/test-support.ts';

/**
 * ECONOMY.md "Referral", self-referral: an invitee registered from an address or device its inviter
 * used within 30 days is flagged; its invitation reward and the commission it earns the inviter are
 * held (players see "under review") until an operator clears the pair, which makes them payable once.
 * Addresses come through X-Forwarded-For from a trusted proxy, so one test process can be many places.
 */
let t: WalletTestApp;
beforeAll(async () => {
  t = await startWalletTestApp({ SELF_REFERRAL_REVIEW: 'true', TRUST_PROXY: '127.0.0.1' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  expect((await checkLedger(t.app.database.db)).problems).toEqual([]);
});

const db = () => t.app.database.db;
let seq = 0;
let nextHeight = 31_000_000 + Math.floor(Math.random() * 1_000_000);
const USDT = (units: number) => BigInt(Math.round(units * 1e6));

interface From {
  ip: string;
  clientIp?: string;
  device?: string;
}

const headersOf = (from: From) => ({
  'x-forwarded-for': from.ip,
  ...(from.clientIp ? { 'client-ip': from.clientIp } : {}),
  ...(from.device ? { 'device-code': from.device } : {}),
});

async function register(from: From, inviteCode?: string): Promise<TestPlayer & { inviteCode: string }> {
  const account = `sr${process.pid % 1000}${Date.now().toString(36)}${++seq}`;
  const reply = await t.call(
    '/v1/player/register',
    { kind: 1, account, password: 'secret123', ...(inviteCode ? { inviteCode } : {}) },
    { headers: headersOf(from) },
  );
  expect(reply.code).toBe(0);
  const summary = await t.call('/v1/referral/summary', {}, { token: reply.data.token });
  return { token: reply.data.token, playerId: reply.data.player.id, account, password: 'secret123', inviteCode: summary.data.inviteCode };
}

/** A hash round of the player as settlement records it: `stake` lost. */
async function loses(p: TestPlayer, stake: bigint) {
  await new TurnoverRepository(db()).recordRounds(
    [{ playerId: p.playerId, roundKey: `hash:1:0:${nextHeight++}`, gameType: GameType.HASH, currency: 'USDT', stake, payout: 0n }],
    t.app.services.vip.terms(),
    db(),
    { once: true },
  );
}

const commission = async (p: TestPlayer) =>
  (await t.call('/v1/referral/summary', {}, { token: p.token })).data.commissions.find((c: { currency: string }) => c.currency === 'USDT');
const claim = (p: TestPlayer, requestId = randomUUID()) => t.call('/v1/referral/claim', { requestId, currency: 'USDT' }, { token: p.token });
const reviews = (body: unknown = {}) => t.ops('/ops/v1/referral/reviews', body);
const clear = (playerId: number) => t.ops('/ops/v1/referral/clear', { playerId, note: 'same household, checked' });
const reviewOf = async (playerId: number) => (await reviews()).data.list.find((r: { playerId: number }) => r.playerId === playerId);

async function invitationId(viewer: TestPlayer): Promise<number> {
  const reply = await t.call('/v1/activity/configSync', {}, { token: viewer.token });
  return reply.data.confs.find((c: { bonusType: number }) => c.bonusType === BonusType.INVITATION).id;
}

describe('self-referral at /v1/player/register', () => {
  it('holds the commission an invitee registered from the inviter’s address earns, shows it as under review, and pays it once when cleared', async () => {
    const home = { ip: `10.1.${seq % 250}.${(seq % 200) + 1}` };
    const inviter = await register(home);
    const invitee = await register(home, inviter.inviteCode);
    await loses(invitee, USDT(1_000));
    // 0.30 % of 1,000 USDT of valid turnover: 3 USDT earned, none of it claimable.
    expect(await commission(inviter)).toMatchObject({ total: '0', claimable: '0', underReview: '3', canClaim: false });
    expect((await claim(inviter)).code).toBe(14);
    // The team still sees the member's turnover.
    expect((await t.call('/v1/referral/members', { page: 1, pageSize: 10 }, { token: inviter.token })).data.list[0].validTurnover.usdt).toBe('1000');

    const flagged = await reviewOf(invitee.playerId);
    expect(flagged).toMatchObject({ inviterId: inviter.playerId, matched: 'address', status: 'held', heldCommission: { usdt: '3', trx: '0' } });

    const cleared = await clear(invitee.playerId);
    expect(cleared.data).toMatchObject({
      status: 'cleared',
      clearedBy: t.opsName,
      note: 'same household, checked',
      released: { usdt: '3', trx: '0' },
      changed: true,
    });
    // Clearing again changes nothing and releases nothing.
    expect((await clear(invitee.playerId)).data).toMatchObject({ status: 'cleared', released: { usdt: '0', trx: '0' }, changed: false });
    expect(await commission(inviter)).toMatchObject({ total: '3', claimable: '3', underReview: '0', canClaim: true });
    // From now on the pair earns like any other.
    await loses(invitee, USDT(100));
    expect(await commission(inviter)).toMatchObject({ total: '3.3', claimable: '3.3', underReview: '0' });
    const paid = await claim(inviter);
    expect(paid.data.amount).toBe('3.3');
    expect((await claim(inviter)).code).toBe(14);
  });

  it('flags an invitee whose Client-IP or device code the inviter’s sessions used, and not one from elsewhere', async () => {
    const inviter = await register({ ip: '10.2.0.1', clientIp: '203.0.113.7', device: 'device-of-inviter' });
    const viaClientIp = await register({ ip: '10.2.0.2', clientIp: '203.0.113.7' }, inviter.inviteCode);
    const viaDevice = await register({ ip: '10.2.0.3', device: 'device-of-inviter' }, inviter.inviteCode);
    // The invitee's connection address is the inviter's reported Client-IP.
    const viaCrossed = await register({ ip: '203.0.113.7' }, inviter.inviteCode);
    const stranger = await register({ ip: '10.2.0.4', clientIp: '198.51.100.9', device: 'another-device' }, inviter.inviteCode);
    expect((await reviewOf(viaClientIp.playerId))?.matched).toBe('address');
    expect((await reviewOf(viaDevice.playerId))?.matched).toBe('device');
    expect((await reviewOf(viaCrossed.playerId))?.matched).toBe('address');
    expect(await reviewOf(stranger.playerId)).toBeUndefined();
    await loses(stranger, USDT(100));
    await loses(viaDevice, USDT(200));
    expect(await commission(inviter)).toMatchObject({ total: '0.3', claimable: '0.3', underReview: '0.6' });
    expect((await reviews({ status: 'held' })).data.list.map((r: { playerId: number }) => r.playerId)).toEqual(
      expect.arrayContaining([viaClientIp.playerId, viaDevice.playerId, viaCrossed.playerId]),
    );
  });

  it('holds the invitation reward of a flagged invitee as under review until the pair is cleared', async () => {
    const home = { ip: '10.3.0.1' };
    const inviter = await register(home);
    const invitee = await register(home, inviter.inviteCode);
    const activityId = await invitationId(inviter);
    await t.deposit(invitee, { usdt: '50' });
    await loses(invitee, USDT(200));
    const stateOf = async () => (await t.call('/v1/activity/playerData', { activityIds: [activityId] }, { token: inviter.token })).data[0];
    expect(await stateOf()).toMatchObject({ canParticipate: false, pendingReward: '0', underReview: '5' });
    expect((await t.call('/v1/activity/participate', { requestId: randomUUID(), activityId }, { token: inviter.token })).code).toBe(14);

    expect((await clear(invitee.playerId)).data.changed).toBe(true);
    const state = await stateOf();
    expect(state).toMatchObject({ canParticipate: true, pendingReward: '5' });
    expect(state.underReview).toBeUndefined();
    const paid = await t.call('/v1/activity/participate', { requestId: randomUUID(), activityId }, { token: inviter.token });
    expect(paid.data.reward).toEqual({ amount: '5', currency: 'USDT' });
    expect((await t.call('/v1/activity/participate', { requestId: randomUUID(), activityId }, { token: inviter.token })).code).toBe(14);
  });
});

describe('/ops/v1/referral/reviews and /ops/v1/referral/clear', () => {
  it('refuses without a key, a clear without risk.decide, and a clear of an unflagged player or naming its clearer with code 12', async () => {
    expect((await t.ops('/ops/v1/referral/reviews', {}, null)).status).toBe(401);
    expect((await t.ops('/ops/v1/referral/clear', { playerId: 1 }, null)).status).toBe(401);
    const { key: reader } = await createAutomationKey(db(), ['risk.read']);
    expect((await t.ops('/ops/v1/referral/reviews', {}, reader)).code).toBe(0);
    expect(await t.ops('/ops/v1/referral/clear', { playerId: 1 }, reader)).toMatchObject({ status: 403, code: 10055 });
    const alone = await register({ ip: '10.4.0.1' });
    expect((await clear(alone.playerId)).code).toBe(12);
    expect((await t.ops('/ops/v1/referral/clear', { playerId: alone.playerId, by: 'x' })).code).toBe(12);
    expect((await reviews({ status: 'maybe' })).code).toBe(12);
  });
});
