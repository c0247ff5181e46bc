import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installJsonCompression, pickEncoding } from './compression.ts';

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, and respects a refusal (q=0)', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
  });
});

describe('JSON compression', () => {
  const app = Fastify();
  const large = { games: Array.from({ length: 200 }, (_, id) => ({ id, name: `Game ${id}` })) };

  beforeAll(async () => {
    installJsonCompression(app);
    app.get('/large', async () => large);
    app.get('/small', async () => ({ ok: true }));
    app.get('/text', async (_request, reply) => reply.type('text/plain').send('x'.repeat(5000)));
    await app.ready();
  });
  afterAll(() => app.close());

  it('compresses large JSON for clients that accept it, and says so', async () => {
    const br = await app.inject({ url: '/large', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(large);

    const gzip = await app.inject({ url: '/large', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(large);
    expect(Number(gzip.headers['content-length'])).toBe(gzip.rawPayload.length);
  });

  it('leaves small replies, other types and clients without compression alone', async () => {
    for (const [url, encoding] of [
      ['/small', 'br'],
      ['/text', 'br'],
      ['/large', undefined],
    ] as const) {
      const reply = await app.inject({ url, headers: encoding ? { 'accept-encoding': encoding } : {} });
      expect(reply.headers['content-encoding']).toBeUndefined();
    }
    expect((await app.inject({ url: '/large' })).json()).toEqual(large);
  });
});
