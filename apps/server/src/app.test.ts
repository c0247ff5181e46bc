import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApplication } from './app.ts';
import { loadConfig } from './config.ts';

/**
 * These tests build whole applications on fresh embedded databases (initdb and every migration, not the
 * migrated dump the other server tests start from): under a loaded CI machine that takes a while.
 */
const FRESH_APPLICATION_MS = 120_000;

describe('the embedded database', () => {
  it(
    'keeps players across a restart',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'lobby-data-'));
      const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', WEB_DIST_DIR: '/nonexistent' });
      try {
        const first = await createApplication(config);
        const url = await first.http.listen({ host: '127.0.0.1', port: 0 });
        const registered = await fetch(`${url}/v1/player/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ kind: 1, account: 'keeper1', password: 'keep1234' }),
        }).then((r) => r.json());
        expect(registered.code).toBe(0);
        await first.close();

        const second = await createApplication(config);
        const url2 = await second.http.listen({ host: '127.0.0.1', port: 0 });
        const login = await fetch(`${url2}/v1/player/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ kind: 1, account: 'keeper1', password: 'keep1234' }),
        }).then((r) => r.json());
        expect(login.code).toBe(0);
        expect(login.data.player.id).toBe(registered.data.player.id);
        await second.close();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    FRESH_APPLICATION_MS,
  );
});

describe('graceful shutdown', () => {
  it(
    'finishes a request in flight before closing',
    async () => {
      const config = loadConfig({ DATA_DIR: 'memory', LOG_LEVEL: 'silent', NODE_ENV: 'test', WEB_DIST_DIR: '/nonexistent' });
      const application = await createApplication(config);
      application.http.post('/v1/test/slow', async () => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        return { code: 0, msg: 'success', data: 'done' };
      });
      const url = await application.http.listen({ host: '127.0.0.1', port: 0 });
      const inFlight = fetch(`${url}/v1/test/slow`, { method: 'POST' }).then((r) => r.json());
      await new Promise((resolve) => setTimeout(resolve, 50));
      await application.close();
      expect(await inFlight).toMatchObject({ code: 0, data: 'done' });
      expect(application.http.server.listening).toBe(false);
    },
    FRESH_APPLICATION_MS,
  );
});

describe('the in-process demo aggregator', () => {
  it(
    'runs beside each application on a port of its own under tests, fills the lobby at start, may be framed, and stops with it',
    async () => {
      const config = loadConfig({
        DATA_DIR: 'memory',
        LOG_LEVEL: 'silent',
        NODE_ENV: 'test',
        WEB_DIST_DIR: '/nonexistent',
        DEVNET_PORT: '0',
        DEVNET_MANUAL: 'true',
      });
      const first = await createApplication(config);
      const second = await createApplication(config);
      try {
        const [origin1] = first.services.games.gameOrigins;
        const [origin2] = second.services.games.gameOrigins;
        expect(origin1).not.toBe(origin2);
        expect(origin1).not.toMatch(/:8091$/);

        const url = await first.http.listen({ host: '127.0.0.1', port: 0 });
        const reply = await fetch(`${url}/v1/app/home`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
        const home = await reply.json();
        const demoGames = [...home.data.slotGames, ...home.data.cryptoGames, ...home.data.fishGames].filter(
          (g: { aggregator: string }) => g.aggregator === 'hub88',
        );
        expect(demoGames.length).toBeGreaterThanOrEqual(3);
        const csp = reply.headers.get('content-security-policy') ?? '';
        expect(csp).toContain(`frame-src 'self' https: ${origin1}`);
        expect(csp).toContain(`img-src 'self' data: blob: https: ${origin1}`);
      } finally {
        await first.close();
        await second.close();
      }
      await expect(fetch(`${first.services.games.gameOrigins[0]}/operator/generic/v2/game/list`, { method: 'POST', body: '{}' })).rejects.toThrow();
      // Two applications start one after the other.
    },
    FRESH_APPLICATION_MS,
  );
});
