import { Environment } from '@lobby/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiEvents } from '../api/client';
import { useSession } from '../state/session';
import { lookupPublicIp, parsePublicIp, publicIpSettled, startPublicIpLookup, wantsPublicIpLookup } from './public-ip';

const answer = (body: string, status = 200) => ({ ok: status < 400, status, text: async () => body }) as Response;

/** An api client wired as the app's is: Client-IP from the session, waiting for the lookup. */
function client() {
  const sent: Record<string, string>[] = [];
  const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    sent.push(init!.headers as Record<string, string>);
    return { status: 200, json: async () => ({ code: 0, data: {} }) } as Response;
  });
  const events = Object.fromEntries(
    ['businessError', 'sessionEnded', 'httpError', 'maintenance', 'timeout', 'networkError'].map((name) => [name, vi.fn()]),
  ) as unknown as ApiEvents;
  events.beginLoading = () => () => undefined;
  const api = createApiClient({
    fetch: fetch as unknown as typeof globalThis.fetch,
    getToken: () => null,
    getClientIp: () => useSession.getState().clientIp,
    clientIpReady: publicIpSettled,
    getLanguage: () => 'en_US',
    events,
  });
  return { api, sent };
}

const home = { path: '/v1/app/home', auth: 'public' } as const;

afterEach(() => {
  useSession.setState({ clientIp: '' });
});

describe('the public IP lookup (SPEC section 7)', () => {
  it('runs in test and internal builds, never in preview or official ones', () => {
    expect(wantsPublicIpLookup(Environment.TEST)).toBe(true);
    expect(wantsPublicIpLookup(Environment.INTERNAL)).toBe(true);
    expect(wantsPublicIpLookup(Environment.PREVIEW)).toBe(false);
    expect(wantsPublicIpLookup(Environment.OFFICIAL)).toBe(false);
  });

  it('reads the address from JSON or plain text and nothing else', () => {
    expect(parsePublicIp('{"ip":"203.0.113.9"}')).toBe('203.0.113.9');
    expect(parsePublicIp('198.51.100.4\n')).toBe('198.51.100.4');
    expect(parsePublicIp('{"ip":"2001:db8::1"}')).toBe('2001:db8::1');
    for (const body of ['<!doctype html><html>', '{"ip":"999.1.1.1"}', '{"ip":42}', '1.2.3.4\r\nX-Evil: 1', '{broken', '']) {
      expect(parsePublicIp(body), body).toBeUndefined();
    }
  });

  it('asks the configured URL with GET and gives up on a failed answer', async () => {
    const fetcher = vi.fn(async () => answer('{"ip":"203.0.113.9"}'));
    expect(await lookupPublicIp('https://ip.example.com/json', fetcher as unknown as typeof fetch)).toBe('203.0.113.9');
    expect(fetcher).toHaveBeenCalledWith('https://ip.example.com/json', expect.objectContaining({ method: 'GET' }));
    expect(await lookupPublicIp('/ip', (async () => answer('oops', 500)) as unknown as typeof fetch)).toBeUndefined();
    expect(await lookupPublicIp('/ip', (async () => Promise.reject(new TypeError('offline'))) as unknown as typeof fetch)).toBeUndefined();
  });

  it('feeds the Client-IP header of every call, even one sent before the lookup answered', async () => {
    let reply!: (response: Response) => void;
    const fetcher = vi.fn(() => new Promise<Response>((resolve) => (reply = resolve)));
    void startPublicIpLookup(Environment.TEST, '/ip', fetcher as unknown as typeof fetch);
    const { api, sent } = client();
    const first = api.request(home, {});
    await Promise.resolve();
    expect(sent).toHaveLength(0);
    reply(answer('{"ip":"203.0.113.9"}'));
    await first;
    await api.request(home, {});
    expect(sent.map((headers) => headers['Client-IP'])).toEqual(['203.0.113.9', '203.0.113.9']);
    expect(useSession.getState().clientIp).toBe('203.0.113.9');
  });

  it('in an official build asks nothing and calls go out at once', async () => {
    const fetcher = vi.fn();
    await startPublicIpLookup(Environment.OFFICIAL, '/ip', fetcher as unknown as typeof fetch);
    const { api, sent } = client();
    await api.request(home, {});
    expect(fetcher).not.toHaveBeenCalled();
    expect(sent[0]['Client-IP']).toBe('');
  });

  it('lets calls go with an empty Client-IP when the lookup fails', async () => {
    await startPublicIpLookup(Environment.INTERNAL, '/ip', (async () => Promise.reject(new TypeError('offline'))) as unknown as typeof fetch);
    const { api, sent } = client();
    await api.request(home, {});
    expect(sent[0]['Client-IP']).toBe('');
  });
});
