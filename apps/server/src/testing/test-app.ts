import { loadConfig } from '../config.ts';
import { createApplication, type Application } from '../app.ts';
import { createTestDatabase } from './test-database.ts';
import { callOps } from './ops-call.ts';
import { createAutomationKey } from './ops-key.ts';

export interface Envelope<T = any> {
  code: number;
  msg: string;
  data: T;
}

export interface CallOptions {
  token?: string;
  headers?: Record<string, string>;
}

export interface TestApp {
  app: Application;
  url: string;
  /** POSTs a JSON body through real HTTP and returns the HTTP status with the envelope. */
  call<T = any>(path: string, body?: unknown, options?: CallOptions): Promise<Envelope<T> & { status: number }>;
  /** POSTs a raw body, for malformed-input tests. */
  raw(path: string, body: string, headers?: Record<string, string>): Promise<{ status: number; json: any }>;
  /** The newest verification code mailed to an address (development outbox). */
  latestCode(email: string): Promise<string>;
  /** An API key with every operator permission, created for this app as an owner would for automation. */
  opsKey: string;
  /** The key's name: what the audit and the operator records show as who acted. */
  opsName: string;
  /** Calls an operator endpoint with `opsKey` (or another key; null sends none). */
  ops<T = any>(path: string, body?: unknown, key?: string | null): Promise<Envelope<T> & { status: number }>;
  /** Registers an account player and returns its token. */
  registerPlayer(account?: string, password?: string): Promise<{ token: string; playerId: number; account: string; password: string }>;
  close(): Promise<void>;
}

let counter = 0;

/**
 * `alongside` starts a second instance on another's database and event bus, as several instances
 * behind a load balancer share PostgreSQL and Redis; the first instance owns both and closes them.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  options: {
    logStream?: NodeJS.WritableStream;
    alongside?: TestApp;
  } = {},
): Promise<TestApp> {
  const shared = options.alongside?.app;
  const database = shared ? { ...shared.database, close: async () => undefined } : await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    RATE_LIMIT_PER_MINUTE: '100000',
    CREDENTIALS_RATE_PER_MINUTE: '100000',
    MAIL_RATE_PER_MINUTE: '100000',
    VERIFICATION_CODE_RESEND_SECONDS: '0',
    REGISTRATIONS_PER_IP_PER_DAY: '1000',
    // Every test player registers from 127.0.0.1: the self-referral tests turn the review on.
    SELF_REFERRAL_REVIEW: 'false',
    LOGIN_FAILURES_PER_IP: '1000',
    DEV_OUTBOX: 'true',
    WEB_DIST_DIR: '/nonexistent',
    DATA_DIR: 'memory',
    DEVNET_PORT: '0',
    DEVNET_MANUAL: 'true',
    DEVNET_SOLIDITY_DEPTH: '0',
    DEPOSIT_CONFIRMATIONS: '1',
    // New withdrawal addresses wait 24 hours in production; tests of withdrawals send to an address
    // typed a moment before, and the wait's own tests set it back (a second instance keeps it).
    ...(shared ? {} : { TEST_ADDRESS_WAIT_HOURS: '0' }),
    ...env,
  });
  const app = await createApplication(config, { database, bus: shared?.bus, logStream: options.logStream });
  const url = await app.http.listen({ host: '127.0.0.1', port: 0 });

  const call: TestApp['call'] = async (path, body = {}, options = {}) => {
    const response = await fetch(url + path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(options.token ? { authorization: options.token } : {}),
        ...options.headers,
      },
      body: JSON.stringify(body),
    });
    return { status: response.status, ...((await response.json()) as Envelope) };
  };

  const raw: TestApp['raw'] = async (path, body, headers = { 'content-type': 'application/json' }) => {
    const response = await fetch(url + path, { method: 'POST', headers, body });
    const text = await response.text();
    let json: any = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = { unparsable: text };
    }
    return { status: response.status, json };
  };

  const latestCode = async (email: string) => {
    const response = await fetch(url + '/dev/outbox', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: email }),
    });
    const { data } = (await response.json()) as Envelope<{ body: string }[]>;
    const match = data[0]?.body.match(/\b(\d{6})\b/);
    if (!match) throw new Error(`no code mailed to ${email}`);
    return match[1];
  };

  const registerPlayer: TestApp['registerPlayer'] = async (account, password = 'secret123') => {
    const name = account ?? `player${process.pid}${++counter}${Math.floor(Math.random() * 1e4)}`;
    const reply = await call('/v1/player/register', { kind: 1, account: name, password });
    if (reply.code !== 0) throw new Error(`register failed: ${reply.code} ${reply.msg}`);
    return { token: reply.data.token, playerId: reply.data.player.id, account: name, password };
  };

  const { key: opsKey, name: opsName } = await createAutomationKey(app.database.db);
  const ops: TestApp['ops'] = (path, body = {}, key = opsKey) => callOps({ url }, path, body, key);

  return { app, url, call, raw, latestCode, registerPlayer, opsKey, opsName, ops, close: () => app.close() };
}
