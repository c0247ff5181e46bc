import { GameType, GiftStatus } from '@lobby/contract';
import { resultOf } from '@lobby/hash-games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { checkLedger } from '../../money/ledger-check.ts';
import { ECONOMY_DEFAULTS } from '../bonus/economy-settings.ts';
import { startHashTestApp, USDT, type HashTestApp } from '../hash-game/test-support.ts';
import { shanghaiMonth, TurnoverRepository } from '../turnover/turnover.repo.ts';
import { nextMonthStart } from './vip.service.ts';

let t: HashTestApp;

beforeAll(async () => {
  t = await startHashTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const bigWins = (height: number) => (blockId: string) => (resultOf(1, blockId, height) as { winner?: string }).winner === 'big';

/** Loses `amount` USDT on big/small at level 1 (the block makes big win): that much valid turnover. */
async function lose(token: string, amount: string) {
  const placed = await t.bet(token, { gameId: 1, level: 1, area: 'small', amount });
  expect(placed.code).toBe(0);
  const round = Number(placed.data.bet.round);
  const head = await t.head();
  if (round - head > 1) await t.advance(round - head - 1);
  await t.advance(1, bigWins(round));
}

/** A socket authenticated as the player, collecting its private events. */
async function listen(token: string) {
  const socket = new WebSocket(t.url.replace('http', 'ws') + '/v1/ws');
  const frames: any[] = [];
  socket.on('message', (data) => frames.push(JSON.parse(String(data))));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  socket.send(JSON.stringify({ op: 'auth', token }));
  for (let i = 0; i < 50 && !frames.some((f) => f.op === 'auth'); i++) await new Promise((r) => setTimeout(r, 20));
  return { frames, close: () => socket.close() };
}

const detail = async (token: string) => (await t.call('/v1/vip/queryVipDetail', {}, { token })).data;

describe('/v1/vip/queryVipUpLevelConf and /v1/vip/queryVipReturnProfitConf', () => {
  it('answers the ladder and the rebate rates of ECONOMY.md to visitors', async () => {
    const ladder = await t.call('/v1/vip/queryVipUpLevelConf', {});
    expect(ladder.code).toBe(0);
    expect(ladder.data).toHaveLength(11);
    expect(ladder.data[3]).toMatchObject({ vipLevel: 3, requiredBet: '20000', upLevelGift: '18', monthGift: '8', giftCurrency: 'USDT' });
    const rates = await t.call('/v1/vip/queryVipReturnProfitConf', {});
    expect(rates.data[0].rates).toContainEqual({ gameType: GameType.HASH, rate: '0.5' });
    expect(rates.data[10].rates).toContainEqual({ gameType: GameType.SLOT, rate: '0.9' });
  });
});

describe('/v1/vip/queryVipDetail and /v1/vip/getVipUpLevelGift', () => {
  it('raises the level from XP, pushes the level-up live, and pays each reached level once, skipped levels included', async () => {
    const { token, playerId } = await t.player({ usdt: USDT(10_000) });
    expect(await detail(token)).toMatchObject({ vipLevel: 0, nextLevel: 1, totalBet: '0', nextRequiredBet: '1000' });
    const socket = await listen(token);
    await lose(token, '6000');

    for (let i = 0; i < 50 && !socket.frames.some((f) => f.event === 'vipLevel'); i++) await new Promise((r) => setTimeout(r, 20));
    expect(socket.frames.find((f) => f.event === 'vipLevel')).toEqual({
      channel: 'player',
      event: 'vipLevel',
      data: { vipLevel: 2, previousLevel: 0, xp: '6000' },
    });
    socket.close();

    const mine = await detail(token);
    expect(mine).toMatchObject({ vipLevel: 2, nextLevel: 3, totalBet: '6000', nextRequiredBet: '20000' });
    expect(mine.upLevelGifts.slice(0, 3)).toEqual([
      { vipLevel: 1, amount: '1', currency: 'USDT', status: GiftStatus.CLAIMABLE },
      { vipLevel: 2, amount: '5', currency: 'USDT', status: GiftStatus.CLAIMABLE },
      { vipLevel: 3, amount: '18', currency: 'USDT', status: GiftStatus.LOCKED },
    ]);
    // The profile badge shows the level.
    expect((await t.call('/v1/player/load', {}, { token })).data.vipLevel).toBe(2);

    const one = await t.call('/v1/vip/getVipUpLevelGift', { requestId: 'gift-level-1', vipLevel: 1 }, { token });
    expect(one.code).toBe(0);
    expect(one.data).toMatchObject({ amount: '1', currency: 'USDT', balances: { usdt: '4001' } });
    const two = await t.call('/v1/vip/getVipUpLevelGift', { requestId: 'gift-level-2', vipLevel: 2 }, { token });
    expect(two.data).toMatchObject({ amount: '5', balances: { usdt: '4006' } });
    // The same request again answers the same payment; another request finds the gift taken.
    expect((await t.call('/v1/vip/getVipUpLevelGift', { requestId: 'gift-level-2', vipLevel: 2 }, { token })).data).toMatchObject({
      amount: '5',
      balances: { usdt: '4006' },
    });
    expect((await t.call('/v1/vip/getVipUpLevelGift', { requestId: 'gift-level-2b', vipLevel: 2 }, { token })).code).toBe(14);
    expect((await t.call('/v1/vip/getVipUpLevelGift', { requestId: 'gift-level-3', vipLevel: 3 }, { token })).code).toBe(14);
    expect((await detail(token)).upLevelGifts[1].status).toBe(GiftStatus.CLAIMED);

    // Each gift is a bonus: it raised the wagering by its amount (multiplier 1).
    const bonuses = await t.app.database.db
      .selectFrom('bonus_credits')
      .select(['source', 'amount', 'wagering_added'])
      .where('player_id', '=', playerId)
      .orderBy('id')
      .execute();
    expect(bonuses).toEqual([
      { source: 'vip_level_gift', amount: USDT(1), wagering_added: USDT(1) },
      { source: 'vip_level_gift', amount: USDT(5), wagering_added: USDT(5) },
    ]);
    expect((await checkLedger(t.app.database.db)).ok).toBe(true);
  }, 60_000);

  it('pays one of 20 parallel claims of a gift, whatever their request ids', async () => {
    const { token, playerId } = await t.player({ usdt: USDT(2_000) });
    await new TurnoverRepository(t.app.database.db).recordRounds(
      [{ playerId, roundKey: 'tp:test:parallel', gameType: GameType.SLOT, currency: 'USDT', stake: USDT(1_000), payout: 0n }],
      t.app.services.vip.terms(),
    );
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.call('/v1/vip/getVipUpLevelGift', { requestId: `parallel-${i}`, vipLevel: 1 }, { token })),
    );
    expect(replies.filter((r) => r.code === 0)).toHaveLength(1);
    expect(replies.filter((r) => r.code === 14)).toHaveLength(19);
    const paid = await t.app.database.db.selectFrom('bonus_credits').select('amount').where('player_id', '=', playerId).execute();
    expect(paid).toEqual([{ amount: USDT(1) }]);
    expect((await checkLedger(t.app.database.db)).ok).toBe(true);
  }, 60_000);

  it('asks visitors to sign in, answers 12 for level 0 and 14 for a level the ladder does not have', async () => {
    expect((await t.call('/v1/vip/queryVipDetail', {})).code).not.toBe(0);
    const { token } = await t.player();
    expect((await t.call('/v1/vip/getVipUpLevelGift', { requestId: 'level-zero-claim', vipLevel: 0 }, { token })).code).toBe(12);
    expect((await t.call('/v1/vip/getVipUpLevelGift', { requestId: 'level-99-claim', vipLevel: 99 }, { token })).code).toBe(14);
  });
});

describe('operator settings', () => {
  it('takes a lowered threshold at once: the XP already earned reaches the level and its gift', async () => {
    const { token, playerId } = await t.player({ usdt: USDT(10) });
    await new TurnoverRepository(t.app.database.db).recordRounds(
      [{ playerId, roundKey: 'tp:test:lowered', gameType: GameType.FISH, currency: 'USDT', stake: USDT(300), payout: 0n }],
      t.app.services.vip.terms(),
    );
    expect((await detail(token)).vipLevel).toBe(0);
    const economy = t.app.services.economy;
    const ladder = ECONOMY_DEFAULTS['vip.levels'] as { threshold: string }[];
    try {
      await economy.set(
        'vip.levels',
        ladder.map((rung, level) => (level === 1 ? { ...rung, threshold: '200' } : rung)),
        'test',
      );
      expect(await detail(token)).toMatchObject({ vipLevel: 1, nextRequiredBet: '5000' });
      expect((await t.call('/v1/vip/getVipUpLevelGift', { requestId: 'lowered-level-1', vipLevel: 1 }, { token })).data).toMatchObject({ amount: '1' });
    } finally {
      await economy.set('vip.levels', ladder, 'test');
    }
  });
});

describe('/v1/vip/getVipMonthGift', () => {
  it("pays the month's gift of the level held only when last Asia/Shanghai month's turnover reached 10 % of its threshold, once a month", async () => {
    const { token, playerId } = await t.player({ usdt: USDT(100) });
    const vip = t.app.services.vip;
    // 6,000 USDT of turnover this month: level 2 (monthly gift 3 USDT, needs 500 the month before).
    await new TurnoverRepository(t.app.database.db).recordRounds(
      [{ playerId, roundKey: 'tp:test:month', gameType: GameType.LIVE, currency: 'USDT', stake: USDT(6_000), payout: 0n }],
      vip.terms(),
    );
    // This month: last month had no turnover.
    expect((await t.call('/v1/vip/getVipMonthGift', { requestId: 'month-now' }, { token })).code).toBe(14);
    expect((await detail(token)).monthGift).toMatchObject({ amount: '3', status: GiftStatus.LOCKED, nextClaimableAt: null });

    // Next month (from its first instant in Shanghai, still the previous day in UTC): paid once.
    const row = await t.app.database.db.selectFrom('player_vip').select('month').where('player_id', '=', playerId).executeTakeFirstOrThrow();
    const nextMonth = nextMonthStart(row.month);
    expect(nextMonth.getUTCHours()).toBe(16);
    const paid = await vip.claimMonthGift(playerId, { requestId: 'month-next' }, nextMonth);
    expect(paid).toMatchObject({ amount: '3', currency: 'USDT', balances: { usdt: '103' } });
    await expect(vip.claimMonthGift(playerId, { requestId: 'month-next-again' }, new Date(nextMonth.getTime() + 86_400_000))).rejects.toMatchObject({
      code: 14,
    });
    expect(await vip.claimMonthGift(playerId, { requestId: 'month-next' }, nextMonth)).toMatchObject({ amount: '3', balances: { usdt: '103' } });
    // One instant before the month starts in Shanghai it is still this month: nothing to claim.
    await expect(vip.claimMonthGift(playerId, { requestId: 'month-early' }, new Date(nextMonth.getTime() - 1))).rejects.toMatchObject({ code: 14 });
    const detailNext = await vip.detail(playerId, nextMonth);
    expect(detailNext.monthGift).toMatchObject({ status: GiftStatus.CLAIMED, nextClaimableAt: nextMonthStart(shanghaiMonth(nextMonth)).toISOString() });
    expect((await checkLedger(t.app.database.db)).ok).toBe(true);
  }, 60_000);
});
