import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generateRsaKeyPair, signBody, type RsaKeyPair } from '../modules/third-game/hub88/signature.ts';
import { rocketCrash } from './games/crash.ts';
import { cardRank, hiLo } from './games/hilo.ts';
import { luckySevens } from './games/index.ts';
import { fruitSlot } from './games/slot.ts';
import { startDemoAggregator, type DemoAggregator } from './index.ts';
import { roundRng } from './rng.ts';
import { startTestWallet, type RecordedCall, type TestWalletOptions } from './test-wallet.ts';

let operator: RsaKeyPair;
let studio: RsaKeyPair;
const closers: (() => Promise<void>)[] = [];

beforeAll(() => {
  operator = generateRsaKeyPair();
  studio = generateRsaKeyPair();
});

afterEach(async () => {
  while (closers.length > 0) await closers.pop()!();
});

async function start(wallet: Partial<TestWalletOptions> = {}, seed = 'test-seed') {
  const testWallet = await startTestWallet({ aggregatorPublicKeyPem: studio.publicKeyPem, balance: 10_000_000, ...wallet });
  closers.push(() => testWallet.close());
  const demo = await startDemoAggregator({
    operatorId: 'lobby',
    operatorPublicKeyPem: operator.publicKeyPem,
    privateKeyPem: studio.privateKeyPem,
    walletUrl: () => testWallet.url,
    port: 0,
    seed,
    walletTimeoutMs: 300,
    walletRetryDelaysMs: [10, 20, 40],
  });
  closers.push(() => demo.close());
  return { demo, wallet: testWallet };
}

async function operatorCall(
  demo: DemoAggregator,
  path: string,
  payload: object,
  sign: (body: string) => string | undefined = (b) => signBody(b, operator.privateKeyPem),
) {
  const body = JSON.stringify(payload);
  const signature = sign(body);
  const response = await fetch(`${demo.url}/operator/generic/v2/game/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { 'X-Hub88-Signature': signature }) },
    body,
  });
  return { status: response.status, body: (await response.json()) as any };
}

const TOKEN = 'a-fresh-token-of-the-operator-0001';

async function launch(demo: DemoAggregator, gameCode: string, token = TOKEN, lang = 'en_US') {
  const answer = await operatorCall(demo, 'url', {
    user: 'p000042',
    token,
    platform: 'GPL_MOBILE',
    operator_id: 'lobby',
    lobby_url: 'http://127.0.0.1:5173/',
    lang,
    ip: '127.0.0.1',
    game_code: gameCode,
    currency: 'USD',
    game_currency: 'USD',
    country: 'XX',
  });
  expect(answer.status).toBe(200);
  return answer.body.url as string;
}

async function play(demo: DemoAggregator, body: object) {
  const response = await fetch(`${demo.publicUrl}/games/api/play`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

const walletCalls = (calls: RecordedCall[], path: string) => calls.filter((c) => c.path === path);

describe('POST /operator/generic/v2/game/list', () => {
  it('lists the ten playable games of Demo Studio and Pocket Studio to a signed call, each with its own thumbnail', async () => {
    const { demo } = await start();
    const { status, body } = await operatorCall(demo, 'list', { operator_id: 'lobby' });
    expect(status).toBe(200);
    expect(body.map((g: any) => [g.game_code, g.category, g.product, g.product_code])).toEqual([
      ['demo_fruit_slot', 'slots', 'Demo Studio', 'DEMO'],
      ['demo_rocket_crash', 'crash', 'Demo Studio', 'DEMO'],
      ['demo_fish_hunter', 'fishing', 'Demo Studio', 'DEMO'],
      ['demo_plinko', 'crash', 'Demo Studio', 'DEMO'],
      ['demo_hilo', 'poker', 'Demo Studio', 'DEMO'],
      ['demo_lucky_sevens', 'slots', 'Pocket Studio', 'POCKET'],
      ['demo_lucky_dragon', 'slots', 'Pocket Studio', 'POCKET'],
      ['demo_rocket_moon', 'crash', 'Pocket Studio', 'POCKET'],
      ['demo_fish_frenzy', 'fishing', 'Pocket Studio', 'POCKET'],
      ['demo_hilo_royal', 'poker', 'Pocket Studio', 'POCKET'],
    ]);
    expect(body.map((g: any) => g.game_id)).toEqual(Array.from({ length: 10 }, (_, i) => 1000 + i));
    // Titles of one category share a first word, so a lobby search by that word finds several.
    for (const [category, word] of [
      ['slots', 'Lucky'],
      ['crash', 'Rocket'],
      ['fishing', 'Fish'],
      ['poker', 'Hi-Lo'],
    ]) {
      expect(body.filter((g: any) => g.category === category && g.name.split(' ')[0] === word).length, category).toBeGreaterThanOrEqual(2);
    }
    const pictures = new Set<string>();
    for (const game of body) {
      expect(game).toMatchObject({ enabled: true, platforms: ['GPL_DESKTOP', 'GPL_MOBILE'], blocked_countries: [] });
      expect(game.rtp).toBeGreaterThanOrEqual(95);
      expect(game.rtp).toBeLessThanOrEqual(97);
      const thumb = await fetch(game.url_thumb);
      expect(thumb.status).toBe(200);
      expect(thumb.headers.get('content-type')).toBe('image/svg+xml');
      pictures.add(await thumb.text());
    }
    expect(pictures.size).toBe(body.length);
  });

  it('refuses with HTTP 401 a call signed by another key, an unsigned call and a signature of other bytes', async () => {
    const { demo } = await start();
    const stranger = generateRsaKeyPair();
    const other = signBody(JSON.stringify({ operator_id: 'lobby', extra: 1 }), operator.privateKeyPem);
    for (const sign of [(b: string) => signBody(b, stranger.privateKeyPem), () => undefined, () => other, () => 'not base64!']) {
      const { status, body } = await operatorCall(demo, 'list', { operator_id: 'lobby' }, sign);
      expect(status).toBe(401);
      expect(body).toEqual({ error: 'invalid signature' });
    }
  });

  it('refuses another operator_id with HTTP 403', async () => {
    const { demo } = await start();
    expect((await operatorCall(demo, 'list', { operator_id: 'someone-else' })).status).toBe(403);
  });
});

describe('POST /operator/generic/v2/game/url', () => {
  it('answers a launch URL on the public base with the token, language and lobby URL', async () => {
    const { demo } = await start();
    const url = new URL(await launch(demo, 'demo_plinko', TOKEN, 'pt_BR'));
    expect(`${url.origin}${url.pathname}`).toBe(`${demo.publicUrl}/games/demo_plinko/`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ token: TOKEN, lang: 'pt_BR', lobby_url: 'http://127.0.0.1:5173/' });
  });

  it('refuses a bad signature with HTTP 401 and opens no session', async () => {
    const { demo } = await start();
    const stranger = generateRsaKeyPair();
    const answer = await operatorCall(demo, 'url', { operator_id: 'lobby', user: 'p000042', token: TOKEN, game_code: 'demo_plinko', currency: 'USD' }, (b) =>
      signBody(b, stranger.privateKeyPem),
    );
    expect(answer).toEqual({ status: 401, body: { error: 'invalid signature' } });
    expect((await play(demo, { token: TOKEN, game_code: 'demo_plinko', stake: 100_000, choice: { risk: 'low' } })).body).toEqual({
      ok: false,
      error: 'session_expired',
    });
  });

  it('refuses an unknown game and a too short token with HTTP 400', async () => {
    const { demo } = await start();
    expect((await operatorCall(demo, 'url', { operator_id: 'lobby', user: 'p000042', token: TOKEN, game_code: 'nope', currency: 'USD' })).status).toBe(400);
    expect((await operatorCall(demo, 'url', { operator_id: 'lobby', user: 'p000042', token: 'short', game_code: 'demo_plinko', currency: 'USD' })).status).toBe(
      400,
    );
  });
});

describe('GET /games/<game_code>/', () => {
  it('serves the game page in the launch language, right to left in Arabic, and lets the operator frame it', async () => {
    const { demo } = await start();
    const response = await fetch(await launch(demo, 'demo_fruit_slot', TOKEN, 'ar_EG'));
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('x-frame-options')).toBeNull();
    expect(response.headers.get('content-security-policy')).not.toContain('frame-ancestors');
    expect(html).toContain('<html lang="ar-EG" dir="rtl">');
    expect(html).toContain('"notEnough":"الرصيد غير كافٍ"');
    for (const asset of ['common.js', 'fruit_slot.js', 'style.css']) {
      expect(html).toContain(`../static/${asset}`);
      expect((await fetch(`${demo.publicUrl}/games/static/${asset}`)).status).toBe(200);
    }
    expect(html).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)/); // nothing from a CDN
  });

  it("draws a title of another studio with its engine's script, its own symbols and its own colours", async () => {
    const { demo } = await start();
    const html = await (await fetch(await launch(demo, 'demo_lucky_sevens'))).text();
    expect(html).toContain('<title>Lucky Sevens</title>');
    expect(html).toContain('../static/fruit_slot.js');
    expect(html).toContain('<body class="game-fruit_slot" style="background:#0b2a1a">');
    const config = JSON.parse(/<script type="application\/json" id="config">(.*?)<\/script>/s.exec(html)![1]!);
    expect(config.game.data.symbols).toEqual(['plum', 'clover', 'star', 'horseshoe', 'diamond', 'seven']);
    expect(Object.keys(config.game.data.art)).toEqual(config.game.data.symbols);
    expect((await fetch(`${demo.publicUrl}/games/static/lucky_sevens.js`)).status).toBe(404);
  });

  it('never hands the page a lobby URL that is not http(s)', async () => {
    const { demo } = await start();
    const url = new URL(await launch(demo, 'demo_plinko'));
    url.searchParams.set('lobby_url', 'javascript:alert(1)');
    url.searchParams.set('token', 'a-token-nobody-launched');
    const html = await (await fetch(url)).text();
    expect(html).toContain('"lobbyUrl":""');
    expect(html).not.toContain('javascript:');
  });

  it('falls back to English for a language it does not speak', async () => {
    const { demo } = await start();
    const html = await (await fetch(await launch(demo, 'demo_plinko', TOKEN, 'de_DE'))).text();
    expect(html).toContain('<html lang="en-US" dir="ltr">');
  });
});

describe('POST /games/api/play', () => {
  it('debits the stake with a signed bet, then credits the payout with a signed win that closes the round', async () => {
    const { demo, wallet } = await start({}, 'round-seed');
    await launch(demo, 'demo_fruit_slot');
    const { body } = await play(demo, { token: TOKEN, game_code: 'demo_fruit_slot', stake: 500_000, choice: {} });

    const expected = fruitSlot.play(roundRng('round-seed', 1), 500_000, {});
    expect(body).toMatchObject({ ok: true, stake: 500_000, payout: expected.payout, result: expected.detail, currency: 'USD' });
    expect(body.balance).toBe(10_000_000 - 500_000 + expected.payout);
    expect(wallet.balance()).toBe(body.balance);

    expect(wallet.calls.map((c) => c.path)).toEqual(['/transaction/bet', '/transaction/win']);
    expect(wallet.calls.every((c) => c.signatureValid)).toBe(true);
    const [bet, win] = wallet.calls.map((c) => c.body);
    expect(bet).toMatchObject({
      user: 'p000042',
      token: TOKEN,
      game_code: 'demo_fruit_slot',
      currency: 'USD',
      amount: 500_000,
      round: body.round,
      round_closed: false,
      bet: 'demo_fruit_slot',
      is_free: false,
    });
    expect(win).toMatchObject({
      user: 'p000042',
      token: TOKEN,
      game_code: 'demo_fruit_slot',
      currency: 'USD',
      amount: expected.payout,
      round: body.round,
      round_closed: true,
      reference_transaction_uuid: bet.transaction_uuid,
    });
    for (const call of [bet, win]) {
      expect(call.request_uuid).toMatch(/^[0-9a-f-]{36}$/);
      expect(call.transaction_uuid).toMatch(/^[0-9a-f-]{36}$/);
      expect(call.meta).toEqual({ studio: 'DEMO', choice: {} });
    }
    expect(win.transaction_uuid).not.toBe(bet.transaction_uuid);
  });

  it('plays a Pocket Studio title on its own paytable and names its studio in the wallet calls', async () => {
    const { demo, wallet } = await start({}, 'sevens-seed');
    await launch(demo, 'demo_lucky_sevens');
    const { body } = await play(demo, { token: TOKEN, game_code: 'demo_lucky_sevens', stake: 200_000, choice: {} });
    const expected = luckySevens.play(roundRng('sevens-seed', 1), 200_000, {});
    expect(body).toMatchObject({ ok: true, stake: 200_000, payout: expected.payout, result: expected.detail });
    expect((expected.detail.window as string[][]).flat().every((s) => (luckySevens.pageData!.symbols as string[]).includes(s))).toBe(true);
    expect(wallet.calls.map((c) => [c.path, c.body.game_code, c.body.meta])).toEqual([
      ['/transaction/bet', 'demo_lucky_sevens', { studio: 'POCKET', choice: {} }],
      ['/transaction/win', 'demo_lucky_sevens', { studio: 'POCKET', choice: {} }],
    ]);
  });

  it('sends a win of 0 for a lost round, so the round is closed', async () => {
    const { demo, wallet } = await start({}, 'lost-seed');
    await launch(demo, 'demo_rocket_crash');
    const expected = rocketCrash.play(roundRng('lost-seed', 1), 100_000, { target: 100_000 });
    expect(expected.payout).toBe(0);
    const { body } = await play(demo, { token: TOKEN, game_code: 'demo_rocket_crash', stake: 100_000, choice: { target: 100_000 } });
    expect(body).toMatchObject({ ok: true, payout: 0, balance: 9_900_000 });
    const win = walletCalls(wallet.calls, '/transaction/win')[0]!.body;
    expect(win).toMatchObject({ amount: 0, round_closed: true });
  });

  it('tells the player "not_enough_money" with the balance, and sends no win or rollback', async () => {
    const { demo, wallet } = await start({ balance: 50_000 });
    await launch(demo, 'demo_plinko');
    const { body } = await play(demo, { token: TOKEN, game_code: 'demo_plinko', stake: 100_000, choice: { risk: 'high' } });
    expect(body).toEqual({ ok: false, error: 'not_enough_money', balance: 50_000, status: 'RS_ERROR_NOT_ENOUGH_MONEY' });
    expect(wallet.calls.map((c) => c.path)).toEqual(['/transaction/bet']);
  });

  it('retries a timed-out bet with the same transaction_uuid and a new request_uuid, then rolls it back and cancels the round', async () => {
    const { demo, wallet } = await start({ intercept: (call) => (call.path === '/transaction/bet' ? 'hang' : undefined) });
    await launch(demo, 'demo_fish_hunter');
    const { body } = await play(demo, { token: TOKEN, game_code: 'demo_fish_hunter', stake: 200_000, choice: { fish: 'shark' } });

    expect(body).toEqual({ ok: false, error: 'round_cancelled', balance: 10_000_000 });
    const bets = walletCalls(wallet.calls, '/transaction/bet');
    expect(bets).toHaveLength(4); // the call and three retries
    expect(new Set(bets.map((c) => c.body.transaction_uuid)).size).toBe(1);
    expect(new Set(bets.map((c) => c.body.request_uuid)).size).toBe(4);
    expect(bets.map(({ body: { request_uuid: _r, ...rest } }) => rest)).toEqual(
      Array(4)
        .fill(bets[0]!.body)
        .map(({ request_uuid: _r, ...rest }) => rest),
    );

    const rollbacks = walletCalls(wallet.calls, '/transaction/rollback');
    expect(rollbacks).toHaveLength(1);
    expect(rollbacks[0]).toMatchObject({
      signatureValid: true,
      body: { reference_transaction_uuid: bets[0]!.body.transaction_uuid, round: bets[0]!.body.round, round_closed: true },
    });
    expect(rollbacks[0]!.body.transaction_uuid).not.toBe(bets[0]!.body.transaction_uuid);
    expect(walletCalls(wallet.calls, '/transaction/win')).toHaveLength(0);
  });

  it('completes the round when a retried bet is answered: one debit, then the win', async () => {
    const { demo, wallet } = await start({ intercept: (call, index) => (index === 0 ? 'hang' : undefined) }, 'retry-seed');
    await launch(demo, 'demo_fruit_slot');
    const { body } = await play(demo, { token: TOKEN, game_code: 'demo_fruit_slot', stake: 100_000, choice: {} });
    const expected = fruitSlot.play(roundRng('retry-seed', 1), 100_000, {});
    expect(body).toMatchObject({ ok: true, payout: expected.payout, balance: 10_000_000 - 100_000 + expected.payout });
    expect(wallet.calls.map((c) => c.path)).toEqual(['/transaction/bet', '/transaction/bet', '/transaction/win']);
    expect(wallet.calls[1]!.body.transaction_uuid).toBe(wallet.calls[0]!.body.transaction_uuid);
  });

  it('keeps retrying a rollback the wallet does not answer until it is answered', async () => {
    let rollbackTries = 0;
    const { demo, wallet } = await start({
      intercept: (call) => {
        if (call.path === '/transaction/bet') return 'hang';
        if (call.path === '/transaction/rollback' && ++rollbackTries <= 5) return 'hang';
      },
    });
    await launch(demo, 'demo_plinko');
    const { body } = await play(demo, { token: TOKEN, game_code: 'demo_plinko', stake: 100_000, choice: { risk: 'low' } });
    expect(body).toEqual({ ok: false, error: 'round_cancelled' });
    await expect.poll(() => rollbackTries, { timeout: 10_000, interval: 100 }).toBe(6);
    const rollbacks = walletCalls(wallet.calls, '/transaction/rollback');
    expect(new Set(rollbacks.map((c) => c.body.transaction_uuid)).size).toBe(1);
    expect(new Set(rollbacks.map((c) => c.body.request_uuid)).size).toBe(6);
    expect(wallet.balance()).toBe(10_000_000);
  });

  it('keeps retrying a win the wallet does not answer with the same transaction_uuid, and the page learns the win is on its way', async () => {
    let winTries = 0;
    const { demo, wallet } = await start({ intercept: (call) => (call.path === '/transaction/win' && ++winTries <= 4 ? 'hang' : undefined) }, 'win-seed');
    await launch(demo, 'demo_rocket_crash');
    const { body } = await play(demo, { token: TOKEN, game_code: 'demo_rocket_crash', stake: 100_000, choice: { target: 101 } });
    const expected = rocketCrash.play(roundRng('win-seed', 1), 100_000, { target: 101 });
    expect(expected.payout).toBe(101_000);
    expect(body).toMatchObject({ ok: true, payout: expected.payout, balance: null });
    await expect.poll(() => winTries, { timeout: 10_000, interval: 100 }).toBe(5);
    const wins = walletCalls(wallet.calls, '/transaction/win');
    expect(new Set(wins.map((c) => c.body.transaction_uuid)).size).toBe(1);
    expect(wins.every((c) => c.body.amount === expected.payout && c.body.round_closed === true)).toBe(true);
    expect(walletCalls(wallet.calls, '/transaction/rollback')).toHaveLength(0);
    expect(wallet.balance()).toBe(10_000_000 - 100_000 + expected.payout);
  });

  it('refuses an unknown token, another game than the session, a stake not offered and a bad choice', async () => {
    const { demo, wallet } = await start();
    await launch(demo, 'demo_rocket_crash');
    expect((await play(demo, { token: 'unknown-token-000', game_code: 'demo_rocket_crash', stake: 100_000, choice: { target: 200 } })).body).toEqual({
      ok: false,
      error: 'session_expired',
    });
    expect((await play(demo, { token: TOKEN, game_code: 'demo_plinko', stake: 100_000, choice: { risk: 'low' } })).status).toBe(400);
    expect((await play(demo, { token: TOKEN, game_code: 'demo_rocket_crash', stake: 123_456, choice: { target: 200 } })).status).toBe(400);
    expect((await play(demo, { token: TOKEN, game_code: 'demo_rocket_crash', stake: 100_000, choice: { target: 50 } })).status).toBe(400);
    expect(wallet.calls).toHaveLength(0);
  });
});

describe('Hi-Lo rounds', () => {
  it('play against the card on the table of the session, and the next card stays on the table', async () => {
    const { demo, wallet } = await start({}, 'hilo-seed');
    const html = await (await fetch(await launch(demo, 'demo_hilo'))).text();
    const config = JSON.parse(/<script type="application\/json" id="config">(.*?)<\/script>/s.exec(html)![1]!);
    let card = config.state as number;
    expect(Number.isInteger(card)).toBe(true);
    for (let round = 1; round <= 3; round++) {
      const guess = cardRank(card) <= 7 ? 'higher' : 'lower';
      const { body } = await play(demo, { token: TOKEN, game_code: 'demo_hilo', stake: 100_000, choice: { guess } });
      const expected = hiLo.play(roundRng('hilo-seed', round), 100_000, { guess, card }, card);
      expect(body).toMatchObject({ ok: true, payout: expected.payout, result: { card, next: expected.state, guess } });
      card = expected.state as number;
    }
    expect(walletCalls(wallet.calls, '/transaction/win')).toHaveLength(3);
  });

  it('refuses "higher" when a King is on the table, before any wallet call', async () => {
    const { demo, wallet } = await start();
    await launch(demo, 'demo_hilo');
    let refused = 0;
    for (let i = 0; i < 250 && refused === 0; i++) {
      // play "lower" (never impossible on a King) until a King shows, then try "higher"
      const html = await (await fetch(`${demo.publicUrl}/games/demo_hilo/?token=${TOKEN}`)).text();
      const card = JSON.parse(/<script type="application\/json" id="config">(.*?)<\/script>/s.exec(html)![1]!).state as number;
      if (cardRank(card) === 13) {
        const before = wallet.calls.length;
        expect((await play(demo, { token: TOKEN, game_code: 'demo_hilo', stake: 100_000, choice: { guess: 'higher' } })).status).toBe(400);
        expect(wallet.calls.length).toBe(before);
        refused++;
      } else {
        await play(demo, { token: TOKEN, game_code: 'demo_hilo', stake: 10_000, choice: { guess: cardRank(card) === 1 ? 'higher' : 'lower' } });
      }
    }
    expect(refused).toBe(1);
  });
});

describe('data directory', () => {
  it('keeps sessions and unanswered rollbacks across a restart, and delivers the rollback with its transaction_uuid', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'demo-aggregator-'));
    const silent = await startTestWallet({
      aggregatorPublicKeyPem: studio.publicKeyPem,
      balance: 10_000_000,
      intercept: (call) => (call.path === '/user/balance' ? undefined : 'hang'),
    });
    closers.push(() => silent.close());
    const options = {
      operatorId: 'lobby',
      operatorPublicKeyPem: operator.publicKeyPem,
      privateKeyPem: studio.privateKeyPem,
      port: 0,
      dataDir,
      walletTimeoutMs: 200,
      walletRetryDelaysMs: [10],
    };
    const first = await startDemoAggregator({ ...options, walletUrl: () => silent.url });
    await launch(first, 'demo_fruit_slot');
    expect((await play(first, { token: TOKEN, game_code: 'demo_fruit_slot', stake: 100_000, choice: {} })).body).toEqual({
      ok: false,
      error: 'round_cancelled',
    });
    await first.close();
    const bet = walletCalls(silent.calls, '/transaction/bet')[0]!.body;
    const rollback = walletCalls(silent.calls, '/transaction/rollback')[0]!.body;

    const answering = await startTestWallet({ aggregatorPublicKeyPem: studio.publicKeyPem, balance: 10_000_000 });
    closers.push(() => answering.close());
    const second = await startDemoAggregator({ ...options, walletUrl: () => answering.url });
    closers.push(() => second.close());
    await expect.poll(() => walletCalls(answering.calls, '/transaction/rollback').length, { timeout: 5000, interval: 50 }).toBe(1);
    const delivered = walletCalls(answering.calls, '/transaction/rollback')[0]!;
    expect(delivered.signatureValid).toBe(true);
    expect(delivered.body).toMatchObject({ transaction_uuid: rollback.transaction_uuid, reference_transaction_uuid: bet.transaction_uuid });
    expect(delivered.body.request_uuid).not.toBe(rollback.request_uuid);

    // the session opened before the restart still plays
    const { body } = await play(second, { token: TOKEN, game_code: 'demo_fruit_slot', stake: 100_000, choice: {} });
    expect(body.ok).toBe(true);
  });
});

describe('POST /games/api/balance', () => {
  it('reads the balance from the wallet with a signed /user/balance', async () => {
    const { demo, wallet } = await start({ balance: 1_234_000 });
    await launch(demo, 'demo_plinko');
    const response = await fetch(`${demo.publicUrl}/games/api/balance`, { method: 'POST', body: JSON.stringify({ token: TOKEN }) });
    expect(await response.json()).toEqual({ ok: true, balance: 1_234_000, currency: 'USD' });
    expect(wallet.calls).toHaveLength(1);
    expect(wallet.calls[0]).toMatchObject({ path: '/user/balance', signatureValid: true, body: { user: 'p000042', token: TOKEN, game_code: 'demo_plinko' } });
  });
});
