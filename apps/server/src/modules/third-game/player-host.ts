import type { HomeData } from '@lobby/contract';
import type { FastifyRequest } from 'fastify';

/**
 * Without DEMO_AGGREGATOR_PUBLIC_URL the in-process demo aggregator's pages and thumbnails are
 * answered on the host the player reached us at, on the demo's own port: a phone on the LAN that
 * opened the app at http://192.168.1.20:8080 gets http://192.168.1.20:8091/games/..., not the
 * loopback address only this machine can open.
 */

// A host name or an IPv4/IPv6 literal, nothing that could break out of a URL or a header.
const HOSTNAME = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]{2,45}\])$/;

/** The host name in `value` when it is one, else undefined. */
export function safeHostname(value: string | undefined): string | undefined {
  if (!value || value.length > 253 || !HOSTNAME.test(value)) return undefined;
  return value.toLowerCase();
}

/**
 * The host the player's browser reached us at: the Origin header's when the browser sent one (a
 * development server in front of us may rewrite Host), else the Host header's.
 */
export function playerHostname(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin;
  if (typeof origin === 'string') {
    try {
      const host = safeHostname(new URL(origin).hostname);
      if (host) return host;
    } catch {
      // not a URL: fall back to Host
    }
  }
  return safeHostname(request.hostname);
}

/** Rewrites URLs under `publicUrl` to the player's host, keeping the scheme, port, path and query. */
export class PlayerHostUrls {
  private readonly base: URL;

  constructor(publicUrl: string) {
    this.base = new URL(publicUrl);
  }

  /** The origin of the aggregator's pages as seen from `hostname`. */
  originFor(hostname: string): string {
    return `${this.base.protocol}//${hostname}${this.base.port ? `:${this.base.port}` : ''}`;
  }

  /** `url` moved to `hostname` when it is one of the aggregator's; anything else unchanged. */
  rebase(url: string, hostname: string | undefined): string {
    if (!hostname || !url.startsWith(`${this.base.origin}/`)) return url;
    return this.originFor(hostname) + url.slice(this.base.origin.length);
  }
}

const GAME_LISTS = ['hashGames', 'cryptoGames', 'fishGames', 'liveGames', 'pokerGames', 'slotGames', 'sportGames'] as const;

/** The home data with every game thumbnail passed through `urlFor` (a cached home is never changed). */
export function withGameUrls(home: HomeData, urlFor: (url: string) => string): HomeData {
  const copy = { ...home };
  for (const list of GAME_LISTS) {
    copy[list] = home[list].map((game) => ({ ...game, logoZh: urlFor(game.logoZh), logoEn: urlFor(game.logoEn) }));
  }
  return copy;
}
