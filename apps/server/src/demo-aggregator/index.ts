import { createPublicKey, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SIGNATURE_HEADER, verifyBody } from '../modules/third-game/hub88/signature.ts';
import { DEMO_GAMES, demoGame } from './games/index.ts';
import { DEMO_STUDIO, engineOf, STAKES } from './games/types.ts';
import { WalletOutbox } from './outbox.ts';
import { gamePage } from './page.ts';
import { roundRng } from './rng.ts';
import { RoundRunner } from './rounds.ts';
import { SessionStore } from './sessions.ts';
import { thumbnailSvg } from './thumbs.ts';
import { WalletClient } from './wallet-client.ts';

export interface DemoAggregatorOptions {
  operatorId: string;
  /** Verifies our Games API calls. */
  operatorPublicKeyPem: string;
  /** The aggregator's own key: signs its wallet callbacks. */
  privateKeyPem: string;
  /** Base of the operator's wallet, e.g. http://127.0.0.1:8080/hub88/wallet; read at each call. */
  walletUrl: () => string;
  host?: string;
  port?: number;
  publicUrl?: string;
  /** Where sessions and unanswered wallet calls are kept across restarts. */
  dataDir?: string;
  /** Seed of the round generator; random per start unless given (tests: outcomes then repeat from round 1 at each start). */
  seed?: string;
  log?: (msg: string, extra?: object) => void;
  /** How long one wallet call may take (default 4000 ms). */
  walletTimeoutMs?: number;
  /** Pauses before the retries of an unanswered wallet call (default 250, 500, 1000 ms). */
  walletRetryDelaysMs?: readonly number[];
}

export interface DemoAggregator {
  /** Games API base: what HUB88_API_URL points at. */
  url: string;
  publicUrl: string;
  publicKeyPem: string;
  close(): Promise<void>;
}

const PUBLIC_DIR = join(fileURLToPath(new URL('.', import.meta.url)), 'public');
const STATIC_FILES: Record<string, string> = {
  'style.css': 'text/css; charset=utf-8',
  'common.js': 'text/javascript; charset=utf-8',
  ...Object.fromEntries(DEMO_GAMES.map((g) => [`${engineOf(g)}.js`, 'text/javascript; charset=utf-8'])),
};
const MAX_BODY = 64 * 1024;
const PAGE_SECURITY = {
  // No X-Frame-Options and no frame-ancestors: the operator's web app embeds the games in a frame.
  'content-security-policy':
    "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'",
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
};

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(value), { 'cache-control': 'no-store' });
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new HttpError(413, 'body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function parseObject(raw: Buffer): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new HttpError(400, 'malformed JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new HttpError(400, 'expected a JSON object');
  return value as Record<string, unknown>;
}

/**
 * The in-repo demo aggregator: a second party with its own HTTP server and key pair. It serves the
 * Hub88-style Games API (game list, launch URL) to the operator, the HTML5 games to the players'
 * browsers, and plays each round against the operator's seamless wallet with signed calls.
 */
export async function startDemoAggregator(options: DemoAggregatorOptions): Promise<DemoAggregator> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => {});
  const publicKeyPem = createPublicKey(options.privateKeyPem).export({ type: 'spki', format: 'pem' }).toString();
  const seed = options.seed ?? randomBytes(32).toString('hex');
  const wallet = new WalletClient({
    walletUrl: options.walletUrl,
    privateKeyPem: options.privateKeyPem,
    timeoutMs: options.walletTimeoutMs,
    retryDelaysMs: options.walletRetryDelaysMs,
    log,
  });
  const outbox = new WalletOutbox(wallet, options.dataDir && join(options.dataDir, 'demo-aggregator-outbox.json'), log);
  const sessions = new SessionStore(options.dataDir && join(options.dataDir, 'demo-aggregator-sessions.json'));
  // Round ids stay unique across restarts even with a fixed seed (whose draws repeat from round 1).
  const roundPrefix = `r${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const rounds = new RoundRunner(wallet, outbox, seed, roundPrefix, log, (session) => sessions.put(session));
  let publicUrl = '';

  /** A Games API call: the raw body must carry our operator's signature. */
  async function operatorCall(req: IncomingMessage): Promise<Record<string, unknown>> {
    const raw = await readBody(req);
    const signature = req.headers[SIGNATURE_HEADER.toLowerCase()];
    if (!verifyBody(raw, typeof signature === 'string' ? signature : undefined, options.operatorPublicKeyPem)) {
      throw new HttpError(401, 'invalid signature');
    }
    const body = parseObject(raw);
    if (String(body.operator_id) !== options.operatorId) throw new HttpError(403, 'unknown operator_id');
    return body;
  }

  function gameList() {
    return DEMO_GAMES.map((game, index) => ({
      game_id: 1000 + index,
      game_code: game.code,
      name: game.name,
      category: game.category,
      product: (game.studio ?? DEMO_STUDIO).name,
      product_code: (game.studio ?? DEMO_STUDIO).code,
      url_thumb: `${publicUrl}/thumbs/${game.code}.svg`,
      url_background: `${publicUrl}/thumbs/${game.code}.svg`,
      platforms: ['GPL_DESKTOP', 'GPL_MOBILE'],
      enabled: true,
      blocked_countries: [],
      rtp: Math.round(game.rtp * 10_000) / 100,
      freebet_support: false,
      demo_game_support: false,
      release_date: '2026-11-01',
      languages: ['en', 'zh', 'pt', 'vi', 'id', 'th', 'ar'],
    }));
  }

  function launch(body: Record<string, unknown>): { url: string } {
    const game = demoGame(body.game_code);
    if (!game) throw new HttpError(400, 'unknown game_code');
    const { user, token, currency } = body;
    if (typeof user !== 'string' || user.length < 3) throw new HttpError(400, 'user must be a string of at least 3 characters');
    if (typeof token !== 'string' || token.length < 10 || token.length > 255) throw new HttpError(400, 'token must be 10 to 255 characters');
    if (typeof currency !== 'string' || !/^[A-Z]{3,5}$/.test(currency)) throw new HttpError(400, 'currency must be a currency code');
    const lang = typeof body.lang === 'string' ? body.lang : 'en';
    const lobbyUrl = typeof body.lobby_url === 'string' ? body.lobby_url : '';
    const gameCurrency = typeof body.game_currency === 'string' && /^[A-Z]{3,5}$/.test(body.game_currency) ? body.game_currency : currency;
    sessions.put({
      token,
      user,
      currency,
      gameCurrency,
      gameCode: game.code,
      lang,
      lobbyUrl,
      platform: typeof body.platform === 'string' ? body.platform : 'GPL_MOBILE',
      createdAt: Date.now(),
      state: game.initialState?.(roundRng(`${seed}:launch:${token}`, 0)),
    });
    const query = new URLSearchParams({ token, lang, lobby_url: lobbyUrl });
    return { url: `${publicUrl}/games/${game.code}/?${query}` };
  }

  async function balance(req: IncomingMessage) {
    const body = parseObject(await readBody(req));
    const session = sessions.get(body.token);
    if (!session) return { ok: false, error: 'session_expired' };
    const outcome = await wallet.call('/user/balance', { user: session.user, token: session.token, game_code: session.gameCode, supplier_user: session.user });
    if (!outcome.answered) return { ok: false, error: 'network' };
    if (outcome.reply.status !== 'RS_OK') {
      const expired = outcome.reply.status === 'RS_ERROR_INVALID_TOKEN' || outcome.reply.status === 'RS_ERROR_TOKEN_EXPIRED';
      return { ok: false, error: expired ? 'session_expired' : 'refused', status: outcome.reply.status };
    }
    return { ok: true, balance: outcome.reply.balance, currency: outcome.reply.currency ?? session.currency };
  }

  async function play(req: IncomingMessage) {
    const body = parseObject(await readBody(req));
    const session = sessions.get(body.token);
    if (!session) return { ok: false, error: 'session_expired' };
    const game = demoGame(body.game_code);
    if (!game || game.code !== session.gameCode) throw new HttpError(400, 'game_code does not match the session');
    if (!STAKES.includes(body.stake as (typeof STAKES)[number])) throw new HttpError(400, 'stake is not offered');
    const choice = game.parseChoice(body.choice ?? null, session.state);
    if (choice === null) throw new HttpError(400, 'invalid choice');
    return rounds.play(session, game, body.stake as number, choice);
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://aggregator');
    const path = url.pathname;
    if (req.method === 'POST') {
      if (path === '/operator/generic/v2/game/list') return sendJson(res, 200, (await operatorCall(req), gameList()));
      if (path === '/operator/generic/v2/game/url') return sendJson(res, 200, launch(await operatorCall(req)));
      if (path === '/games/api/balance') return sendJson(res, 200, await balance(req));
      if (path === '/games/api/play') return sendJson(res, 200, await play(req));
      throw new HttpError(404, 'not found');
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') throw new HttpError(405, 'method not allowed');
    if (path === '/health') return sendJson(res, 200, { ok: true });
    if (path === '/favicon.ico') return void res.writeHead(204, { 'cache-control': 'public, max-age=86400' }).end();
    const thumb = /^\/thumbs\/([a-z0-9_]+)\.svg$/.exec(path);
    if (thumb) {
      const svg = thumbnailSvg(thumb[1]!);
      if (!svg) throw new HttpError(404, 'not found');
      return send(res, 200, 'image/svg+xml', svg, { 'cache-control': 'public, max-age=3600', 'access-control-allow-origin': '*' });
    }
    const asset = /^\/games\/static\/([a-z_]+\.(?:js|css))$/.exec(path);
    if (asset && STATIC_FILES[asset[1]!]) {
      const content = await readFile(join(PUBLIC_DIR, asset[1]!));
      return send(res, 200, STATIC_FILES[asset[1]!]!, content, { 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' });
    }
    const page = /^\/games\/([a-z0-9_]+)\/?$/.exec(path);
    const game = page && demoGame(page[1]);
    if (game) {
      if (!path.endsWith('/')) {
        res.writeHead(302, { location: `${path}/${url.search}` });
        return void res.end();
      }
      const html = gamePage(game, sessions.get(url.searchParams.get('token')), url.searchParams);
      return send(res, 200, 'text/html; charset=utf-8', html, { 'cache-control': 'no-store', ...PAGE_SECURITY });
    }
    throw new HttpError(404, 'not found');
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      const status = error instanceof HttpError ? error.status : 500;
      if (status === 500) log('demo aggregator: request failed', { url: req.url, error: String(error) });
      if (!res.headersSent) sendJson(res, status, { error: error instanceof HttpError ? error.message : 'internal error' });
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8091, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  publicUrl = (options.publicUrl ?? url).replace(/\/+$/, '');
  log('demo aggregator listening', { url, publicUrl });

  return {
    url,
    publicUrl,
    publicKeyPem,
    async close() {
      await outbox.close();
      sessions.flush();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
