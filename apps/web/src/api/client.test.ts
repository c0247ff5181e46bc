import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, type ApiEvents, type CallSpec } from './client';

const publicCall: CallSpec = { path: '/v1/app/home', auth: 'public' };
const playerCall: CallSpec = { path: '/v1/player/load', auth: 'player' };
const moneyCall: CallSpec = { path: '/v1/bank/cashout/submit', auth: 'player', movesMoney: true };

type Reply = { status: number; body?: unknown } | 'network' | 'hang';

function reply(status: number, body?: unknown): Reply {
  return { status, body };
}

const ok = (data: unknown) => reply(200, { code: 0, msg: 'ok', data });

function setup(replies: Reply[], options: { token?: string | null; language?: string } = {}) {
  const calls: { url: string; init: RequestInit; body: Record<string, unknown> }[] = [];
  const delays: number[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init: init!, body: JSON.parse(String(init!.body)) });
    const next = replies.length > 1 ? replies.shift()! : replies[0];
    if (next === 'network') throw new TypeError('Failed to fetch');
    if (next === 'hang') {
      return new Promise<Response>((_, reject) => {
        init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    }
    return {
      status: next.status,
      json: async () => {
        if (next.body === undefined) throw new SyntaxError('no body');
        return next.body;
      },
    } as Response;
  });
  const events: ApiEvents = {
    businessError: vi.fn(),
    sessionEnded: vi.fn(),
    httpError: vi.fn(),
    maintenance: vi.fn(),
    timeout: vi.fn(),
    networkError: vi.fn(),
    beginLoading: vi.fn(() => vi.fn()),
  };
  const client = createApiClient({
    fetch: fetch as unknown as typeof globalThis.fetch,
    timers: {
      setTimeout: (handler, ms) => {
        // Only retry back-offs are recorded; the 15 s request timeout is armed on every attempt.
        if (ms !== 15_000) delays.push(ms);
        return setTimeout(handler, ms);
      },
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    },
    getToken: () => (options.token === undefined ? 'tok-123' : options.token),
    getClientIp: () => '203.0.113.7',
    getLanguage: () => options.language ?? 'en_US',
    events,
  });
  return { client, fetch, calls, events, delays };
}

async function settle<T>(promise: Promise<T>): Promise<{ value?: T; error?: ApiError }> {
  const outcome = promise.then(
    (value) => ({ value }),
    (error: ApiError) => ({ error }),
  );
  await vi.runAllTimersAsync();
  return outcome;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('requests', () => {
  it('POSTs JSON with Client-IP and returns data of a code-0 envelope', async () => {
    const { client, calls } = setup([ok({ id: 7 })]);
    const { value } = await settle(client.request(playerCall, { a: 1 }));
    expect(value).toEqual({ id: 7 });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/v1/player/load');
    expect(calls[0].init.method).toBe('POST');
    const headers = calls[0].init.headers as Record<string, string>;
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers['Client-IP']).toBe('203.0.113.7');
    expect(headers.Authorization).toBe('tok-123');
    expect(calls[0].body).toEqual({ a: 1 });
  });

  it('sends no token on public calls', async () => {
    const { client, calls } = setup([ok(null)]);
    await settle(client.request(publicCall, {}));
    const headers = calls[0].init.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
    expect(headers['Client-IP']).toBe('203.0.113.7');
  });

  it('sends no Authorization header when signed out', async () => {
    const { client, calls } = setup([ok(null)], { token: null });
    await settle(client.request(playerCall, {}));
    expect((calls[0].init.headers as Record<string, string>).Authorization).toBeUndefined();
  });
});

describe('retries', () => {
  it('retries network errors three times with exponential delays, then reports the network error', async () => {
    const { client, fetch, events, delays } = setup(['network']);
    const { error } = await settle(client.request(publicCall, {}));
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(delays).toEqual([500, 1000, 2000]);
    expect(error).toBeInstanceOf(ApiError);
    expect(error?.kind).toBe('network');
    expect(events.networkError).toHaveBeenCalledTimes(1);
  });

  it('retries 5xx and succeeds when the server recovers', async () => {
    const { client, fetch, events } = setup([reply(502), reply(500), ok('fine')]);
    const { value } = await settle(client.request(publicCall, {}));
    expect(value).toBe('fine');
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(events.httpError).not.toHaveBeenCalled();
  });

  it('gives up after three retries of a 500 and shows Error Code 500', async () => {
    const { client, fetch, events } = setup([reply(500)]);
    const { error } = await settle(client.request(publicCall, {}));
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(error?.status).toBe(500);
    expect(events.httpError).toHaveBeenCalledWith(500);
  });

  it.each([400, 403, 404, 429])('does not retry HTTP %i', async (status) => {
    const { client, fetch, events } = setup([reply(status, { code: 4, msg: 'x', data: null })]);
    const { error } = await settle(client.request(publicCall, {}));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(error?.status).toBe(status);
    expect(events.httpError).toHaveBeenCalledWith(status);
  });

  it('does not retry business codes', async () => {
    const { client, fetch, events } = setup([reply(200, { code: 10007, msg: 'wrong password', data: null })]);
    const { error } = await settle(client.request(publicCall, {}));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(error?.kind).toBe('business');
    expect(error?.code).toBe(10007);
    expect(error?.handled).toBe(false);
    expect(events.businessError).not.toHaveBeenCalled();
  });

  it('keeps the same requestId across retries of a money call', async () => {
    const { client, calls } = setup(['network', reply(503), reply(500), ok({ done: true })]);
    const { value } = await settle(client.request(moneyCall, { amount: '10' }));
    expect(value).toEqual({ done: true });
    expect(calls).toHaveLength(4);
    const ids = calls.map((c) => c.body.requestId);
    expect(typeof ids[0]).toBe('string');
    expect((ids[0] as string).length).toBeGreaterThanOrEqual(8);
    expect(new Set(ids).size).toBe(1);
  });

  it('uses a new requestId for each separate money call and keeps a caller-given one', async () => {
    const { client, calls } = setup([ok(null)]);
    await settle(client.request(moneyCall, {}));
    await settle(client.request(moneyCall, {}));
    await settle(client.request(moneyCall, { requestId: 'mine-12345' }));
    expect(calls[0].body.requestId).not.toBe(calls[1].body.requestId);
    expect(calls[2].body.requestId).toBe('mine-12345');
  });

  it('adds no requestId to calls that move no money', async () => {
    const { client, calls } = setup([ok(null)]);
    await settle(client.request(playerCall, {}));
    expect(calls[0].body).not.toHaveProperty('requestId');
  });
});

describe('envelope codes', () => {
  it.each([1, 4, 12, 100])('reports code %i for its catalogue toast', async (code) => {
    const { client, events, fetch } = setup([reply(200, { code, msg: 'server text', data: null })], { language: 'zh_CN' });
    const { error } = await settle(client.request(publicCall, {}));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(events.businessError).toHaveBeenCalledWith(code, 'server text');
    expect(error?.code).toBe(code);
    expect(error?.handled).toBe(true);
  });

  it('leaves codes above 100 to the screen that asked', async () => {
    const { client, events } = setup([reply(200, { code: 101, msg: 'x', data: null })]);
    const { error } = await settle(client.request(publicCall, {}));
    expect(events.businessError).not.toHaveBeenCalled();
    expect(error?.handled).toBe(false);
  });

  it('logs out on 10008 (token expired)', async () => {
    const { client, events, fetch } = setup([reply(200, { code: 10008, msg: 'expired', data: null })]);
    const { error } = await settle(client.request(playerCall, {}));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(events.sessionEnded).toHaveBeenCalledWith('expired', 10008);
    expect(error?.code).toBe(10008);
  });

  it('shows the message then logs out on 10032 (logged in elsewhere)', async () => {
    const { client, events } = setup([reply(200, { code: 10032, msg: 'elsewhere', data: null })]);
    await settle(client.request(playerCall, {}));
    expect(events.sessionEnded).toHaveBeenCalledWith('elsewhere', 10032, 'elsewhere');
  });

  it('stays quiet for silent calls but still ends an expired session', async () => {
    const { client, events } = setup([reply(200, { code: 1, msg: 'x', data: null })]);
    const { error } = await settle(client.request(publicCall, {}, { silent: true }));
    expect(events.businessError).not.toHaveBeenCalled();
    expect(error?.code).toBe(1);

    const second = setup([reply(200, { code: 10008, msg: 'x', data: null })]);
    await settle(second.client.request(playerCall, {}, { silent: true }));
    expect(second.events.sessionEnded).toHaveBeenCalledWith('expired', 10008);
  });

  it('shows the region screen on 10063 (region blocked), even for a silent call, without a toast', async () => {
    const { client, events } = setup([reply(200, { code: 10063, msg: 'not available', data: { country: 'KP' } })]);
    const regionBlocked = vi.fn();
    events.regionBlocked = regionBlocked;
    const { error } = await settle(client.request(playerCall, {}, { silent: true }));
    expect(regionBlocked).toHaveBeenCalledWith({ country: 'KP' });
    expect(events.businessError).not.toHaveBeenCalled();
    expect(error).toMatchObject({ code: 10063, handled: true });
  });
});

describe('HTTP statuses', () => {
  it('logs out on 401 without retrying', async () => {
    const { client, events, fetch } = setup([reply(401)]);
    const { error } = await settle(client.request(playerCall, {}));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(events.sessionEnded).toHaveBeenCalledWith('unauthorized');
    expect(error?.status).toBe(401);
    expect(events.httpError).not.toHaveBeenCalled();
  });

  it('shows Error Code 403', async () => {
    const { client, events } = setup([reply(403)]);
    await settle(client.request(playerCall, {}));
    expect(events.httpError).toHaveBeenCalledWith(403);
  });

  it('shows the maintenance popup on 503 once the retries are spent', async () => {
    const { client, events, fetch } = setup([reply(503)]);
    const { error } = await settle(client.request(publicCall, {}));
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(events.maintenance).toHaveBeenCalledTimes(1);
    expect(events.httpError).not.toHaveBeenCalled();
    expect(error?.status).toBe(503);
  });

  it('times out after 15 s, does not retry, and shows the timeout message', async () => {
    const { client, events, fetch } = setup(['hang']);
    const promise = client.request(publicCall, {});
    const outcome = promise.then(
      () => 'resolved',
      (e: ApiError) => e.kind,
    );
    await vi.advanceTimersByTimeAsync(14_999);
    expect(events.timeout).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('timeout');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(events.timeout).toHaveBeenCalledTimes(1);
  });
});

describe('loading overlay', () => {
  it('begins and ends the overlay around a loading call', async () => {
    const end = vi.fn();
    const { client, events } = setup([ok(1)]);
    (events.beginLoading as ReturnType<typeof vi.fn>).mockReturnValue(end);
    await settle(client.request(publicCall, {}, { loading: true }));
    expect(events.beginLoading).toHaveBeenCalledTimes(1);
    expect(end).toHaveBeenCalledTimes(1);
  });

  it('leaves the overlay alone for ordinary calls', async () => {
    const { client, events } = setup([ok(1)]);
    await settle(client.request(publicCall, {}));
    expect(events.beginLoading).not.toHaveBeenCalled();
  });
});
