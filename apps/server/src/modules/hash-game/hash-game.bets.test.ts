import { decidingHeightFor, resultOf, settle } from '@lobby/hash-games';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkLedger } from '../../money/ledger-check.ts';
import { startHashTestApp, USDT, type HashTestApp } from './test-support.ts';

let t: HashTestApp;
beforeAll(async () => {
  t = await startHashTestApp();
});
afterAll(async () => {
  await t?.close();
});

const balanceOf = async (token: string) => (await t.call('/v1/player/balance/get', {}, { token })).data;

describe('page bets (/v1/hashGame/bet)', () => {
  it('takes a bet on the open round, debits the wallet in the same step and answers with the balance', async () => {
    const { token } = await t.player({ usdt: USDT(100) });
    const head = await t.head();
    const reply = await t.bet(token, { gameId: 1, area: 'big', amount: '12.5' });
    expect(reply.code).toBe(0);
    expect(reply.data.bet).toMatchObject({
      gameId: 1,
      round: decidingHeightFor(1, head),
      area: 'big',
      amount: '12.5',
      currency: 'USDT',
      level: 0,
      odds: '1.95',
      status: 1,
      payoutAmount: null,
      source: 'page',
    });
    expect(reply.data.balances).toMatchObject({ usdt: '87.5', trx: '0' });
  });

  it('answers a replay of the same requestId with the first bet and moves nothing', async () => {
    const { token } = await t.player({ usdt: USDT(100) });
    const body = { requestId: 'replay-request-1', gameId: 102, area: 'odd', amount: '10' };
    const first = await t.bet(token, body);
    const second = await t.bet(token, body);
    expect(first.code).toBe(0);
    expect(second.code).toBe(0);
    expect(second.data.bet).toEqual(first.data.bet);
    expect(second.data.balances.usdt).toBe('90');
  });

  it('answers 21004 when a requestId comes back with a different bet', async () => {
    const { token } = await t.player({ usdt: USDT(100) });
    expect((await t.bet(token, { requestId: 'repeat-request-1', gameId: 102, area: 'odd', amount: '10' })).code).toBe(0);
    const changed = await t.bet(token, { requestId: 'repeat-request-1', gameId: 102, area: 'even', amount: '10' });
    expect(changed.code).toBe(21004);
    expect((await balanceOf(token)).usdt).toBe('90');
  });

  it('answers 21001 for a game that does not exist or is switched off', async () => {
    const { token } = await t.player();
    expect((await t.bet(token, { gameId: 8, area: 'big', amount: '10' })).code).toBe(21001);
    await t.app.services.lobby.setGameEnabled(2, false);
    try {
      expect((await t.bet(token, { gameId: 2, area: 'odd', amount: '10' })).code).toBe(21001);
    } finally {
      await t.app.services.lobby.setGameEnabled(2, true);
    }
  });

  it('answers 21002 when the wallet cannot cover the stake, and moves nothing', async () => {
    const { token } = await t.player({ usdt: USDT(5) });
    const reply = await t.bet(token, { gameId: 1, area: 'small', amount: '6' });
    expect(reply.code).toBe(21002);
    const myBets = await t.call('/v1/hashGame/myBets', { gameId: 1 }, { token });
    expect(myBets.data).toEqual([]);
  });

  it.each([
    ['below the level minimum', '0.5', 0, 'USDT'],
    ['above the level maximum', '1000.01', 0, 'USDT'],
    ['above the intermediate maximum', '10000.5', 1, 'USDT'],
    ['below the TRX minimum', '9', 0, 'TRX'],
    ['zero', '0', 0, 'USDT'],
    ['negative', '-1', 0, 'USDT'],
    ['more than 6 decimals', '1.0000001', 0, 'USDT'],
    ['not a number', 'ten', 0, 'USDT'],
  ])('answers 21003 for a stake %s', async (_name, amount, level, currency) => {
    const { token } = await t.player({ usdt: USDT(50_000), trx: USDT(50_000) });
    expect((await t.bet(token, { gameId: 1, area: 'big', amount, level, currency })).code).toBe(21003);
  });

  it('answers 21005 for an area the game does not have', async () => {
    const { token } = await t.player();
    expect((await t.bet(token, { gameId: 1, area: 'odd', amount: '10' })).code).toBe(21005);
    expect((await t.bet(token, { gameId: 4, area: '7', amount: '10' })).code).toBe(21005);
    expect((await t.bet(token, { gameId: 3, area: 'tie', amount: '10' })).code).toBe(21005);
    expect((await t.bet(token, { gameId: 5, area: 'middle', amount: '10' })).code).toBe(21005);
  });

  it('answers 21006 for a round that is closed or not open yet', async () => {
    const { token } = await t.player();
    await t.advance(21);
    const open = decidingHeightFor(101, await t.head());
    expect((await t.bet(token, { gameId: 101, area: 'big', amount: '10', round: open - 20 })).code).toBe(21006);
    expect((await t.bet(token, { gameId: 101, area: 'big', amount: '10', round: open + 20 })).code).toBe(21006);
    expect((await t.bet(token, { gameId: 101, area: 'big', amount: '10', round: open })).code).toBe(0);
  });

  it('judges each of many bets arriving at once on its own: placed, refused for funds, replayed', async () => {
    const rich = await Promise.all(Array.from({ length: 12 }, () => t.player({ usdt: USDT(100) })));
    const poor = await Promise.all(Array.from({ length: 6 }, () => t.player({ usdt: USDT(5) })));
    const replayed = { requestId: 'burst-replay-1', gameId: 1, area: 'big', amount: '10' };
    const replies = await Promise.all([
      ...rich.flatMap(({ token }) => [t.bet(token, { gameId: 1, area: 'big', amount: '10' }), t.bet(token, { gameId: 51, area: 'small', amount: '20' })]),
      ...poor.map(({ token }) => t.bet(token, { gameId: 1, area: 'small', amount: '10' })),
      t.bet(rich[0].token, replayed),
      t.bet(rich[0].token, replayed),
    ]);
    expect(replies.slice(0, 24).map((r) => r.code)).toEqual(Array(24).fill(0));
    expect(replies.slice(24, 30).map((r) => r.code)).toEqual(Array(6).fill(21002));
    expect(replies[30].data.bet).toEqual(replies[31].data.bet);
    for (const { token } of rich.slice(1)) expect((await balanceOf(token)).usdt).toBe('70');
    expect((await balanceOf(rich[0].token)).usdt).toBe('60');
    for (const { token } of poor) expect((await balanceOf(token)).usdt).toBe('5');
    expect((await checkLedger(t.app.database.db)).problems).toEqual([]);
  });

  it('answers 12 for malformed requests', async () => {
    const { token } = await t.player();
    expect((await t.bet(token, { gameId: 1, area: 'big', amount: '10', level: 2 })).code).toBe(12);
    expect((await t.bet(token, { gameId: 1, area: 'big', amount: '10', currency: 'BTC' })).code).toBe(12);
    expect((await t.bet(token, { gameId: 1, area: 'big', amount: '10', requestId: 'x' })).code).toBe(12);
    expect((await t.bet(token, { gameId: 1, area: 'big', amount: '10', extra: 1 })).code).toBe(12);
  });

  it('needs a player: a visitor gets HTTP 401 on every personal call, the login-only games included', async () => {
    for (const gameId of [1, 103, 104, 105, 303]) {
      const bet = await t.call('/v1/hashGame/bet', { requestId: 'visitor-req-1', gameId, area: 'banker', amount: '10', currency: 'USDT', level: 0 });
      expect(bet.status, `bet ${gameId}`).toBe(401);
      expect((await t.call('/v1/hashGame/myBets', { gameId })).status, `myBets ${gameId}`).toBe(401);
      expect((await t.call('/v1/hashGame/betRecord', { gameId })).status, `betRecord ${gameId}`).toBe(401);
    }
    expect((await t.call('/v1/hashGame/betDetail', { betId: 1 })).status).toBe(401);
  });

  it('settles page bets when the deciding block arrives, paying exactly what settle() says', async () => {
    const { token, playerId } = await t.player({ usdt: USDT(1000) });
    const placed = [];
    for (const area of ['small', 'big'] as const) placed.push((await t.bet(token, { gameId: 1, area, amount: '10.000003' })).data.bet);
    const round = placed[0].round;
    await t.advance(round - (await t.head()));
    const block = (await t.app.services.hashGame.repo.block(round))!;
    const result = resultOf(1, block.blockId, round);
    const records = await t.call('/v1/hashGame/betRecord', { gameId: 1 }, { token });
    for (const bet of placed) {
      const settled = records.data.list.find((b: { id: number }) => b.id === bet.id);
      const expected = settle({ area: bet.area, result, stake: 10_000_003n });
      expect(settled.status).toBe(expected.outcome === 'win' ? 5 : expected.outcome === 'lose' ? 6 : 4);
      expect(settled.payoutAmount).toBe((Number(expected.payout) / 1e6).toString());
    }
    const balance = await t.app.services.ledger.balance({ kind: 'player', playerId }, 'USDT');
    expect(balance).toBe(USDT(1000) - 20_000_006n + 19_500_005n);
    expect((await checkLedger(t.app.database.db)).problems).toEqual([]);
  });
  it('puts the win of a settled round on the lobby ticker under a masked nickname, once', async () => {
    const { token, playerId } = await t.player({ usdt: USDT(1000) });
    const placed = [];
    for (const area of ['small', 'big'] as const) placed.push((await t.bet(token, { gameId: 1, area, amount: '77.7' })).data.bet);
    await t.advance(placed[0].round - (await t.head()));
    await t.app.services.hashGame.publisher.drain();
    const nickname = (await t.app.database.db.selectFrom('players').select('nickname').where('id', '=', playerId).executeTakeFirstOrThrow()).nickname;
    const ticker = (await t.call('/v1/app/queryRanking', { limit: 50 })).data as { nickname: string; gameId: number; amount: string; currency: string }[];
    const mine = ticker.filter((row) => row.amount === '151.515');
    expect(mine).toEqual([expect.objectContaining({ gameId: 1, currency: 'USDT', nickname: expect.stringContaining('***') })]);
    expect(mine[0].nickname).not.toContain(nickname);
  });
});

describe('unsettled page bets and the wallet (SPEC section 5, experience accounts)', () => {
  it('lets nothing of an experience account leave while its page bets wait for their block', async () => {
    const { token, playerId } = await t.player({ usdt: USDT(2.5) });
    await t.app.database.db.updateTable('players').set({ experience_type: 1 }).where('id', '=', playerId).execute();
    const withdrawable = async () => (await t.call('/v1/bank/cashout/config', {}, { token })).data.currencies[0].withdrawable;
    expect(await withdrawable()).toBe('2.5');

    // Both sides of one round: whatever the block says, 1.95 comes back and the balance stays below 3.
    const placed = [];
    for (const area of ['small', 'big'] as const) placed.push((await t.bet(token, { gameId: 1, area, amount: '1' })).data.bet);
    expect(await withdrawable()).toBe('0');

    await t.advance(placed[0].round - (await t.head()));
    await t.app.services.hashGame.publisher.drain();
    // Settled below 3 USDT: the experience ends. The 2.45 left is cash (this account holds no gold),
    // so it stays the player's and may leave now.
    await vi.waitFor(async () => expect(await withdrawable()).toBe('2.45'));
    expect(await t.app.services.ledger.balance({ kind: 'player', playerId }, 'USDT')).toBe(2_450_000n);
    expect((await t.app.database.db.selectFrom('players').select('experience_type').where('id', '=', playerId).executeTakeFirstOrThrow()).experience_type).toBe(
      2,
    );
  });
});

describe('records and details', () => {
  it("lists only the caller's bets, newest first, with filters and paging", async () => {
    const a = await t.player();
    const b = await t.player();
    for (let i = 0; i < 3; i++) await t.bet(a.token, { gameId: 51, area: 'big', amount: String(10 + i) });
    await t.bet(b.token, { gameId: 51, area: 'small', amount: '10' });
    const page1 = await t.call('/v1/hashGame/betRecord', { gameId: 51, page: 1, pageSize: 2 }, { token: a.token });
    expect(page1.data.total).toBe(3);
    expect(page1.data.list.map((bet: { amount: string }) => bet.amount)).toEqual(['12', '11']);
    const page2 = await t.call('/v1/hashGame/betRecord', { gameId: 51, page: 2, pageSize: 2 }, { token: a.token });
    expect(page2.data.list.map((bet: { amount: string }) => bet.amount)).toEqual(['10']);
    const unsettled = await t.call('/v1/hashGame/betRecord', { status: 1 }, { token: b.token });
    expect(unsettled.data.list).toHaveLength(1);
    const none = await t.call('/v1/hashGame/betRecord', { status: 5, currency: 'TRX' }, { token: b.token });
    expect(none.data).toMatchObject({ list: [], total: 0 });
  });

  it('shows a bet with its block, the working of the result and a verifier link', async () => {
    const { token } = await t.player();
    const { bet } = (await t.bet(token, { gameId: 4, area: 'banker', amount: '10.5' })).data;
    const before = await t.call('/v1/hashGame/betDetail', { betId: bet.id }, { token });
    expect(before.data).toMatchObject({ id: bet.id, blockId: null, working: null, status: 1 });
    expect(before.data.verifyUrl).toBe(`/hashGame/verify?gameId=4&height=${bet.round}&area=banker&amount=10.5&level=0`);

    await t.advance(bet.round - (await t.head()));
    const after = await t.call('/v1/hashGame/betDetail', { betId: bet.id }, { token });
    const block = (await t.app.services.hashGame.repo.block(bet.round))!;
    const result = resultOf('bankerPlayer', block.blockId, bet.round);
    expect(after.data.blockId).toBe(block.blockId);
    expect(after.data.working).toMatchObject({
      kind: 'bankerPlayer',
      lastFive: block.blockId.slice(-5),
      bankerPoints: result.banker.points,
      playerPoints: result.player.points,
      winningAreas: [result.winner],
    });
    expect(after.data.verifyUrl).toBe(`/hashGame/verify?gameId=4&blockId=${block.blockId}&height=${bet.round}&area=banker&amount=10.5&level=0`);

    const verified = await t.call('/v1/hashGame/verify', { gameId: 4, blockId: block.blockId, height: bet.round, area: 'banker', amount: '10.5' });
    expect(verified.data.stake.returnAmount).toBe(after.data.payoutAmount);
  });

  it("refuses another player's bet", async () => {
    const a = await t.player();
    const b = await t.player();
    const { bet } = (await t.bet(a.token, { gameId: 1, area: 'big', amount: '10' })).data;
    expect((await t.call('/v1/hashGame/betDetail', { betId: bet.id }, { token: b.token })).code).toBe(12);
  });

  it("lists the player's bets on the open round and the one awaiting its block", async () => {
    const { token } = await t.player();
    const first = (await t.bet(token, { gameId: 102, area: 'even', amount: '10' })).data.bet;
    const mine = await t.call('/v1/hashGame/myBets', { gameId: 102 }, { token });
    expect(mine.data.map((b: { id: number }) => b.id)).toContain(first.id);
    expect((await t.call('/v1/hashGame/myBets', { gameId: 101 }, { token })).data).toEqual([]);
  });
});

describe('public calls', () => {
  it('/round: the open round with its deciding height, head, time to close, odds and limits per level', async () => {
    const head = await t.head();
    const reply = await t.call('/v1/hashGame/round', { gameId: 301 });
    expect(reply.code).toBe(0);
    expect(reply.data).toMatchObject({
      gameId: 301,
      kind: 'bigSmall',
      period: 3,
      blocksPerRound: 60,
      round: decidingHeightFor(301, head),
      head: { height: head },
    });
    expect(reply.data.secondsToClose).toBeGreaterThanOrEqual(0);
    expect(reply.data.levels).toContainEqual({
      level: 1,
      currency: 'TRX',
      min: '100',
      max: '100000',
      odds: [
        { area: 'small', odds: '1.95' },
        { area: 'big', odds: '1.95' },
      ],
    });
    expect(reply.data.levels.find((l: { level: number; currency: string }) => l.level === 0 && l.currency === 'USDT')).toMatchObject({ min: '1', max: '1000' });
  });

  it('/results: the last decided rounds of a game, newest first, with their working', async () => {
    await t.advance(3);
    const head = await t.head();
    const reply = await t.call('/v1/hashGame/results', { gameId: 51, limit: 2 });
    expect(reply.code).toBe(0);
    const expected = [Math.floor(head / 3) * 3, Math.floor(head / 3) * 3 - 3];
    expect(reply.data.map((r: { round: number }) => r.round)).toEqual(expected);
    for (const r of reply.data) expect(r.working.winningAreas).toEqual([resultOf(51, r.blockId, r.round).winner]);
    const older = await t.call('/v1/hashGame/results', { gameId: 51, limit: 1, beforeRound: expected[0] });
    expect(older.data[0].round).toBe(expected[1]);
  });

  it('/verify: recomputes the public checks of GAMES.md from a block id', async () => {
    const id = (tail: string, height: number) => height.toString(16).padStart(16, '0') + 'ab'.repeat(21) + tail.padStart(6, '1');
    const bull = await t.call('/v1/hashGame/verify', { gameId: 3, blockId: id('34a80', 1000), height: 1000 });
    expect(bull.data.working).toMatchObject({ bankerPoints: 7, playerPoints: 8, winningAreas: ['player'] });
    const banker = await t.call('/v1/hashGame/verify', { gameId: 4, blockId: id('a7b41', 1000), height: 1000, area: 'banker', amount: '1001' });
    expect(banker.data.stake).toEqual({ area: 'banker', amount: '1001', odds: '1.95', outcome: 'win', returnAmount: '1951.95' });
    const digit = await t.call('/v1/hashGame/verify', { gameId: 5, blockId: id('3fe0e', 1000), height: 1000, area: '0', amount: '1' });
    expect(digit.data.working.lastDigit).toBe(0);
    expect(digit.data.stake.outcome).toBe('win');
  });

  it('/verify: refuses a block id that is not of the given height, and an area the game lacks', async () => {
    const blockId = (1000).toString(16).padStart(16, '0') + 'c'.repeat(47) + '1';
    expect((await t.call('/v1/hashGame/verify', { gameId: 1, blockId, height: 1001 })).code).toBe(12);
    expect((await t.call('/v1/hashGame/verify', { gameId: 1, blockId, height: 1000, area: 'odd', amount: '1' })).code).toBe(21005);
  });
});
