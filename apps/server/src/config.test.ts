import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs on the embedded defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 8080, DATA_DIR: './data', TRUST_PROXY: false, devOutbox: true });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names every wrong setting in one error', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', TRUST_PROXY: 'maybe?' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toMatch(/PORT: .*\(got "eighty"\)/);
      expect(message).toMatch(/DATABASE_URL: must be a URL starting with postgres:/);
      expect(message).toMatch(/TRUST_PROXY/);
    }
  });

  it('locks an account after 10 failed logins by default and takes only a whole number from 1 for LOGIN_FAILURES_PER_ACCOUNT', () => {
    expect(loadConfig({}).LOGIN_FAILURES_PER_ACCOUNT).toBe(10);
    expect(loadConfig({ LOGIN_FAILURES_PER_ACCOUNT: '25' }).LOGIN_FAILURES_PER_ACCOUNT).toBe(25);
    expect(() => loadConfig({ LOGIN_FAILURES_PER_ACCOUNT: '0' })).toThrow(/LOGIN_FAILURES_PER_ACCOUNT/);
    expect(() => loadConfig({ LOGIN_FAILURES_PER_ACCOUNT: 'ten' })).toThrow(/LOGIN_FAILURES_PER_ACCOUNT/);
  });

  it('never echoes a secret setting back', () => {
    expect(() => loadConfig({ REDIS_URL: 'http://user:hunter2@cache' })).toThrow(/REDIS_URL.*\(got \(hidden\)\)/);
    expect(() => loadConfig({ REDIS_URL: 'http://user:hunter2@cache' })).not.toThrow(/hunter2/);
  });

  it('requires SMTP in production and forbids the development outbox there', () => {
    const chain = { TRON_API_URL: 'https://node.example.com', HOT_WALLET_PRIVATE_KEY: 'a'.repeat(64), DEPOSIT_XPUB: `xpub${'A'.repeat(107)}` };
    expect(() => loadConfig({ NODE_ENV: 'production', ...chain })).toThrow(/SMTP_URL: required in production/);
    expect(() => loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', DEV_OUTBOX: 'true', ...chain })).toThrow(/DEV_OUTBOX/);
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', ...chain }).devOutbox).toBe(false);
  });

  it('requires a real TRON node and the operator keys in production, never echoing the hot-wallet key', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25' })).toThrow(/TRON_API_URL: required in production/);
    expect(() => loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://m:25', TRON_API_URL: 'https://n.example.com' })).toThrow(/HOT_WALLET_PRIVATE_KEY and DEPOSIT_XPUB/);
    expect(() => loadConfig({ HOT_WALLET_PRIVATE_KEY: 'secretsecret' })).toThrow(/HOT_WALLET_PRIVATE_KEY: must be 64 hex characters \(got \(hidden\)\)/);
  });

  it('reads a trusted proxy list, hop count or switch', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).TRUST_PROXY).toEqual(['10.0.0.1', '10.0.0.2']);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
  });

  it('bounds every HTTP connection by default, and refuses a header timeout longer than the request timeout', () => {
    expect(loadConfig({})).toMatchObject({
      HTTP_HEADERS_TIMEOUT_MS: 10_000,
      HTTP_REQUEST_TIMEOUT_MS: 30_000,
      HTTP_KEEP_ALIVE_TIMEOUT_MS: 72_000,
      HTTP_IDLE_TIMEOUT_MS: 60_000,
    });
    expect(() => loadConfig({ HTTP_IDLE_TIMEOUT_MS: '0' })).toThrow(/HTTP_IDLE_TIMEOUT_MS/);
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '20000', HTTP_REQUEST_TIMEOUT_MS: '10000' })).toThrow(/HTTP_HEADERS_TIMEOUT_MS: must not exceed/);
  });
});
