import { connect } from 'node:net';
import { PassThrough } from 'node:stream';
import { ALL_CALLS } from '@lobby/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the envelope for bad input', () => {
  it('answers malformed JSON with code 4, not a 500', async () => {
    const reply = await t.raw('/v1/player/login', '{"kind":1,');
    expect(reply.status).toBe(200);
    expect(reply.json.code).toBe(4);
  });

  it('answers a prototype-pollution attempt with code 4', async () => {
    const reply = await t.raw('/v1/player/login', '{"__proto__":{"admin":true}}');
    expect(reply.json.code).toBe(4);
  });

  it('answers a non-JSON content type with code 4', async () => {
    const reply = await t.raw('/v1/player/login', 'kind=1', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(reply.json.code).toBe(4);
  });

  it('answers an oversized body with code 4', async () => {
    const reply = await t.raw('/v1/player/checkAccount', JSON.stringify({ account: 'a'.repeat(100_000) }));
    expect(reply.json.code).toBe(4);
  });

  it('answers wrong types and unknown fields with code 12 naming the field', async () => {
    const wrongType = await t.call('/v1/player/checkAccount', { account: 42 });
    expect(wrongType.code).toBe(12);
    expect(wrongType.msg).toContain('account');
    const unknown = await t.call('/v1/player/checkAccount', { account: 'abcd', admin: true });
    expect(unknown.code).toBe(12);
  });

  it('treats an empty body as no arguments', async () => {
    const { token } = await t.registerPlayer();
    const reply = await t.raw('/v1/player/load', '', { 'content-type': 'application/json', authorization: token });
    expect(reply.json.code).toBe(0);
  });

  it('answers an unknown call with HTTP 404 in the envelope', async () => {
    const reply = await t.call('/v1/player/nothing', {});
    expect(reply.status).toBe(404);
    expect(reply.code).toBe(1);
  });
});

describe('cross-cutting HTTP behaviour', () => {
  it('sends security headers and a request id on answers and on errors', async () => {
    const answered = await fetch(`${t.url}/healthz`);
    const refused = await fetch(`${t.url}/v1/player/load`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    for (const response of [answered, refused]) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(response.headers.get('strict-transport-security')).toContain('max-age=');
      expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(response.headers.get('x-request-id')).toBeTruthy();
    }
  });

  it('echoes a well-formed incoming request id', async () => {
    const response = await fetch(`${t.url}/healthz`, { headers: { 'x-request-id': 'abc-123-def' } });
    expect(response.headers.get('x-request-id')).toBe('abc-123-def');
  });

  it('reports health with the database kind', async () => {
    const body = await (await fetch(`${t.url}/healthz`)).json();
    expect(body).toEqual({ status: 'ok', database: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
  });

  it('serves an OpenAPI 3.1 document listing every call', async () => {
    const doc = await (await fetch(`${t.url}/openapi.json`)).json();
    expect(doc.openapi).toBe('3.1.0');
    for (const call of ALL_CALLS) expect(doc.paths[call.path]?.post, call.path).toBeTruthy();
  });

  it('accepts only POST for calls', async () => {
    const response = await fetch(`${t.url}/v1/player/checkAccount`);
    expect(response.status).toBe(404);
  });
});

describe('rate limits', () => {
  it('key on the connection address, not on the Client-IP header', async () => {
    const limited = await startTestApp({ RATE_LIMIT_PER_MINUTE: '5' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 7; i++) {
        const reply = await limited.call('/v1/player/checkAccount', { account: 'abcd' }, { headers: { 'client-ip': `198.51.100.${i}` } });
        codes.push(reply.status);
      }
      expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      expect(codes.slice(5)).toEqual([429, 429]);
      const refused = await limited.call('/v1/player/checkAccount', { account: 'abcd' });
      expect(refused.code).toBe(10001);
    } finally {
      await limited.close();
    }
  });

  it('use the forwarded address only behind a trusted proxy', async () => {
    const proxied = await startTestApp({ RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: '127.0.0.1' });
    try {
      const from = (ip: string) => proxied.call('/v1/player/checkAccount', { account: 'abcd' }, { headers: { 'x-forwarded-for': ip } });
      expect((await from('192.0.2.1')).status).toBe(200);
      expect((await from('192.0.2.1')).status).toBe(200);
      expect((await from('192.0.2.1')).status).toBe(429);
      expect((await from('192.0.2.2')).status).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});

describe('logs', () => {
  it('never contain passwords or tokens', async () => {
    const stream = new PassThrough();
    let output = '';
    stream.on('data', (chunk) => (output += chunk));
    const logged = await startTestApp({ LOG_LEVEL: 'trace' }, { logStream: stream });
    try {
      const { token, account } = await logged.registerPlayer(undefined, 'Sup3rSecretPw');
      await logged.call('/v1/player/login', { kind: 1, account, password: 'Sup3rSecretPw' });
      await logged.call('/v1/player/load', {}, { token });
      await logged.raw('/v1/player/login', `{"password":"Sup3rSecretPw",`);
    } finally {
      await logged.close();
    }
    expect(output).toContain('reqId');
    expect(output).not.toContain('Sup3rSecretPw');
    expect(output).not.toMatch(/"authorization":"[^[]/);
  });
});

describe('connection timeouts', () => {
  let timed: TestApp;
  beforeAll(async () => {
    timed = await startTestApp({
      HTTP_HEADERS_TIMEOUT_MS: '1500',
      HTTP_REQUEST_TIMEOUT_MS: '3000',
      HTTP_IDLE_TIMEOUT_MS: '600',
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '300',
    });
  });
  afterAll(async () => {
    await timed?.close();
  });

  /**
   * A raw TCP connection that writes `first`, then `drip()` every 100 ms (so it is never idle);
   * settles when the server closes it, timed from the moment it connected, or after 8 s.
   */
  function hold(first: string, drip?: () => string): Promise<{ closedAfterMs: number; received: string }> {
    const { port } = new URL(timed.url);
    return new Promise((resolve) => {
      let connectedAt = Date.now();
      let received = '';
      let dripping: NodeJS.Timeout | undefined;
      const socket = connect(Number(port), '127.0.0.1', () => {
        connectedAt = Date.now();
        if (first) socket.write(first);
        if (drip) dripping = setInterval(() => socket.writable && socket.write(drip()), 100);
      });
      const finish = (closedAfterMs: number) => {
        clearInterval(dripping);
        clearTimeout(giveUp);
        socket.destroy();
        resolve({ closedAfterMs, received });
      };
      const giveUp = setTimeout(() => finish(Infinity), 8000);
      socket.on('data', (chunk) => (received += chunk));
      socket.on('error', () => undefined);
      socket.on('close', () => finish(Date.now() - connectedAt));
    });
  }

  it('closes a connection that never finishes its headers once HTTP_HEADERS_TIMEOUT_MS has passed, with 408', async () => {
    let line = 0;
    const slow = await hold('POST /v1/player/checkAccount HTTP/1.1\r\nHost: lobby\r\n', () => `X-Slow-${++line}: 1\r\n`);
    expect(slow.received).toMatch(/^HTTP\/1\.1 408/);
    expect(slow.closedAfterMs).toBeGreaterThanOrEqual(1400);
    expect(slow.closedAfterMs).toBeLessThan(4000);
  });

  it('closes a connection whose body is still arriving once HTTP_REQUEST_TIMEOUT_MS has passed, with 408', async () => {
    const head = 'POST /v1/player/checkAccount HTTP/1.1\r\nHost: lobby\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n';
    const slow = await hold(head, () => ' ');
    expect(slow.received).toMatch(/^HTTP\/1\.1 408/);
    expect(slow.closedAfterMs).toBeGreaterThanOrEqual(2900);
    expect(slow.closedAfterMs).toBeLessThan(6000);
  });

  it('closes a connection that sends nothing once HTTP_IDLE_TIMEOUT_MS has passed', async () => {
    const silent = await hold('');
    expect(silent.closedAfterMs).toBeGreaterThanOrEqual(550);
    expect(silent.closedAfterMs).toBeLessThan(1400);
  });

  it('closes an idle keep-alive connection after HTTP_KEEP_ALIVE_TIMEOUT_MS', async () => {
    const idle = await hold('GET /healthz HTTP/1.1\r\nHost: lobby\r\n\r\n');
    expect(idle.received).toMatch(/^HTTP\/1\.1 200/);
    // Node keeps a keep-alive connection up to a second past the timeout it announces.
    expect(idle.closedAfterMs).toBeLessThan(3000);
  });

  it('leaves an open websocket alone past every timeout, its pings still answered', async () => {
    const socket = new WebSocket(timed.url.replace('http', 'ws') + '/v1/ws');
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    let closed = false;
    socket.once('close', () => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(closed).toBe(false);
    const pong = new Promise((resolve) => socket.once('message', (raw) => resolve(JSON.parse(String(raw)))));
    socket.send(JSON.stringify({ op: 'ping' }));
    expect(await pong).toEqual({ op: 'pong' });
    socket.close();
  });
});
