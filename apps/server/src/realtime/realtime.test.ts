import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { pushToChannel, pushToPlayer } from './realtime.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

function connect(): Promise<{ socket: WebSocket; next: () => Promise<any> }> {
  const socket = new WebSocket(t.url.replace('http', 'ws') + '/v1/ws');
  const queue: any[] = [];
  const waiters: ((m: any) => void)[] = [];
  socket.on('message', (raw) => {
    const message = JSON.parse(String(raw));
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else queue.push(message);
  });
  const next = () =>
    new Promise<any>((resolve, reject) => {
      if (queue.length) return resolve(queue.shift());
      const timer = setTimeout(() => reject(new Error('no message')), 3000);
      waiters.push((m) => {
        clearTimeout(timer);
        resolve(m);
      });
    });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, next }));
    socket.once('error', reject);
  });
}

describe('/v1/ws', () => {
  it('delivers public channel pushes to subscribers only', async () => {
    const a = await connect();
    const b = await connect();
    a.socket.send(JSON.stringify({ op: 'subscribe', channel: 'round:1' }));
    expect(await a.next()).toEqual({ op: 'subscribed', channel: 'round:1' });
    await pushToChannel(t.app.bus, { channel: 'round:1', event: 'result', data: { height: 42 } });
    expect(await a.next()).toEqual({ channel: 'round:1', event: 'result', data: { height: 42 } });
    b.socket.send(JSON.stringify({ op: 'ping' }));
    expect(await b.next()).toEqual({ op: 'pong' });
    a.socket.close();
    b.socket.close();
  });

  it("delivers a player's private events only after it authenticates with its token", async () => {
    const { token, playerId } = await t.registerPlayer();
    const client = await connect();
    client.socket.send(JSON.stringify({ op: 'auth', token }));
    expect(await client.next()).toEqual({ op: 'auth', ok: true });
    await pushToPlayer(t.app.bus, { playerId: playerId + 1, event: 'balance', data: {} });
    await pushToPlayer(t.app.bus, { playerId, event: 'balance', data: { usdt: '5' } });
    expect(await client.next()).toEqual({ channel: 'player', event: 'balance', data: { usdt: '5' } });
    client.socket.close();
  });

  it('refuses unknown channels, bad tokens and junk', async () => {
    const client = await connect();
    client.socket.send(JSON.stringify({ op: 'subscribe', channel: 'player:1' }));
    expect(await client.next()).toEqual({ op: 'error', code: 12 });
    client.socket.send(JSON.stringify({ op: 'auth', token: 'x'.repeat(40) }));
    expect(await client.next()).toEqual({ op: 'error', code: 10009 });
    client.socket.send('not json');
    expect(await client.next()).toEqual({ op: 'error', code: 4 });
    client.socket.close();
  });
});
