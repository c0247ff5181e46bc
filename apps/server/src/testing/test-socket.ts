import { expect } from 'vitest';
import WebSocket from 'ws';
import type { TestApp } from './test-app.ts';

/** A client of the app's websocket that keeps every frame until the test asks for it. */
export interface TestSocket {
  socket: WebSocket;
  /** The next frame the server sent; fails when none comes within `ms`. */
  next(ms?: number): Promise<any>;
  /** Settles with the close code once the connection is closed. */
  closed: Promise<number>;
  send(message: unknown): void;
}

/** Opens /v1/ws (or `path`) on the app, as a browser does. */
export function connectSocket(app: Pick<TestApp, 'url'>, options: WebSocket.ClientOptions = {}, path = '/v1/ws'): Promise<TestSocket> {
  const socket = new WebSocket(app.url.replace('http', 'ws') + path, options);
  const queue: any[] = [];
  const waiters: ((m: any) => void)[] = [];
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  socket.on('message', (raw) => {
    const message = JSON.parse(String(raw));
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else queue.push(message);
  });
  const next = (ms = 3000) =>
    new Promise<any>((resolve, reject) => {
      if (queue.length) return resolve(queue.shift());
      const timer = setTimeout(() => reject(new Error('no message')), ms);
      waiters.push((m) => {
        clearTimeout(timer);
        resolve(m);
      });
    });
  const send = (message: unknown) => socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, next, closed, send }));
    socket.once('error', reject);
  });
}

/** A websocket signed in as the player of `token`: the server has answered the auth frame with ok. */
export async function authenticatedSocket(app: Pick<TestApp, 'url'>, token: string): Promise<TestSocket> {
  const client = await connectSocket(app);
  client.send({ op: 'auth', token });
  expect(await client.next()).toEqual({ op: 'auth', ok: true });
  return client;
}
