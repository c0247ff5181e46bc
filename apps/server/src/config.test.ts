import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { TEST_AGGREGATOR_PRIVATE_KEY_PEM, TEST_AGGREGATOR_PUBLIC_KEY_PEM } from './modules/third-game/hub88/test-key-pair.ts';

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

  it('refuses the shared operator token that staff sign-in and API keys replaced, naming what to use, never echoing it', () => {
    expect(() => loadConfig({ OPS_TOKEN: 'an-old-shared-operator-token' })).toThrow(/OPS_TOKEN: .*create-api-key/);
    expect(() => loadConfig({ OPS_TOKEN: 'an-old-shared-operator-token' })).not.toThrow(/an-old-shared/);
  });

  it('requires SMTP in production and forbids the development outbox there', () => {
    const chain = {
      TRON_API_URL: 'https://node.example.com',
      HOT_WALLET_PRIVATE_KEY: 'a'.repeat(64),
      DEPOSIT_XPUB: `xpub${'A'.repeat(107)}`,
      TWO_FACTOR_SECRET_KEY: 'b'.repeat(64),
    };
    expect(() => loadConfig({ NODE_ENV: 'production', ...chain })).toThrow(/SMTP_URL: required in production/);
    expect(() => loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', DEV_OUTBOX: 'true', ...chain })).toThrow(/DEV_OUTBOX/);
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', ...chain }).devOutbox).toBe(false);
  });

  it('requires a real TRON node and the operator keys in production, never echoing the hot-wallet key', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25' })).toThrow(/TRON_API_URL: required in production/);
    expect(() => loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://m:25', TRON_API_URL: 'https://n.example.com' })).toThrow(
      /HOT_WALLET_PRIVATE_KEY and DEPOSIT_XPUB/,
    );
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

  it('runs the demo aggregator without HUB88_API_URL, with the game list refreshed hourly in USD', () => {
    expect(loadConfig({})).toMatchObject({
      HUB88_OPERATOR_ID: 'lobby',
      HUB88_CURRENCY: 'USD',
      HUB88_GAME_LIST_REFRESH_SECONDS: 3600,
      DEMO_AGGREGATOR_PORT: 8091,
    });
    expect(loadConfig({}).HUB88_API_URL).toBeUndefined();
    expect(() => loadConfig({ HUB88_GAME_LIST_REFRESH_SECONDS: '10' })).toThrow(/HUB88_GAME_LIST_REFRESH_SECONDS/);
    expect(() => loadConfig({ DEMO_AGGREGATOR_PUBLIC_URL: 'games.example.com' })).toThrow(/DEMO_AGGREGATOR_PUBLIC_URL/);
  });

  it('needs our signing key and the aggregator public key with HUB88_API_URL, reads one-line PEMs, and never echoes the private key', () => {
    expect(() => loadConfig({ HUB88_API_URL: 'https://api.hub88.example' })).toThrow(/HUB88_OPERATOR_PRIVATE_KEY and HUB88_PUBLIC_KEY: both required/);
    const config = loadConfig({
      HUB88_API_URL: 'https://api.hub88.example',
      HUB88_OPERATOR_PRIVATE_KEY: TEST_AGGREGATOR_PRIVATE_KEY_PEM.trim().replace(/\n/g, '\\n'),
      HUB88_PUBLIC_KEY: TEST_AGGREGATOR_PUBLIC_KEY_PEM,
    });
    expect(config.HUB88_OPERATOR_PRIVATE_KEY).toBe(TEST_AGGREGATOR_PRIVATE_KEY_PEM.trim() + '\n');
    expect(config.HUB88_PUBLIC_KEY).toBe(TEST_AGGREGATOR_PUBLIC_KEY_PEM.trim() + '\n');
    expect(() => loadConfig({ HUB88_OPERATOR_PRIVATE_KEY: 'MIIEsecretsecret' })).toThrow(
      /HUB88_OPERATOR_PRIVATE_KEY: must be a PEM "PRIVATE KEY" block \(got \(hidden\)\)/,
    );
    expect(() => loadConfig({ HUB88_PUBLIC_KEY: TEST_AGGREGATOR_PRIVATE_KEY_PEM })).toThrow(/HUB88_PUBLIC_KEY: must be a PEM "PUBLIC KEY" block/);
    expect(() => loadConfig({ HUB88_CURRENCY: 'usd' })).toThrow(/HUB88_CURRENCY/);
  });
});
