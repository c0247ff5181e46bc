import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkLedger } from '../../../money/ledger-check.ts';
import { startTestApp, type TestApp } from '../../../testing/test-app.ts';
import { ThirdGameRepository } from '../third-game.repo.ts';
import { generateRsaKeyPair } from './signature.ts';
import { TEST_AGGREGATOR_PUBLIC_KEY_PEM } from './test-key-pair.ts';
import { callbacks, newToken, walletCall } from './wallet-test-support.ts';

// Hub88's Wallet API as the aggregator sees it: signed requests over real HTTP to a whole server on a
// real database. Amounts are 1/100000 USD; the player's USDT balance backs them (1 unit = 10 micro).

let t: TestApp;
const GAME = 'demo_slot';

beforeAll(async () => {
  t = await startTestApp({ HUB88_PUBLIC_KEY: TEST_AGGREGATOR_PUBLIC_KEY_PEM, HUB88_CURRENCY: 'USD' });
});

afterAll(async () => {
  await t?.close();
});

afterEach(async () => {
  const check = await checkLedger(t.app.database.db);
  expect(check.problems).toEqual([]);
});

/** A registered player with `usd` dollars of USDT and an open session of GAME. */
async function player(usd = 100, gameCode = GAME) {
  const { playerId } = await t.registerPlayer();
  if (usd > 0) {
    await t.app.services.ledger.transfer({
      idempotencyKey: `test-deposit:${playerId}`,
      kind: 'deposit',
      legs: [
        { account: { kind: 'deposit_clearing' }, currency: 'USDT', amount: -BigInt(usd) * 1_000_000n },
        { account: { kind: 'player', playerId }, currency: 'USDT', amount: BigInt(usd) * 1_000_000n },
      ],
    });
  }
  const token = newToken();
  await new ThirdGameRepository(t.app.database.db).createSession({ token, playerId, aggregator: 'hub88', gameCode, gameType: 10, manufacturer: 'Demo Studio' });
  return { playerId, token, ...callbacks(playerId, token, gameCode) };
}

const post = (path: string, body: unknown, options?: Parameters<typeof walletCall>[3]) => walletCall(t.url, path, body, options);
const usdtMicro = async (playerId: number) => t.app.services.ledger.balance({ kind: 'player', playerId }, 'USDT');

describe('POST /hub88/wallet/user/info', () => {
  it('answers RS_OK with the user and the request_uuid echoed', async () => {
    const p = await player(0);
    const body = p.info();
    const reply = await post('/user/info', body);
    expect(reply.http).toBe(200);
    expect(reply.json).toMatchObject({ status: 'RS_OK', user: p.user, request_uuid: body.request_uuid });
  });

  it('answers RS_ERROR_USER_DISABLED for a disabled player and RS_ERROR_INVALID_TOKEN for a user that is not ours', async () => {
    const p = await player(0);
    await sql`update players set status = 1 where id = ${p.playerId}`.execute(t.app.database.db);
    expect((await post('/user/info', p.info())).json.status).toBe('RS_ERROR_USER_DISABLED');
    expect((await post('/user/info', { user: 'p999999', request_uuid: 'x' })).json.status).toBe('RS_ERROR_INVALID_TOKEN');
    expect((await post('/user/info', { user: 'john', request_uuid: 'x' })).json.status).toBe('RS_ERROR_INVALID_TOKEN');
    expect((await post('/user/info', { user: 'p99999999999', request_uuid: 'x' })).json.status).toBe('RS_ERROR_INVALID_TOKEN');
  });
});

describe('POST /hub88/wallet/user/balance', () => {
  it('answers the USDT balance in 1/100000 USD with user and currency', async () => {
    const p = await player(12);
    const body = p.balance();
    const reply = await post('/user/balance', body);
    expect(reply.json).toEqual({ status: 'RS_OK', user: p.user, currency: 'USD', balance: 1_200_000, request_uuid: body.request_uuid });
  });

  it('answers RS_ERROR_INVALID_TOKEN for an unknown token or a token of another player', async () => {
    const p = await player(1);
    const other = await player(1);
    expect((await post('/user/balance', { ...p.balance(), token: 'nope' })).json.status).toBe('RS_ERROR_INVALID_TOKEN');
    expect((await post('/user/balance', { ...p.balance(), token: other.token })).json.status).toBe('RS_ERROR_INVALID_TOKEN');
  });
});

describe('signature and syntax', () => {
  it('answers RS_ERROR_INVALID_SIGNATURE and moves nothing for a missing, foreign or stale signature', async () => {
    const p = await player(10);
    const bet = p.bet(100_000);
    const foreign = generateRsaKeyPair();
    expect((await post('/transaction/bet', bet, { signature: '' })).json).toMatchObject({
      status: 'RS_ERROR_INVALID_SIGNATURE',
      request_uuid: bet.request_uuid,
    });
    expect((await post('/transaction/bet', bet, { privateKeyPem: foreign.privateKeyPem })).json.status).toBe('RS_ERROR_INVALID_SIGNATURE');
    // Signed for one body, sent with another: the bytes are what is verified.
    const { signBody } = await import('./signature.ts');
    const { TEST_AGGREGATOR_PRIVATE_KEY_PEM } = await import('./test-key-pair.ts');
    const signature = signBody(JSON.stringify(bet), TEST_AGGREGATOR_PRIVATE_KEY_PEM);
    const tampered = JSON.stringify({ ...bet, amount: 1 });
    expect((await post('/transaction/bet', null, { raw: tampered, signature })).json.status).toBe('RS_ERROR_INVALID_SIGNATURE');
    expect(await usdtMicro(p.playerId)).toBe(10_000_000n);
  });

  it('verifies the bytes as sent: a body with non-ASCII text and odd spacing is accepted as signed', async () => {
    const p = await player(10);
    const bet = p.bet(100_000, { meta: { note: 'Zoë — 日本 🎰' } });
    const raw = JSON.stringify(bet, null, 3);
    const reply = await post('/transaction/bet', null, { raw });
    expect(reply.json).toMatchObject({ status: 'RS_OK', balance: 900_000 });
  });

  it('answers RS_ERROR_WRONG_SYNTAX for malformed JSON and RS_ERROR_WRONG_TYPES for fields of the wrong type', async () => {
    const p = await player(10);
    expect((await post('/transaction/bet', null, { raw: '{"user": "p0' })).json).toMatchObject({ status: 'RS_ERROR_WRONG_SYNTAX' });
    expect((await post('/transaction/bet', null, { raw: '[1,2]' })).json.status).toBe('RS_ERROR_WRONG_TYPES');
    for (const wrong of [{ amount: '100' }, { amount: 1.5 }, { amount: -1 }, { transaction_uuid: 7 }, { round: null }, { round_closed: 'yes' }]) {
      const body = { ...p.bet(100), ...wrong };
      const reply = await post('/transaction/bet', body);
      expect(reply.json).toMatchObject({ status: 'RS_ERROR_WRONG_TYPES', request_uuid: body.request_uuid });
    }
    expect(await usdtMicro(p.playerId)).toBe(10_000_000n);
  });

  it('answers RS_ERROR_UNKNOWN when the database fails mid-way, applies nothing, and the retry completes the bet once', async () => {
    const p = await player(10);
    const bet = p.bet(100_000);
    const db = t.app.database.db;
    await sql`alter table provider_rounds rename to provider_rounds_away`.execute(db);
    try {
      expect((await post('/transaction/bet', bet)).json).toMatchObject({ status: 'RS_ERROR_UNKNOWN', user: p.user, request_uuid: bet.request_uuid });
    } finally {
      await sql`alter table provider_rounds_away rename to provider_rounds`.execute(db);
    }
    expect(await usdtMicro(p.playerId)).toBe(10_000_000n);
    expect((await post('/transaction/bet', bet)).json).toMatchObject({ status: 'RS_OK', balance: 900_000 });
    expect((await post('/transaction/bet', bet)).json).toMatchObject({ status: 'RS_OK', balance: 900_000 });
  });

  it('accepts unknown extra fields', async () => {
    const p = await player(10);
    const reply = await post('/transaction/bet', { ...p.bet(100_000), brand_new_field: { nested: [1, 2] }, reward_uuid: null });
    expect(reply.json.status).toBe('RS_OK');
  });
});

describe('POST /hub88/wallet/transaction/bet', () => {
  it('debits the amount once and answers RS_OK with user, currency, balance and request_uuid', async () => {
    const p = await player(10);
    const bet = p.bet(250_000);
    const reply = await post('/transaction/bet', bet);
    expect(reply.http).toBe(200);
    expect(reply.json).toEqual({ status: 'RS_OK', user: p.user, currency: 'USD', balance: 750_000, request_uuid: bet.request_uuid });
    expect(await usdtMicro(p.playerId)).toBe(7_500_000n);
  });

  it('answers an identical replay as the first time, with the current balance, and moves nothing', async () => {
    const p = await player(10);
    const bet = p.bet(100_000);
    expect((await post('/transaction/bet', bet)).json.balance).toBe(900_000);
    await post('/transaction/bet', p.bet(100_000));
    const replay = await post('/transaction/bet', { ...bet, request_uuid: 'another-network-call' });
    expect(replay.json).toMatchObject({ status: 'RS_OK', balance: 800_000, request_uuid: 'another-network-call' });
    expect(await usdtMicro(p.playerId)).toBe(8_000_000n);
  });

  it('refuses a reused transaction_uuid with other content with RS_ERROR_DUPLICATE_TRANSACTION', async () => {
    const p = await player(10);
    const bet = p.bet(100_000);
    await post('/transaction/bet', bet);
    for (const change of [{ amount: 200_000 }, { round: 'other-round' }, { game_code: 'demo_crash' }]) {
      expect((await post('/transaction/bet', { ...bet, ...change })).json).toMatchObject({ status: 'RS_ERROR_DUPLICATE_TRANSACTION', balance: 900_000 });
    }
    expect(await usdtMicro(p.playerId)).toBe(9_000_000n);
  });

  it('answers RS_ERROR_NOT_ENOUGH_MONEY with the current balance and debits nothing', async () => {
    const p = await player(1);
    const reply = await post('/transaction/bet', p.bet(100_001));
    expect(reply.json).toMatchObject({ status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: 100_000, currency: 'USD', user: p.user });
    expect(await usdtMicro(p.playerId)).toBe(1_000_000n);
  });

  it('answers RS_ERROR_INVALID_TOKEN for an unknown token, or a token of another player', async () => {
    const p = await player(10);
    const other = await player(10);
    expect((await post('/transaction/bet', { ...p.bet(100), token: 'unknown' })).json.status).toBe('RS_ERROR_INVALID_TOKEN');
    expect((await post('/transaction/bet', { ...p.bet(100), token: other.token })).json.status).toBe('RS_ERROR_INVALID_TOKEN');
  });

  it('answers RS_ERROR_TOKEN_EXPIRED once the session ended', async () => {
    const p = await player(10);
    await new ThirdGameRepository(t.app.database.db).endSessions(p.playerId);
    expect((await post('/transaction/bet', p.bet(100))).json).toMatchObject({ status: 'RS_ERROR_TOKEN_EXPIRED', balance: 1_000_000 });
  });

  it('answers RS_ERROR_WRONG_CURRENCY for another currency', async () => {
    const p = await player(10);
    expect((await post('/transaction/bet', { ...p.bet(100), currency: 'EUR' })).json.status).toBe('RS_ERROR_WRONG_CURRENCY');
  });

  it('answers RS_ERROR_INVALID_GAME for a game neither of the session nor in the catalogue', async () => {
    const p = await player(10);
    expect((await post('/transaction/bet', { ...p.bet(100), game_code: 'no_such_game' })).json.status).toBe('RS_ERROR_INVALID_GAME');
  });

  it('accepts another game of the same aggregator that the lobby lists (a lobby game may switch games)', async () => {
    const p = await player(10);
    const listed = await t.app.database.db
      .selectFrom('games')
      .select('game_code')
      .where('aggregator', '=', 'hub88')
      .where('enabled', '=', true)
      .where('game_code', '<>', GAME)
      .executeTakeFirst();
    expect(listed).toBeDefined();
    expect((await post('/transaction/bet', { ...p.bet(100_000), game_code: listed!.game_code })).json).toMatchObject({ status: 'RS_OK', balance: 900_000 });
  });

  it('answers RS_ERROR_USER_DISABLED for a disabled player and debits nothing', async () => {
    const p = await player(10);
    await sql`update players set status = 1 where id = ${p.playerId}`.execute(t.app.database.db);
    expect((await post('/transaction/bet', p.bet(100))).json.status).toBe('RS_ERROR_USER_DISABLED');
    expect(await usdtMicro(p.playerId)).toBe(10_000_000n);
  });

  it('accepts a zero bet (a free spin) without a ledger transfer', async () => {
    const p = await player(10);
    expect((await post('/transaction/bet', p.bet(0, { is_free: true }))).json).toMatchObject({ status: 'RS_OK', balance: 1_000_000 });
  });

  it('debits once for 20 parallel copies of one bet', async () => {
    const p = await player(10);
    const bet = p.bet(100_000);
    const replies = await Promise.all(Array.from({ length: 20 }, () => post('/transaction/bet', bet)));
    for (const reply of replies) expect(reply.json.status).toBe('RS_OK');
    expect(await usdtMicro(p.playerId)).toBe(9_000_000n);
  });

  it('accepts exactly what fits of 40 parallel bets over the balance', async () => {
    const p = await player(10);
    const replies = await Promise.all(Array.from({ length: 40 }, () => post('/transaction/bet', p.bet(40_000))));
    const ok = replies.filter((r) => r.json.status === 'RS_OK').length;
    const refused = replies.filter((r) => r.json.status === 'RS_ERROR_NOT_ENOUGH_MONEY').length;
    // 1,000,000 units of balance fit 25 bets of 40,000.
    expect([ok, refused]).toEqual([25, 15]);
    expect(await usdtMicro(p.playerId)).toBe(0n);
  });
});

describe('POST /hub88/wallet/transaction/win', () => {
  it('credits the win for its bet, also after the session ended, and closes the round', async () => {
    const p = await player(10);
    const bet = p.bet(100_000);
    await post('/transaction/bet', bet);
    await new ThirdGameRepository(t.app.database.db).endSessions(p.playerId);
    const win = p.win(bet, 350_000);
    const reply = await post('/transaction/win', win);
    expect(reply.json).toEqual({ status: 'RS_OK', user: p.user, currency: 'USD', balance: 1_250_000, request_uuid: win.request_uuid });
    const [round] = await t.app.services.providerWallet.rounds({ playerId: p.playerId, limit: 10 });
    expect(round).toMatchObject({
      round: bet.round,
      gameCode: GAME,
      gameType: 10,
      manufacturer: 'Demo Studio',
      currency: 'USDT',
      betTotal: 1_000_000n,
      winTotal: 3_500_000n,
      betCount: 1,
    });
    expect(round.closedAt).toBeInstanceOf(Date);
  });

  it('answers a replayed win as the first and refuses a changed one with RS_ERROR_DUPLICATE_TRANSACTION', async () => {
    const p = await player(10);
    const bet = p.bet(100_000);
    await post('/transaction/bet', bet);
    const win = p.win(bet, 200_000);
    await post('/transaction/win', win);
    expect((await post('/transaction/win', win)).json).toMatchObject({ status: 'RS_OK', balance: 1_100_000 });
    expect((await post('/transaction/win', { ...win, amount: 999_999 })).json.status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    expect(await usdtMicro(p.playerId)).toBe(11_000_000n);
  });

  it('answers RS_ERROR_TRANSACTION_DOES_NOT_EXIST for an unknown bet and credits nothing', async () => {
    const p = await player(10);
    const reply = await post('/transaction/win', p.win({ transaction_uuid: 'never-sent', round: 'r' }, 500_000));
    expect(reply.json).toMatchObject({ status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST', balance: 1_000_000 });
  });

  it('answers RS_ERROR_TRANSACTION_ROLLED_BACK for a win on a rolled-back bet, and credits the win before the rollback', async () => {
    const p = await player(10);
    const early = p.bet(100_000);
    await post('/transaction/bet', early);
    expect((await post('/transaction/win', p.win(early, 300_000))).json.status).toBe('RS_OK');

    const late = p.bet(100_000);
    await post('/transaction/bet', late);
    expect((await post('/transaction/rollback', p.rollback(late))).json.status).toBe('RS_OK');
    expect((await post('/transaction/win', p.win(late, 300_000))).json).toMatchObject({ status: 'RS_ERROR_TRANSACTION_ROLLED_BACK', balance: 1_200_000 });
    expect(await usdtMicro(p.playerId)).toBe(12_000_000n);
  });
});

describe('POST /hub88/wallet/transaction/rollback', () => {
  it('refunds a bet once, however often it is rolled back, also after the session ended', async () => {
    const p = await player(10);
    const bet = p.bet(400_000);
    await post('/transaction/bet', bet);
    await new ThirdGameRepository(t.app.database.db).endSessions(p.playerId);
    const rollback = p.rollback(bet);
    expect((await post('/transaction/rollback', rollback)).json).toEqual({
      status: 'RS_OK',
      user: p.user,
      currency: 'USD',
      balance: 1_000_000,
      request_uuid: rollback.request_uuid,
    });
    expect((await post('/transaction/rollback', rollback)).json).toMatchObject({ status: 'RS_OK', balance: 1_000_000 });
    expect((await post('/transaction/rollback', p.rollback(bet))).json).toMatchObject({ status: 'RS_OK', balance: 1_000_000 });
    expect(await usdtMicro(p.playerId)).toBe(10_000_000n);
    const [round] = await t.app.services.providerWallet.rounds({ playerId: p.playerId, limit: 1 });
    expect(round).toMatchObject({ betTotal: 0n, betCount: 0 });
  });

  it('answers RS_OK for a bet never seen and refuses that bet later with RS_ERROR_TRANSACTION_ROLLED_BACK', async () => {
    const p = await player(10);
    const bet = p.bet(100_000);
    expect((await post('/transaction/rollback', p.rollback(bet))).json).toMatchObject({ status: 'RS_OK', balance: 1_000_000 });
    expect((await post('/transaction/bet', bet)).json).toMatchObject({ status: 'RS_ERROR_TRANSACTION_ROLLED_BACK', balance: 1_000_000 });
    expect((await post('/transaction/bet', bet)).json.status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    expect(await usdtMicro(p.playerId)).toBe(10_000_000n);
  });

  it('refunds once when 10 parallel rollbacks of one bet race', async () => {
    const p = await player(10);
    const bet = p.bet(100_000);
    await post('/transaction/bet', bet);
    const replies = await Promise.all(Array.from({ length: 10 }, () => post('/transaction/rollback', p.rollback(bet))));
    for (const reply of replies) expect(reply.json.status).toBe('RS_OK');
    expect(await usdtMicro(p.playerId)).toBe(10_000_000n);
  });

  it('answers RS_ERROR_INVALID_TOKEN for an unknown token', async () => {
    const p = await player(10);
    expect((await post('/transaction/rollback', { ...p.rollback({ transaction_uuid: 'x', round: 'r' }), token: 'nope' })).json.status).toBe(
      'RS_ERROR_INVALID_TOKEN',
    );
  });
});

describe('bet records', () => {
  it("lists a player's third-party rounds newest first, with bet and win totals", async () => {
    const p = await player(10);
    const first = p.bet(100_000);
    await post('/transaction/bet', first);
    await post('/transaction/bet', { ...p.bet(50_000), round: first.round });
    await post('/transaction/win', p.win(first, 20_000));
    const second = p.bet(10_000);
    await post('/transaction/bet', second);
    const rounds = await t.app.services.providerWallet.rounds({ playerId: p.playerId, limit: 10 });
    expect(rounds.map((r) => [r.round, r.betTotal, r.winTotal, r.betCount, r.closedAt !== null])).toEqual([
      [second.round, 100_000n, 0n, 1, false],
      [first.round, 1_500_000n, 200_000n, 2, true],
    ]);
  });
});

describe('after a bet and a win', () => {
  it("announces the player's balance as moved by a game round, so activities look at the player less often", async () => {
    const notice = vi.spyOn(t.app.services.activity, 'notice');
    try {
      const p = await player(10);
      const bet = p.bet(100_000);
      expect((await post('/transaction/bet', bet)).json.status).toBe('RS_OK');
      expect((await post('/transaction/win', p.win(bet, 0))).json.status).toBe('RS_OK');
      await expect.poll(() => notice.mock.calls.filter(([ids]) => ids.includes(p.playerId))).toContainEqual([[p.playerId], { play: true }]);
    } finally {
      notice.mockRestore();
    }
  });
});
