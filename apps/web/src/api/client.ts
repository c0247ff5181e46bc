import { ErrorCode, REQUEST_RETRIES, REQUEST_TIMEOUT_MS, type CallDefinition, type CallRequest, type CallResponse } from '@lobby/contract';
import { newRequestId } from '../lib/requestId';

/** What the client needs to know about a call. */
export interface CallSpec {
  path: string;
  auth: 'public' | 'player' | 'optional';
  movesMoney?: boolean;
}

/** A contract call as the client sees it: its spec, typed by the contract definition it came from. */
export interface CallRef<C extends CallDefinition> extends CallSpec {
  readonly __definition?: C;
}

export interface CallOptions {
  /** Failures stay quiet (no toast, no popup): home, channel, wallet and banner calls. */
  silent?: boolean;
  /** Show the loading overlay while the call runs (it appears only if the call takes over 300 ms). */
  loading?: boolean;
  signal?: AbortSignal;
}

export type ApiErrorKind = 'business' | 'http' | 'timeout' | 'network' | 'aborted';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly details: {
      code?: number;
      status?: number;
      data?: unknown;
      /** The client already told the player (toast, popup or logout); callers should not repeat it. */
      handled: boolean;
    },
  ) {
    super(message);
    this.name = 'ApiError';
  }
  get code() {
    return this.details.code;
  }
  get status() {
    return this.details.status;
  }
  get handled() {
    return this.details.handled;
  }
}

export type SessionEndReason = 'unauthorized' | 'expired' | 'elsewhere';

/** How the client reaches the rest of the app. Each one is a seam for tests. */
export interface ApiEvents {
  /** A code up to 100: its catalogue message is shown (`message` is the server's own wording). */
  businessError(code: number, message: string): void;
  /** 401, 10008 and 10032 (whose message is shown before logging out). */
  sessionEnded(reason: SessionEndReason, code?: number, message?: string): void;
  /** 403, 500 and any other failing status without its own handling. */
  httpError(status: number): void;
  /** 503: the maintenance popup, then home. */
  maintenance(): void;
  timeout(): void;
  networkError(): void;
  /** Starts the loading overlay; the returned function ends it. */
  beginLoading(): () => void;
  /**
   * 10061 (a limit reached) and 10062 (a time-out or self-exclusion running), wherever they come from:
   * the reply's `data` names the limit and when it resets, or till when play is paused.
   */
  protectionRefusal?(code: number, data: unknown): void;
  /** 10063: the operator refuses the region the app connects from; the region screen shows, even for a silent call. */
  regionBlocked?(data: unknown): void;
}

export interface Timers {
  setTimeout(handler: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface ApiClientConfig {
  baseUrl?: string;
  fetch?: typeof fetch;
  timers?: Timers;
  timeoutMs?: number;
  retries?: number;
  /** First retry delay; each further retry doubles it. */
  retryBaseDelayMs?: number;
  getToken(): string | null;
  getClientIp(): string;
  /** This install's id (the Device-Code header): a device that passed two-factor is not asked again at sign-in. */
  getDeviceCode?(): string;
  /** Settles once the Client-IP is known or will not be (the public IP lookup); calls wait for it. */
  clientIpReady?(): Promise<unknown>;
  getLanguage(): string;
  events: ApiEvents;
}

interface Envelope {
  code: number;
  msg?: string;
  data?: unknown;
}

const realTimers: Timers = {
  setTimeout: (handler, ms) => globalThis.setTimeout(handler, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Codes up to this value are generic failures whose catalogue text is shown as a toast. */
const TOAST_CODE_LIMIT = 100;

export interface ApiClient {
  call<C extends CallDefinition>(call: CallRef<C>, body: CallRequest<C>, options?: CallOptions): Promise<CallResponse<C>>;
  request<T = unknown>(spec: CallSpec, body: object, options?: CallOptions): Promise<T>;
}

export function createApiClient(config: ApiClientConfig): ApiClient {
  const doFetch = config.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const timers = config.timers ?? realTimers;
  const timeoutMs = config.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const retries = config.retries ?? REQUEST_RETRIES;
  const baseDelay = config.retryBaseDelayMs ?? 500;
  const baseUrl = config.baseUrl ?? '';
  const { events } = config;

  const sleep = (ms: number) => new Promise<void>((resolve) => timers.setTimeout(resolve, ms));

  type Attempt = { type: 'response'; status: number; envelope: Envelope | undefined } | { type: 'network' } | { type: 'timeout' } | { type: 'aborted' };

  async function attempt(url: string, init: RequestInit, outer?: AbortSignal): Promise<Attempt> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = timers.setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onOuterAbort = () => controller.abort();
    outer?.addEventListener('abort', onOuterAbort);
    try {
      const response = await doFetch(url, { ...init, signal: controller.signal });
      let envelope: Envelope | undefined;
      if (response.status < 500) {
        const payload = await response.json().catch(() => undefined);
        if (payload && typeof payload === 'object' && typeof (payload as Envelope).code === 'number') {
          envelope = payload as Envelope;
        }
      }
      return { type: 'response', status: response.status, envelope };
    } catch {
      if (timedOut) return { type: 'timeout' };
      if (outer?.aborted) return { type: 'aborted' };
      return { type: 'network' };
    } finally {
      timers.clearTimeout(timer);
      outer?.removeEventListener('abort', onOuterAbort);
    }
  }

  async function request<T>(spec: CallSpec, body: object, options: CallOptions = {}): Promise<T> {
    const silent = options.silent ?? false;
    // The idempotency key is fixed before the first attempt: every retry replays the same key, so the
    // server applies a money call at most once however many times the network makes us send it.
    const payload: Record<string, unknown> = { ...body };
    if (spec.movesMoney && typeof payload.requestId !== 'string') payload.requestId = newRequestId();

    if (config.clientIpReady) await config.clientIpReady();
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      'Client-IP': config.getClientIp(),
      'Accept-Language': config.getLanguage().replace('_', '-'),
    };
    const device = config.getDeviceCode?.();
    if (device) headers['Device-Code'] = device;
    const token = config.getToken();
    if (spec.auth !== 'public' && token) headers.Authorization = token;

    const init: RequestInit = { method: 'POST', headers, body: JSON.stringify(payload) };
    const endLoading = options.loading ? events.beginLoading() : undefined;

    try {
      let result: Attempt = { type: 'network' };
      for (let n = 0; n <= retries; n += 1) {
        if (n > 0) await sleep(baseDelay * 2 ** (n - 1));
        result = await attempt(baseUrl + spec.path, init, options.signal);
        // Only failures that say nothing about the request itself are worth repeating: the network
        // dropped it, or the server failed (5xx). A timeout is not repeated: the server may still be
        // working on it, and the player has already waited 15 s.
        const retriable = result.type === 'network' || (result.type === 'response' && result.status >= 500);
        if (!retriable) break;
      }
      return handle<T>(result, silent);
    } finally {
      endLoading?.();
    }
  }

  function handle<T>(result: Attempt, silent: boolean): T {
    if (result.type === 'aborted') throw new ApiError('aborted', 'aborted', { handled: true });
    if (result.type === 'timeout') {
      if (!silent) events.timeout();
      throw new ApiError('timeout', 'timeout', { handled: !silent });
    }
    if (result.type === 'network') {
      if (!silent) events.networkError();
      throw new ApiError('network', 'network error', { handled: !silent });
    }

    const { status, envelope } = result;
    if (status === 401) {
      events.sessionEnded('unauthorized');
      throw new ApiError('http', 'unauthorized', { status, handled: true });
    }
    if (status === 503) {
      if (!silent) events.maintenance();
      throw new ApiError('http', 'maintenance', { status, handled: !silent });
    }
    if (status < 200 || status >= 300 || !envelope) {
      if (!silent) events.httpError(status);
      throw new ApiError('http', `Error Code ${status}`, { status, handled: !silent });
    }

    const { code, msg, data } = envelope;
    if (code === ErrorCode.SUCCESS) return data as T;

    const message = msg ?? '';
    if (code === ErrorCode.TOKEN_EXPIRED) {
      events.sessionEnded('expired', code);
      throw new ApiError('business', message, { code, data, handled: true });
    }
    if (code === ErrorCode.LOGGED_IN_ELSEWHERE) {
      events.sessionEnded('elsewhere', code, message);
      throw new ApiError('business', message, { code, data, handled: true });
    }
    if (code === ErrorCode.REGION_BLOCKED && events.regionBlocked) {
      events.regionBlocked(data);
      throw new ApiError('business', message, { code, data, handled: true });
    }
    if ((code === ErrorCode.LIMIT_REACHED || code === ErrorCode.PLAY_PAUSED) && events.protectionRefusal) {
      if (!silent) events.protectionRefusal(code, data);
      throw new ApiError('business', message, { code, data, handled: !silent });
    }
    if (code > 0 && code <= TOAST_CODE_LIMIT) {
      if (!silent) events.businessError(code, message);
      throw new ApiError('business', message, { code, data, handled: !silent });
    }
    // Feature codes (wrong password, insufficient balance, ...) belong to the screen that asked.
    throw new ApiError('business', message, { code, data, handled: silent });
  }

  return {
    call: (spec, body, options) => request(spec, body as object, options),
    request,
  };
}
