import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

let direct: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  direct = await startTestApp();
  proxied = await startTestApp({ TRUST_PROXY: '127.0.0.1' });
});
afterAll(async () => {
  await direct?.close();
  await proxied?.close();
});

const lookup = async (app: TestApp, headers: Record<string, string> = {}) => {
  const response = await fetch(app.url + '/ip', { headers });
  return { status: response.status, cache: response.headers.get('cache-control'), body: (await response.json()) as { ip: string } };
};

describe('GET /ip', () => {
  it("echoes the connection's address, never cached", async () => {
    expect(await lookup(direct)).toEqual({ status: 200, cache: 'no-store', body: { ip: '127.0.0.1' } });
  });

  it('ignores X-Forwarded-For and Client-IP from a caller that is not a trusted proxy', async () => {
    const reply = await lookup(direct, { 'x-forwarded-for': '203.0.113.9', 'client-ip': '198.51.100.1' });
    expect(reply.body.ip).toBe('127.0.0.1');
  });

  it('answers the forwarded address behind a proxy TRUST_PROXY names', async () => {
    expect((await lookup(proxied, { 'x-forwarded-for': '203.0.113.9' })).body.ip).toBe('203.0.113.9');
  });
});
