import type { Language } from '@lobby/contract';
import { AggregatorError, type Aggregator, type AggregatorGame, type LaunchRequest } from '../aggregator.ts';
import { SIGNATURE_HEADER, signBody } from './signature.ts';
import { aggregatorUserId } from './user-id.ts';

/** The name Hub88's games, sessions and wallet transactions are stored under. */
export const HUB88_AGGREGATOR = 'hub88';

export interface Hub88GamesApiOptions {
  /** Base URL of the Games API (`HUB88_API_URL`), without the `/operator/...` path. */
  apiUrl: string;
  operatorId: string;
  /** PKCS#8 PEM key that signs every call. */
  operatorPrivateKeyPem: string;
  currency: string;
  /** The currency the games show the player's money in (`game_currency`); the wallet's by default. */
  gameCurrency?: string;
  /** Per call; the aggregator is a remote party and must never hang a player's request. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const LIST_PATH = '/operator/generic/v2/game/list';
const URL_PATH = '/operator/generic/v2/game/url';
const DEFAULT_TIMEOUT_MS = 10_000;

/** Hub88 takes two-letter language codes; Chinese is one for both scripts. */
const HUB88_LANGUAGES: Record<Language, string> = {
  zh_CN: 'zh',
  zh_TW: 'zh',
  en_US: 'en',
  pt_BR: 'pt',
  vi_VN: 'vi',
  id_ID: 'id',
  th_TH: 'th',
  ar_EG: 'ar',
};

/**
 * Hub88's Games API: the game list and launch URLs, every body signed with our operator key
 * (header `X-Hub88-Signature`, RSA-SHA256 over the exact bytes sent).
 */
export class Hub88GamesApi implements Aggregator {
  readonly name = HUB88_AGGREGATOR;
  private readonly base: string;
  private readonly timeoutMs: number;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: Hub88GamesApiOptions) {
    this.base = options.apiUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.fetch = options.fetch ?? fetch;
  }

  async listGames(): Promise<AggregatorGame[]> {
    const reply = await this.post(LIST_PATH, { operator_id: this.options.operatorId });
    if (!Array.isArray(reply)) throw new AggregatorError(`game list: expected an array, got ${describe(reply)}`);
    const games: AggregatorGame[] = [];
    for (const entry of reply) {
      const game = toGame(entry);
      if (game) games.push(game);
    }
    return games;
  }

  async launchUrl(request: LaunchRequest): Promise<string> {
    const reply = await this.post(URL_PATH, {
      user: aggregatorUserId(request.playerId),
      token: request.token,
      platform: request.platform === 'mobile' ? 'GPL_MOBILE' : 'GPL_DESKTOP',
      operator_id: this.options.operatorId,
      lobby_url: request.lobbyUrl,
      lang: HUB88_LANGUAGES[request.language] ?? 'en',
      ip: request.ip,
      game_code: request.gameCode,
      deposit_url: request.depositUrl,
      currency: this.options.currency,
      game_currency: this.options.gameCurrency ?? this.options.currency,
      country: request.country ?? 'XX',
    });
    const url = (reply as { url?: unknown } | null)?.url;
    if (typeof url !== 'string' || !/^https?:\/\//.test(url)) throw new AggregatorError(`game url: expected {url}, got ${describe(reply)}`);
    return url;
  }

  private async post(path: string, payload: object): Promise<unknown> {
    const body = JSON.stringify(payload);
    let response: Response;
    try {
      response = await this.fetch(this.base + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(body, this.options.operatorPrivateKeyPem) },
        body,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const timedOut = (error as Error)?.name === 'TimeoutError';
      throw new AggregatorError(`${path}: ${timedOut ? `no answer within ${this.timeoutMs} ms` : `unreachable (${(error as Error)?.message})`}`, error);
    }
    const text = await response.text().catch(() => '');
    if (!response.ok) throw new AggregatorError(`${path}: HTTP ${response.status} ${text.slice(0, 200)}`);
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new AggregatorError(`${path}: answer is not JSON (${text.slice(0, 200)})`, error);
    }
  }
}

function toGame(entry: unknown): AggregatorGame | null {
  if (typeof entry !== 'object' || entry === null) return null;
  const e = entry as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
  const gameCode = text(e.game_code);
  const name = text(e.name);
  const category = text(e.category);
  const product = text(e.product);
  if (!gameCode || !name || !category || !product) return null;
  return {
    gameCode,
    name,
    category,
    product,
    productCode: text(e.product_code),
    thumbnailUrl: text(e.url_thumb),
    enabled: e.enabled !== false,
    releaseDate: text(e.release_date),
  };
}

function describe(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 200 ? `${text.slice(0, 200)}...` : text;
}
