import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { TEST_AGGREGATOR_PUBLIC_KEY_PEM } from './hub88/test-key-pair.ts';
import { callbacks, walletCall } from './hub88/wallet-test-support.ts';

// The records are read back after real signed wallet callbacks, the way the aggregator sends them.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ HUB88_PUBLIC_KEY: TEST_AGGREGATOR_PUBLIC_KEY_PEM, HUB88_CURRENCY: 'USD' });
});
afterAll(async () => {
  await t?.close();
});

type Tile = { id: number; aggregator: string; manufacturer: string; gameCode: string; gameType: number; nameEn: string };

/** A funded player who has entered a demo slot: the session token comes from the launch URL. */
async function playerInSlot(usd = 50) {
  const player = await t.registerPlayer();
  const db = t.app.database.db;
  await t.app.services.players.markFirstRecharge(db, player.playerId);
  await t.app.services.ledger.transfer({
    idempotencyKey: `test-deposit:${player.playerId}`,
    kind: 'deposit',
    legs: [
      { account: { kind: 'deposit_clearing' }, currency: 'USDT', amount: -BigInt(usd) * 1_000_000n },
      { account: { kind: 'player', playerId: player.playerId }, currency: 'USDT', amount: BigInt(usd) * 1_000_000n },
    ],
  });
  const home = await t.call('/v1/app/home', {});
  const game: Tile = home.data.slotGames.find((g: Tile) => g.aggregator === 'hub88');
  const entered = await t.call(
    '/v1/thirdGame/enter',
    {
      aggregator: game.aggregator,
      manufacturer: game.manufacturer,
      gameCode: game.gameCode,
      gameId: game.id,
      gameType: game.gameType,
      currency: 'USD',
      platformCode: 'android',
    },
    { token: player.token },
  );
  expect(entered.code).toBe(0);
  const token = new URL(entered.data.url).searchParams.get('token')!;
  return { ...player, game, wallet: callbacks(player.playerId, token, game.gameCode) };
}

const post = async (path: string, body: unknown) => {
  const reply = await walletCall(t.url, path, body);
  expect(reply.json.status, `${path}`).toBe('RS_OK');
  return reply.json;
};

describe('/v1/thirdGame/betRecord', () => {
  it('lists the rounds played through the wallet, newest first, with bets, wins, profit and status', async () => {
    const p = await playerInSlot();
    // Round 1: bet 2 USD, win 5 USD, closed.
    const bet1 = p.wallet.bet(200_000);
    await post('/transaction/bet', bet1);
    await post('/transaction/win', p.wallet.win(bet1, 500_000));
    // Round 2: bet 1 USD, still open.
    const bet2 = p.wallet.bet(100_000);
    await post('/transaction/bet', bet2);
    // Round 3: bet 3 USD, rolled back.
    const bet3 = p.wallet.bet(300_000);
    await post('/transaction/bet', bet3);
    await post('/transaction/rollback', p.wallet.rollback(bet3));

    const reply = await t.call('/v1/thirdGame/betRecord', {}, { token: p.token, headers: { language: 'en_US' } });
    expect(reply.code).toBe(0);
    expect(reply.data).toMatchObject({ total: 3, page: 1 });
    const [refunded, open, settled] = reply.data.list;
    expect(settled).toMatchObject({
      round: bet1.round,
      aggregator: 'hub88',
      gameCode: p.game.gameCode,
      gameName: p.game.nameEn,
      manufacturer: p.game.manufacturer,
      gameType: p.game.gameType,
      currency: 'USDT',
      betAmount: '2',
      winAmount: '5',
      profitAmount: '3',
      betCount: 1,
      status: 'settled',
    });
    expect(settled.settledAt).toEqual(expect.any(String));
    expect(open).toMatchObject({ round: bet2.round, betAmount: '1', winAmount: '0', profitAmount: '-1', status: 'open', settledAt: null });
    expect(refunded).toMatchObject({ round: bet3.round, betAmount: '0', betCount: 0, status: 'refunded' });
  });

  it("never shows another player's rounds", async () => {
    const mine = await playerInSlot();
    const theirs = await playerInSlot();
    await post('/transaction/bet', theirs.wallet.bet(100_000));
    const bet = mine.wallet.bet(100_000);
    await post('/transaction/bet', bet);
    const reply = await t.call('/v1/thirdGame/betRecord', {}, { token: mine.token });
    expect(reply.data.total).toBe(1);
    expect(reply.data.list.map((r: { round: string }) => r.round)).toEqual([bet.round]);
  });

  it('pages and filters by game type, currency and date range', async () => {
    const p = await playerInSlot();
    const rounds: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const bet = p.wallet.bet(10_000);
      await post('/transaction/bet', bet);
      rounds.push(bet.round);
    }
    const page2 = await t.call('/v1/thirdGame/betRecord', { page: 2, pageSize: 2 }, { token: p.token });
    expect(page2.data).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.data.list.map((r: { round: string }) => r.round)).toEqual([rounds[0]]);
    expect((await t.call('/v1/thirdGame/betRecord', { gameType: 11 }, { token: p.token })).data.total).toBe(0);
    expect((await t.call('/v1/thirdGame/betRecord', { gameType: p.game.gameType }, { token: p.token })).data.total).toBe(3);
    expect((await t.call('/v1/thirdGame/betRecord', { currency: 'TRX' }, { token: p.token })).data.total).toBe(0);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await t.call('/v1/thirdGame/betRecord', { from: future }, { token: p.token })).data.total).toBe(0);
    expect((await t.call('/v1/thirdGame/betRecord', { to: future }, { token: p.token })).data.total).toBe(3);
  });

  it('refuses an inverted date range with 12 and a visitor with 10009', async () => {
    const p = await playerInSlot(1);
    const from = new Date().toISOString();
    const to = new Date(Date.now() - 1000).toISOString();
    expect((await t.call('/v1/thirdGame/betRecord', { from, to }, { token: p.token })).code).toBe(12);
    expect((await t.call('/v1/thirdGame/betRecord', {})).code).toBe(10009);
  });
});
