import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AggregatorError } from '../aggregator.ts';
import { Hub88GamesApi } from './games-api.ts';
import { verifyBody } from './signature.ts';
import { TEST_AGGREGATOR_PRIVATE_KEY_PEM, TEST_AGGREGATOR_PUBLIC_KEY_PEM } from './test-key-pair.ts';

// The fixed test pair stands for our operator key here: the fake Games API verifies with its public half.
const OPERATOR_KEY = TEST_AGGREGATOR_PRIVATE_KEY_PEM;

interface Seen {
  path: string;
  body: Record<string, unknown>;
  signed: boolean;
}

let server: Server;
let base = '';
const seen: Seen[] = [];
let answer: (path: string, res: ServerResponse) => void = () => undefined;

beforeAll(async () => {
  server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const signature = req.headers['x-hub88-signature'];
    seen.push({
      path: req.url ?? '',
      body: JSON.parse(raw.toString('utf8')),
      signed: verifyBody(raw, typeof signature === 'string' ? signature : undefined, TEST_AGGREGATOR_PUBLIC_KEY_PEM),
    });
    answer(req.url ?? '', res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const json =
  (value: unknown, status = 200) =>
  (_path: string, res: ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(typeof value === 'string' ? value : JSON.stringify(value));
  };

const api = (options: Partial<ConstructorParameters<typeof Hub88GamesApi>[0]> = {}) =>
  new Hub88GamesApi({ apiUrl: `${base}/`, operatorId: 'lobby', operatorPrivateKeyPem: OPERATOR_KEY, currency: 'USD', ...options });

const launch = {
  playerId: 42,
  token: 'a'.repeat(64),
  gameCode: 'demo_slot',
  language: 'zh_CN' as const,
  platform: 'mobile' as const,
  ip: '203.0.113.9',
  lobbyUrl: 'https://play.example.com/home',
  depositUrl: 'https://play.example.com/trade/Recharge',
  country: null,
};

describe('Hub88 Games API client', () => {
  it('asks for the game list with a signed {operator_id} and reads each usable game', async () => {
    seen.length = 0;
    answer = json([
      {
        game_code: 'demo_slot',
        name: 'Lucky',
        category: 'slots',
        product: 'Demo Studio',
        product_code: 'DEMO',
        url_thumb: 'https://cdn/x.png',
        enabled: true,
        release_date: '2030-01-01',
        rtp: 96,
      },
      { game_code: 'off', name: 'Off', category: 'crash', product: 'Demo Studio', enabled: false },
      { game_code: '', name: 'No code', category: 'slots', product: 'P' },
      'not a game',
    ]);
    const games = await api().listGames();
    expect(seen).toEqual([{ path: '/operator/generic/v2/game/list', body: { operator_id: 'lobby' }, signed: true }]);
    expect(games).toEqual([
      {
        gameCode: 'demo_slot',
        name: 'Lucky',
        category: 'slots',
        product: 'Demo Studio',
        productCode: 'DEMO',
        thumbnailUrl: 'https://cdn/x.png',
        enabled: true,
        releaseDate: '2030-01-01',
      },
      { gameCode: 'off', name: 'Off', category: 'crash', product: 'Demo Studio', productCode: null, thumbnailUrl: null, enabled: false, releaseDate: null },
    ]);
  });

  it('asks for a launch URL with the player as p + six digits, our token, the platform, language and currency', async () => {
    seen.length = 0;
    answer = json({ url: 'https://games.example.com/demo_slot?token=x' });
    expect(await api().launchUrl(launch)).toBe('https://games.example.com/demo_slot?token=x');
    expect(seen).toEqual([
      {
        path: '/operator/generic/v2/game/url',
        signed: true,
        body: {
          user: 'p000042',
          token: launch.token,
          platform: 'GPL_MOBILE',
          operator_id: 'lobby',
          lobby_url: launch.lobbyUrl,
          lang: 'zh',
          ip: launch.ip,
          game_code: 'demo_slot',
          deposit_url: launch.depositUrl,
          currency: 'USD',
          game_currency: 'USD',
          country: 'XX',
        },
      },
    ]);
    await api().launchUrl({ ...launch, platform: 'desktop', language: 'pt_BR' });
    expect(seen[1].body).toMatchObject({ platform: 'GPL_DESKTOP', lang: 'pt' });
  });

  it('says what went wrong: an HTTP error, an answer that is not JSON or not the expected shape', async () => {
    answer = json({ error: 'invalid signature' }, 401);
    await expect(api().listGames()).rejects.toThrow(new AggregatorError('/operator/generic/v2/game/list: HTTP 401 {"error":"invalid signature"}'));
    answer = json('<html>oops</html>');
    await expect(api().listGames()).rejects.toThrow(/answer is not JSON/);
    answer = json({ games: [] });
    await expect(api().listGames()).rejects.toThrow(/expected an array/);
    answer = json({ link: 'x' });
    await expect(api().launchUrl(launch)).rejects.toThrow(/expected \{url\}/);
  });

  it('gives up on a silent aggregator after its timeout, and on an unreachable one at once', async () => {
    answer = () => undefined;
    const started = Date.now();
    await expect(api({ timeoutMs: 200 }).listGames()).rejects.toThrow(/no answer within 200 ms/);
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect(api({ apiUrl: 'http://127.0.0.1:1' }).listGames()).rejects.toThrow(AggregatorError);
    server.closeAllConnections();
  });
});
