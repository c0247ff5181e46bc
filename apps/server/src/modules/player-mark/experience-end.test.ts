import { randomUUID } from 'node:crypto';
import { EXPERIENCE_MESSAGES } from '@lobby/contract';
import { resultOf } from '@lobby/hash-games';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkLedger } from '../../money/ledger-check.ts';
import { startHashTestApp, USDT, type HashTestApp } from '../hash-game/test-support.ts';
import { ThirdGameRepository } from '../third-game/third-game.repo.ts';
import { TEST_AGGREGATOR_PUBLIC_KEY_PEM } from '../third-game/hub88/test-key-pair.ts';
import { callbacks, newToken, walletCall } from '../third-game/hub88/wallet-test-support.ts';
import { FUND_PASSWORD, WALLET_TEST_ENV } from '../wallet/test-support.ts';

// ECONOMY.md "Experience gold": the gift is bonus money that never becomes cash. An experience account
// (type 1) ends (type 2, isSettlement) when its USDT (cash + bonus) falls below 3 or at its first
// withdrawal; what is left of the gold returns to the experience pool, deposits stay the player's.
// Played through the real hash games, wallet callbacks and withdrawals.

let t: HashTestApp;
beforeAll(async () => {
  t = await startHashTestApp({ ...WALLET_TEST_ENV, HUB88_PUBLIC_KEY: TEST_AGGREGATOR_PUBLIC_KEY_PEM, HUB88_CURRENCY: 'USD' });
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.database.db;
/** What the player owns in USDT: cash + bonus (the gold is bonus money). */
const usdt = async (playerId: number) =>
  (await t.app.services.ledger.balance({ kind: 'player', playerId }, 'USDT')) +
  (await t.app.services.ledger.balance({ kind: 'player_bonus', playerId }, 'USDT'));
const gold = (playerId: number) => t.app.services.ledger.balance({ kind: 'player_bonus', playerId }, 'USDT');
const pool = () => t.app.services.ledger.balance({ kind: 'experience_pool' }, 'USDT');
const experienceType = async (playerId: number) =>
  (await db().selectFrom('players').select('experience_type').where('id', '=', playerId).executeTakeFirstOrThrow()).experience_type;
const info = async (token: string) => (await t.call('/v1/player_mark/experience_gold/info', {}, { token })).data;

/** A new player granted `gold` USDT of experience gold (and `deposit` USDT of their own). */
async function experiencePlayer(gold = 10, deposit = 0) {
  const player = await t.registerPlayer();
  await t.app.services.playerMarks.grantExperienceGold({ requestId: `gold-${randomUUID()}`, playerId: player.playerId, amount: USDT(gold) });
  if (deposit > 0) {
    await t.app.services.ledger.transfer({
      idempotencyKey: `test-deposit:${randomUUID()}`,
      kind: 'deposit',
      legs: [
        { account: { kind: 'deposit_clearing' }, currency: 'USDT', amount: -USDT(deposit) },
        { account: { kind: 'player', playerId: player.playerId }, currency: 'USDT', amount: USDT(deposit) },
      ],
    });
  }
  expect(await experienceType(player.playerId)).toBe(1);
  return player;
}

/** Every block from now on decides big/small games for "small". */
const smallWins = (blockId: string) => resultOf(1, blockId, Number(BigInt(`0x${blockId.slice(0, 16)}`))).winner === 'small';

describe('experience end: the USDT balance falls below 3', () => {
  it('waits for an open hash bet, then ends the account when it settles and returns what is left to the pool', async () => {
    const p = await experiencePlayer(10);
    const bet = await t.bet(p.token, { gameId: 1, area: 'big', amount: '7.5' });
    expect(bet.code).toBe(0);
    // 2.5 left, but the bet may still win.
    expect(await experienceType(p.playerId)).toBe(1);

    const poolBefore = await pool();
    await t.advance(bet.data.bet.round - (await t.head()), smallWins);
    await t.app.services.hashGame.publisher.drain();
    await vi.waitFor(async () => expect(await experienceType(p.playerId)).toBe(2));
    expect(await usdt(p.playerId)).toBe(0n);
    expect((await pool()) - poolBefore).toBe(USDT(2.5));
    expect(await info(p.token)).toMatchObject({ accountType: 2, isSettlement: true });
    expect((await checkLedger(db())).problems).toEqual([]);
  });

  it('ends after a third-party wallet callback leaves it below 3', async () => {
    const p = await experiencePlayer(10);
    const token = newToken();
    await new ThirdGameRepository(db()).createSession({
      token,
      playerId: p.playerId,
      aggregator: 'hub88',
      gameCode: 'demo_slot',
      gameType: 10,
      manufacturer: 'DEMO',
    });
    const wallet = callbacks(p.playerId, token, 'demo_slot');
    const reply = await walletCall(t.url, '/transaction/bet', wallet.bet(800_000)); // 8 USD
    expect(reply.json.status).toBe('RS_OK');
    await vi.waitFor(async () => expect(await experienceType(p.playerId)).toBe(2), { timeout: 5000 });
    expect(await usdt(p.playerId)).toBe(0n);
  });

  it('leaves an account at 3 USDT or more, and an ordinary account below 3, as they are', async () => {
    const kept = await experiencePlayer(10);
    const ordinary = await t.player({ usdt: USDT(10) });
    const bets = [await t.bet(kept.token, { gameId: 1, area: 'big', amount: '7' }), await t.bet(ordinary.token, { gameId: 1, area: 'big', amount: '8' })];
    for (const bet of bets) expect(bet.code).toBe(0);
    await t.advance(bets[0].data.bet.round - (await t.head()), smallWins);
    await t.app.services.hashGame.publisher.drain();
    expect(await experienceType(kept.playerId)).toBe(1);
    expect(await usdt(kept.playerId)).toBe(USDT(3));
    expect(await experienceType(ordinary.playerId)).toBe(0);
    expect(await usdt(ordinary.playerId)).toBe(USDT(2));
  });

  it('returns the rest once, however many checks race', async () => {
    const p = await experiencePlayer(10);
    // 8 of it spent without anyone being told yet.
    await t.app.services.ledger.transfer({
      idempotencyKey: `test-spend:${p.playerId}`,
      kind: 'test_spend',
      legs: [
        { account: { kind: 'player_bonus', playerId: p.playerId }, currency: 'USDT', amount: -USDT(8) },
        { account: { kind: 'deposit_clearing' }, currency: 'USDT', amount: USDT(8) },
      ],
    });
    const poolBefore = await pool();
    const { ExperienceEnd } = await import('./experience-end.ts');
    const end = new ExperienceEnd(db(), t.app.services.ledger, { count: async () => 0 }, async () => undefined);
    const ended = await Promise.all(Array.from({ length: 8 }, () => end.endIfSpent(p.playerId)));
    expect(ended.filter(Boolean)).toHaveLength(1);
    expect((await pool()) - poolBefore).toBe(USDT(2));
    expect(await usdt(p.playerId)).toBe(0n);
    expect((await checkLedger(db())).problems).toEqual([]);
  });
});

describe('experience end: the first withdrawal', () => {
  async function withdraw(p: { token: string; password: string }, amount: string) {
    await t.call('/v1/player/finance_password/update', { newPassword: FUND_PASSWORD, loginPassword: p.password }, { token: p.token });
    return t.call(
      '/v1/bank/cashout/submit',
      { requestId: randomUUID(), currency: 'USDT', amount, address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8', fundPassword: FUND_PASSWORD },
      { token: p.token, headers: { language: 'en_US' } },
    );
  }

  it('keeps the gift as bonus money, never cash', async () => {
    const p = await experiencePlayer(10);
    expect(await gold(p.playerId)).toBe(USDT(10));
    expect(await t.app.services.ledger.balance({ kind: 'player', playerId: p.playerId }, 'USDT')).toBe(0n);
    expect((await t.call('/v1/bonus/wagering', {}, { token: p.token })).data[0]).toMatchObject({ bonus: '10', experience: true });
  });

  it('takes the gift back with the withdrawal, pays the deposit, and ends the account', async () => {
    const p = await experiencePlayer(10, 140);
    const poolBefore = await pool();
    const reply = await withdraw(p, '100');
    expect(reply.code).toBe(0);
    expect(await experienceType(p.playerId)).toBe(2);
    expect((await pool()) - poolBefore).toBe(USDT(10));
    expect(await usdt(p.playerId)).toBe(USDT(40));
    expect((await checkLedger(db())).problems).toEqual([]);
  });

  it('refuses 99.99 out of a 10 gift and a 90 deposit (21002): the gift never leaves, nothing moves, the account stays', async () => {
    const p = await experiencePlayer(10, 90);
    const reply = await withdraw(p, '99.99');
    expect(reply.code).toBe(21002);
    expect(await experienceType(p.playerId)).toBe(1);
    expect(await usdt(p.playerId)).toBe(USDT(100));
    expect(await gold(p.playerId)).toBe(USDT(10));
    // The deposit is the player's: it may leave, and the experience ends with it.
    expect((await withdraw(p, '90')).code).toBe(0);
    expect(await experienceType(p.playerId)).toBe(2);
    expect(await usdt(p.playerId)).toBe(0n);
    expect((await checkLedger(db())).problems).toEqual([]);
  });

  it('ends the experience at a smaller first withdrawal too', async () => {
    const p = await experiencePlayer(10, 110);
    expect((await withdraw(p, '20')).code).toBe(0);
    expect(await experienceType(p.playerId)).toBe(2);
    expect(await usdt(p.playerId)).toBe(USDT(90));
  });
});

describe('after the experience ended', () => {
  it('lifts the SPEC section 5 restrictions: third-party games ask only for the first recharge, and money may leave', async () => {
    const p = await experiencePlayer(10, 40);
    const enter = { aggregator: 'hub88', manufacturer: 'DEMO', gameCode: 'demo_slot', gameId: 1, gameType: 10, currency: 'USD', platformCode: 'android' };
    const home = await t.call('/v1/app/home', {});
    const slot = home.data.slotGames.find((g: { aggregator: string }) => g.aggregator === 'hub88');
    Object.assign(enter, { manufacturer: slot.manufacturer, gameCode: slot.gameCode, gameId: slot.id, gameType: slot.gameType });
    const before = await t.call('/v1/thirdGame/enter', enter, { token: p.token, headers: { language: 'en_US' } });
    expect(before.msg).toBe(EXPERIENCE_MESSAGES.goldNotUsedUp.en_US);

    // Spend it down to below 3 through a losing bet.
    const bet = await t.bet(p.token, { gameId: 1, area: 'big', amount: '48' });
    expect(bet.code).toBe(0);
    await t.advance(bet.data.bet.round - (await t.head()), smallWins);
    await t.app.services.hashGame.publisher.drain();
    await vi.waitFor(async () => expect(await experienceType(p.playerId)).toBe(2));

    const after = await t.call('/v1/thirdGame/enter', enter, { token: p.token, headers: { language: 'en_US' } });
    expect(after.code).toBe(30007);
  });
});
