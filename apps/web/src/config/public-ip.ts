import { Environment } from '@lobby/contract';
import { useSession } from '../state/session';
import { APP_ENV } from './app';

/**
 * Where the app asks for its public address (SPEC section 7): VITE_PUBLIC_IP_URL, else this server's
 * `GET /ip`. Any service answering `{"ip": "..."}` or the bare address as text will do.
 */
export const PUBLIC_IP_URL: string = import.meta.env.VITE_PUBLIC_IP_URL || '/ip';

/** Calls wait at most this long for the lookup before going out with an empty Client-IP. */
export const PUBLIC_IP_TIMEOUT_MS = 3000;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 = /^[0-9a-f:.]{2,45}$/i;

/** Official and preview builds never look their address up; test and internal ones do. */
export function wantsPublicIpLookup(appEnv: number = APP_ENV): boolean {
  return appEnv !== Environment.OFFICIAL && appEnv !== Environment.PREVIEW;
}

/** The address in a lookup's answer, or undefined when it holds none (a header value must be one). */
export function parsePublicIp(body: string): string | undefined {
  let candidate = body.trim();
  if (candidate.startsWith('{')) {
    try {
      const ip = (JSON.parse(candidate) as { ip?: unknown }).ip;
      candidate = typeof ip === 'string' ? ip.trim() : '';
    } catch {
      return undefined;
    }
  }
  return IPV4.test(candidate) || (candidate.includes(':') && IPV6.test(candidate)) ? candidate : undefined;
}

export async function lookupPublicIp(
  url: string = PUBLIC_IP_URL,
  fetcher: typeof fetch = (...args) => globalThis.fetch(...args),
  timeoutMs = PUBLIC_IP_TIMEOUT_MS,
): Promise<string | undefined> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetcher(url, { method: 'GET', signal: controller.signal, cache: 'no-store', credentials: 'omit' });
    return response.ok ? parsePublicIp(await response.text()) : undefined;
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

let settled: Promise<void> = Promise.resolve();

/**
 * Starts the lookup where the build wants one; the address found becomes the session's Client-IP.
 * It is what the player's network reports, recorded by the server and never trusted for security.
 */
export function startPublicIpLookup(appEnv: number = APP_ENV, url: string = PUBLIC_IP_URL, fetcher?: typeof fetch): Promise<void> {
  if (!wantsPublicIpLookup(appEnv)) {
    settled = Promise.resolve();
    return settled;
  }
  settled = lookupPublicIp(url, fetcher).then((ip) => {
    if (ip) useSession.setState({ clientIp: ip });
  });
  return settled;
}

/** Settles once the lookup has answered, failed or timed out (at once when there is none). */
export const publicIpSettled = (): Promise<void> => settled;
