import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { authenticatedSocket, connectSocket, type TestSocket } from '../testing/test-socket.ts';
import { pushToChannel, pushToPlayer } from './realtime.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const connect = (app: TestApp = t, options: WebSocket.ClientOptions = {}) => connectSocket(app, options);
const authenticated = (token: string, app: TestApp = t) => authenticatedSocket(app, token);

/**
 * Pushes a private event to the player, then pings: frames leave in order, so a pong with nothing
 * before it proves the event did not reach the socket.
 */
async function expectNoPrivateEvents(client: TestSocket, playerId: number, app: TestApp = t) {
  await pushToPlayer(app.app.bus, { playerId, event: 'balance', data: { usdt: '1' } });
  client.send({ op: 'ping' });
  expect(await client.next()).toEqual({ op: 'pong' });
}

const sessionEnded = (code: number) => ({ op: 'session', code, msg: expect.any(String) });

describe('/v1/ws', () => {
  it('delivers public channel pushes to subscribers only', async () => {
    const a = await connect();
    const b = await connect();
    a.send({ op: 'subscribe', channel: 'round:1' });
    expect(await a.next()).toEqual({ op: 'subscribed', channel: 'round:1' });
    await pushToChannel(t.app.bus, { channel: 'round:1', event: 'result', data: { height: 42 } });
    // The round engine of the test app may announce round 1's state on the channel meanwhile.
    let frame = await a.next();
    while (frame.event === 'round') frame = await a.next();
    expect(frame).toEqual({ channel: 'round:1', event: 'result', data: { height: 42 } });
    b.send({ op: 'ping' });
    expect(await b.next()).toEqual({ op: 'pong' });
    a.socket.close();
    b.socket.close();
  });

  it("delivers a player's private events only after it authenticates with its token", async () => {
    const { token, playerId } = await t.registerPlayer();
    const client = await authenticated(token);
    await pushToPlayer(t.app.bus, { playerId: playerId + 1, event: 'balance', data: {} });
    await pushToPlayer(t.app.bus, { playerId, event: 'balance', data: { usdt: '5' } });
    expect(await client.next()).toEqual({ channel: 'player', event: 'balance', data: { usdt: '5' } });
    client.socket.close();
  });

  it('refuses bad tokens and junk', async () => {
    const client = await connect();
    client.send({ op: 'auth', token: 'x'.repeat(40) });
    expect(await client.next()).toEqual({ op: 'error', code: 10009 });
    client.send('not json');
    expect(await client.next()).toEqual({ op: 'error', code: 4 });
    client.send('null');
    expect(await client.next()).toEqual({ op: 'error', code: 4 });
    client.socket.close();
  });

  it('accepts only the round and results channels of hash games that exist, with code 12 for others', async () => {
    const client = await connect();
    for (const channel of ['round:1', 'results:1', 'round:101']) {
      client.send({ op: 'subscribe', channel });
      expect(await client.next()).toEqual({ op: 'subscribed', channel });
    }
    for (const channel of ['player:1', 'round:999', 'round:01', 'results:abc', 'chat:1', 'round:1 ', 'x'.repeat(40)]) {
      client.send({ op: 'subscribe', channel });
      expect(await client.next(), channel).toEqual({ op: 'error', code: 12 });
    }
    client.socket.close();
  });
});

describe('/v1/ws when the session ends', () => {
  it('tells the socket of a logged-out session with 10009 and sends it no private event after', async () => {
    const { token, playerId } = await t.registerPlayer();
    const client = await authenticated(token);
    expect((await t.call('/v1/player/logout', {}, { token })).code).toBe(0);
    expect(await client.next(1000)).toEqual(sessionEnded(10009));
    await expectNoPrivateEvents(client, playerId);
    client.socket.close();
  });

  it('tells the socket of a session replaced by another login with 10032, while the new session keeps its events', async () => {
    const { token, playerId, account, password } = await t.registerPlayer();
    const old = await authenticated(token);
    const login = await t.call('/v1/player/login', { kind: 1, account, password });
    expect(login.code).toBe(0);
    expect(await old.next(1000)).toEqual(sessionEnded(10032));

    const current = await authenticated(login.data.token);
    await pushToPlayer(t.app.bus, { playerId, event: 'balance', data: { usdt: '7' } });
    expect(await current.next()).toEqual({ channel: 'player', event: 'balance', data: { usdt: '7' } });
    await expectNoPrivateEvents(old, playerId);
    old.socket.close();
    current.socket.close();
  });

  it('keeps the events of a socket that authenticated again with the new token of a repeated login', async () => {
    const { token, playerId, account, password } = await t.registerPlayer();
    const client = await authenticated(token);
    const login = await t.call('/v1/player/login', { kind: 1, account, password });
    client.send({ op: 'auth', token: login.data.token });
    // The end of the old session may be told before the new auth is answered, never after it.
    let frame = await client.next();
    if (frame.op === 'session') frame = await client.next();
    expect(frame).toEqual({ op: 'auth', ok: true });
    await pushToPlayer(t.app.bus, { playerId, event: 'balance', data: { usdt: '3' } });
    expect(await client.next()).toEqual({ channel: 'player', event: 'balance', data: { usdt: '3' } });
    client.socket.close();
  });

  it('tells the socket of a session ended by a password reset with 10008', async () => {
    const email = `reset${Date.now()}${Math.floor(Math.random() * 1e6)}@example.com`;
    await t.call('/v1/player/captcha', { account: email });
    const registered = await t.call('/v1/player/register', { kind: 2, email, code: await t.latestCode(email), password: 'abc123' });
    const client = await authenticated(registered.data.token);
    expect((await t.call('/v1/player/captchachpwd', { account: email })).code).toBe(0);
    expect((await t.call('/v1/player/changepwd', { account: email, code: await t.latestCode(email), password: 'newpass1' })).code).toBe(0);
    expect(await client.next(1000)).toEqual(sessionEnded(10008));
    await expectNoPrivateEvents(client, registered.data.player.id);
    client.socket.close();
  });

  it('hears of a session another instance ended, through the shared event bus', async () => {
    const other = await startTestApp({}, { alongside: t });
    try {
      const { token, playerId, account, password } = await t.registerPlayer();
      const client = await authenticated(token);
      expect((await other.call('/v1/player/login', { kind: 1, account, password })).code).toBe(0);
      expect(await client.next(1000)).toEqual(sessionEnded(10032));
      await expectNoPrivateEvents(client, playerId);
      client.socket.close();
    } finally {
      await other.close();
    }
  });

  it('tells the socket when its session expires, with 10008', async () => {
    // The shortest lifetime the configuration allows: 3.6 seconds.
    const short = await startTestApp({ SESSION_TTL_HOURS: '0.001' });
    try {
      const { token, playerId } = await short.registerPlayer();
      const client = await authenticated(token, short);
      expect(await client.next(5000)).toEqual(sessionEnded(10008));
      await expectNoPrivateEvents(client, playerId, short);
      client.socket.close();
    } finally {
      await short.close();
    }
  });

  it('catches an end whose announcement was lost on its periodic re-check', async () => {
    const checked = await startTestApp({ WS_SESSION_RECHECK_SECONDS: '1' });
    try {
      const { token, playerId } = await checked.registerPlayer();
      const client = await authenticated(token, checked);
      await checked.app.database.db
        .updateTable('player_sessions')
        .set({ ended_at: new Date(), end_reason: 'replaced' })
        .where('player_id', '=', playerId)
        .execute();
      expect(await client.next(2500)).toEqual(sessionEnded(10032));
      await expectNoPrivateEvents(client, playerId, checked);
      client.socket.close();
    } finally {
      await checked.close();
    }
  });
});

describe('/v1/ws limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    // Behind a trusted proxy each test speaks from its own forwarded address.
    limited = await startTestApp({
      TRUST_PROXY: '127.0.0.1',
      WS_MAX_SOCKETS_PER_IP: '3',
      WS_FRAMES_PER_10S: '10',
      WS_AUTH_PER_MINUTE: '6',
      WS_AUTH_FAILURES_PER_IP: '8',
      WS_HEARTBEAT_SECONDS: '1',
    });
  });
  afterAll(async () => {
    await limited?.close();
  });
  const from = (ip: string, options: WebSocket.ClientOptions = {}) => connect(limited, { ...options, headers: { 'x-forwarded-for': ip } });

  it('closes sockets beyond WS_MAX_SOCKETS_PER_IP from one address with 1008, and frees the slot on close', async () => {
    const open = [await from('192.0.2.10'), await from('192.0.2.10'), await from('192.0.2.10')];
    const refused = await from('192.0.2.10');
    expect(await refused.closed).toBe(1008);
    const elsewhere = await from('192.0.2.11');
    elsewhere.send({ op: 'ping' });
    expect(await elsewhere.next()).toEqual({ op: 'pong' });

    open[0].socket.close();
    await open[0].closed;
    const again = await from('192.0.2.10');
    again.send({ op: 'ping' });
    expect(await again.next()).toEqual({ op: 'pong' });
    for (const client of [...open, again, elsewhere]) client.socket.close();
  });

  it('closes a socket that sends more than WS_FRAMES_PER_10S frames with 1008', async () => {
    const client = await from('192.0.2.20');
    for (let i = 0; i < 12; i++) client.send({ op: 'ping' });
    const answers: unknown[] = [];
    for (let i = 0; i < 10; i++) answers.push(await client.next());
    expect(answers).toEqual(Array(10).fill({ op: 'pong' }));
    expect(await client.closed).toBe(1008);
  });

  it('closes a socket after five failed auths with 1008', async () => {
    const client = await from('192.0.2.30');
    for (let i = 0; i < 5; i++) {
      client.send({ op: 'auth', token: `made-up-${i}`.padEnd(43, 'x') });
      expect(await client.next()).toEqual({ op: 'error', code: 10009 });
    }
    expect(await client.closed).toBe(1008);
  });

  it('answers auths beyond WS_AUTH_PER_MINUTE on one socket with 10001, without a session lookup', async () => {
    const { token } = await limited.registerPlayer();
    const client = await from('192.0.2.40');
    for (let i = 0; i < 6; i++) {
      client.send({ op: 'auth', token });
      expect(await client.next()).toEqual({ op: 'auth', ok: true });
    }
    client.send({ op: 'auth', token });
    expect(await client.next()).toEqual({ op: 'error', code: 10001 });
    client.socket.close();
  });

  it('refuses auths from an address with WS_AUTH_FAILURES_PER_IP failures, even with a good token', async () => {
    const { token } = await limited.registerPlayer();
    const first = await from('192.0.2.50');
    for (let i = 0; i < 5; i++) {
      first.send({ op: 'auth', token: 'bad'.padEnd(43, 'x') });
      await first.next();
    }
    const second = await from('192.0.2.50');
    for (let i = 0; i < 3; i++) {
      second.send({ op: 'auth', token: 'bad'.padEnd(43, 'x') });
      expect(await second.next()).toEqual({ op: 'error', code: 10009 });
    }
    second.send({ op: 'auth', token });
    expect(await second.next()).toEqual({ op: 'error', code: 10001 });
    const elsewhere = await from('192.0.2.51');
    elsewhere.send({ op: 'auth', token });
    expect(await elsewhere.next()).toEqual({ op: 'auth', ok: true });
    for (const client of [first, second, elsewhere]) client.socket.close();
  });

  it('drops a socket that stops answering pings, and keeps one that answers', async () => {
    const silent = await from('192.0.2.60', { autoPong: false });
    const alive = await from('192.0.2.60');
    expect(await silent.closed).toBe(1006);
    alive.send({ op: 'ping' });
    expect(await alive.next()).toEqual({ op: 'pong' });
    alive.socket.close();
  }, 10_000);
});
