import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer } from './server.ts';

// A web build as Vite writes it: index.html naming content-hashed files under assets/.
let dist: string;
let consoleDist: string;
let app: FastifyInstance;
beforeAll(async () => {
  consoleDist = mkdtempSync(join(tmpdir(), 'lobby-console-'));
  mkdirSync(join(consoleDist, 'assets'));
  writeFileSync(join(consoleDist, 'index.html'), '<!doctype html><title>console</title><script src="/console/assets/index-Zz99Yy88.js"></script>');
  writeFileSync(join(consoleDist, 'assets', 'index-Zz99Yy88.js'), 'console.log(2)');
  dist = mkdtempSync(join(tmpdir(), 'lobby-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><script src="/assets/index-Ab12Cd34.js"></script>');
  writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js'), 'console.log(1)');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = await createHttpServer({ logLevel: 'silent', trustProxy: false, bodyLimit: 1024, ratePerMinute: 1000, webDistDir: dist, consoleDistDir: consoleDist });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  rmSync(dist, { recursive: true, force: true });
  rmSync(consoleDist, { recursive: true, force: true });
});

describe('the web app', () => {
  it('serves index.html for the root and for any app route, revalidated on every visit', async () => {
    for (const url of ['/', '/hashGame?gameId=1', '/index.html']) {
      const reply = await app.inject(url);
      expect(reply.statusCode, url).toBe(200);
      expect(reply.body).toContain('/assets/index-Ab12Cd34.js');
      expect(reply.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('lets browsers keep content-hashed assets for a year', async () => {
    const reply = await app.inject('/assets/index-Ab12Cd34.js');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps other files an hour, and answers a missing file with 404 rather than the app', async () => {
    expect((await app.inject('/favicon.svg')).headers['cache-control']).toBe('public, max-age=3600');
    expect((await app.inject('/missing.png')).statusCode).toBe(404);
  });
});

describe('the operator console', () => {
  it('serves its own index.html under /console/ for any of its routes, with its own stricter policy', async () => {
    for (const url of ['/console/', '/console/players/12', '/console/sign-in']) {
      const reply = await app.inject(url);
      expect(reply.statusCode, url).toBe(200);
      expect(reply.body, url).toContain('/console/assets/index-Zz99Yy88.js');
      expect(reply.headers['cache-control'], url).toBe('no-cache');
      expect(reply.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(reply.headers['content-security-policy'], url).toContain("frame-src 'none'");
      expect(reply.headers['x-frame-options'], url).toBe('DENY');
    }
    expect((await app.inject('/console')).statusCode).toBe(302);
  });

  it('keeps its content-hashed assets a year, answers a missing one 404, and leaves the player app its own policy', async () => {
    const asset = await app.inject('/console/assets/index-Zz99Yy88.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject('/console/assets/missing.js')).statusCode).toBe(404);
    const player = await app.inject('/home');
    expect(player.body).toContain('/assets/index-Ab12Cd34.js');
    expect(player.headers['content-security-policy']).not.toContain("frame-src 'none'");
  });
});
