import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { PlayerHostUrls, safeHostname } from './player-host.ts';

// Without DEMO_AGGREGATOR_PUBLIC_URL a phone on the LAN opens the demo's games on the host it
// reached the app at; the tests' demo listens on loopback at a free port.

type Tile = { id: number; aggregator: string; manufacturer: string; gameCode: string; gameType: number; logoEn: string; logoZh: string };

const LAN = { origin: 'http://192.168.1.50:5173' };

async function enterDemoSlot(t: TestApp, headers: Record<string, string>) {
  const player = await t.registerPlayer();
  await t.app.services.players.markFirstRecharge(t.app.database.db, player.playerId);
  const home = await t.call('/v1/app/home', {}, { headers });
  const game: Tile = home.data.slotGames.find((g: Tile) => g.aggregator === 'hub88');
  const reply = await t.call(
    '/v1/thirdGame/enter',
    {
      aggregator: game.aggregator,
      manufacturer: game.manufacturer,
      gameCode: game.gameCode,
      gameId: game.id,
      gameType: game.gameType,
      currency: 'USD',
      platformCode: 'android',
    },
    { token: player.token, headers },
  );
  expect(reply.code).toBe(0);
  return { game, url: new URL(reply.data.url) };
}

describe('demo game URLs on the player host', () => {
  let t: TestApp;
  let demo: URL;
  beforeAll(async () => {
    t = await startTestApp();
    demo = new URL(t.app.services.games.gameOrigins[0]!);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('/v1/thirdGame/enter answers the launch URL on the host the app was opened at, on the demo port', async () => {
    const { url, game } = await enterDemoSlot(t, LAN);
    expect(url.hostname).toBe('192.168.1.50');
    expect(url.port).toBe(demo.port);
    expect(url.pathname).toBe(`/games/${game.gameCode}/`);
    expect(url.searchParams.get('token')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('/v1/thirdGame/enter falls back to the Host header, and opens on this machine as before', async () => {
    const { url } = await enterDemoSlot(t, {});
    expect(url.hostname).toBe('127.0.0.1');
    expect((await fetch(url)).status).toBe(200);
  });

  it('/v1/app/home shows the demo thumbnails on the same host, and other logos untouched', async () => {
    const home = await t.call('/v1/app/home', {}, { headers: LAN });
    const demoTiles = home.data.slotGames.filter((g: Tile) => g.aggregator === 'hub88');
    expect(demoTiles.length).toBeGreaterThan(0);
    for (const tile of demoTiles) expect(tile.logoEn.startsWith(`http://192.168.1.50:${demo.port}/thumbs/`), tile.logoEn).toBe(true);
    const hash = home.data.hashGames[0];
    expect(hash.logoEn.startsWith('http://192.168.1.50')).toBe(false);
    // The cached home is not changed for the next player.
    const local = await t.call('/v1/app/home', {});
    expect(local.data.slotGames.find((g: Tile) => g.aggregator === 'hub88').logoEn.startsWith(`${demo.origin}/`)).toBe(true);
  });

  it('lets pages served on a LAN host frame and show the demo there, and only a real host name', async () => {
    const lan = await t.app.http.inject({ method: 'GET', url: '/production.json', headers: { host: '192.168.1.50:8080' } });
    const csp = String(lan.headers['content-security-policy']);
    expect(csp).toContain(`frame-src 'self' https: ${demo.origin} http://192.168.1.50:${demo.port}`);
    expect(csp).toContain(`img-src 'self' data: blob: https: ${demo.origin} http://192.168.1.50:${demo.port}`);
    const hostile = await t.app.http.inject({ method: 'GET', url: '/production.json', headers: { host: 'x;script-src *' } });
    expect(String(hostile.headers['content-security-policy'])).not.toContain('script-src *');
  });
});

describe('demo game URLs with DEMO_AGGREGATOR_PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DEMO_AGGREGATOR_PUBLIC_URL: 'https://games.example.com' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the configured public URL whatever host the player came in on', async () => {
    const { url } = await enterDemoSlot(t, LAN);
    expect(url.origin).toBe('https://games.example.com');
    const home = await t.call('/v1/app/home', {}, { headers: LAN });
    expect(home.data.slotGames.find((g: Tile) => g.aggregator === 'hub88').logoEn.startsWith('https://games.example.com/thumbs/')).toBe(true);
  });
});

describe('PlayerHostUrls', () => {
  const urls = new PlayerHostUrls('http://127.0.0.1:8091');
  it('moves only the aggregator URLs to the host, keeping port, path and query', () => {
    expect(urls.rebase('http://127.0.0.1:8091/games/demo_slot/?token=a&lang=en', '10.0.0.7')).toBe('http://10.0.0.7:8091/games/demo_slot/?token=a&lang=en');
    expect(urls.rebase('http://127.0.0.1:8092/x', '10.0.0.7')).toBe('http://127.0.0.1:8092/x');
    expect(urls.rebase('/static/games/1.svg', '10.0.0.7')).toBe('/static/games/1.svg');
    expect(urls.rebase('http://127.0.0.1:8091/x', undefined)).toBe('http://127.0.0.1:8091/x');
  });
  it('accepts host names and IP literals only', () => {
    expect(safeHostname('Phone.Local')).toBe('phone.local');
    expect(safeHostname('[fe80::1]')).toBe('[fe80::1]');
    expect(safeHostname('a b')).toBeUndefined();
    expect(safeHostname('x;script-src')).toBeUndefined();
    expect(safeHostname(undefined)).toBeUndefined();
  });
});
