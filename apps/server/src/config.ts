import { z } from 'zod';
import { isValidBase58Address } from './chain/address.ts';

/**
 * Every setting comes from the environment and is checked once at start. A wrong setting stops the
 * server with one line per problem naming the variable, so an operator never debugs a half-started
 * process. Secrets are read here and nowhere else, and never logged.
 */
const boolean = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const trustProxy = z.string().transform((value, ctx): boolean | number | string[] => {
  if (value === 'true') return true;
  if (value === 'false' || value === '') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (list.every((entry) => /^[0-9a-fA-F:.\/]+$/.test(entry))) return list;
  ctx.addIssue({ code: 'custom', message: 'must be true, false, a hop count or a comma-separated list of proxy addresses' });
  return z.NEVER;
});

const url = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
  );

/** A PEM block of this kind; literal "\\n" sequences (one-line environment values) count as line breaks. */
const pem = (label: 'PRIVATE KEY' | 'PUBLIC KEY') =>
  z
    .string()
    .transform((value) => value.replace(/\\n/g, '\n').trim() + '\n')
    .refine((value) => value.startsWith(`-----BEGIN ${label}-----`) && value.trimEnd().endsWith(`-----END ${label}-----`), `must be a PEM "${label}" block`);

/** An amount in TRX or USDT as a decimal with at most 6 places; held as micro-units. */
const money = z.string().regex(/^\d{1,12}(\.\d{1,6})?$/, 'a decimal amount with at most 6 decimals, e.g. 12.5');
const toMicro = (value: string): bigint => {
  const [whole, fraction = ''] = value.split('.');
  return BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, '0'));
};

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  REDIS_URL: url(['redis:', 'rediss:']).optional(),
  TRUST_PROXY: trustProxy.default(false),
  /**
   * The IP-to-country data (PROTECTION.md "Jurisdictions"): comma-separated CSV files of `first,last,CC`
   * rows (IPv4 and IPv6); default the shipped @ip-location-db/geo-whois-asn-country. Replace to update.
   */
  GEOIP_COUNTRY_FILE: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((path) => path.trim())
        .filter(Boolean),
    )
    .refine((paths) => paths.length > 0, 'one or more CSV paths, comma-separated')
    .optional(),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(10_485_760).default(65_536),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Time a client has to send a request's headers (slow-header attacks), and the whole request. */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  /** How long an idle connection is kept between requests; above the 60 s idle timeout of common load balancers. */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(72_000),
  /** A connection silent this long in the middle of a request is closed; websockets are exempt. */
  HTTP_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  WS_MAX_SOCKETS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(20),
  WS_FRAMES_PER_10S: z.coerce.number().int().min(1).max(100_000).default(50),
  WS_AUTH_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(6),
  WS_AUTH_FAILURES_PER_IP: z.coerce.number().int().min(1).max(100_000).default(30),
  WS_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  WS_SESSION_RECHECK_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  CREDENTIALS_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  MAIL_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .min(0.001)
    .max(24 * 90)
    .default(168),
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(600).default(60),
  REGISTRATIONS_PER_IP_PER_DAY: z.coerce.number().int().min(1).default(20),
  LOGIN_FAILURES_PER_IP: z.coerce.number().int().min(1).default(30),
  /** ECONOMY.md "Self-referral": hold invitees registered from their inviter's address or device. Off only where every player shares one address (tests). */
  SELF_REFERRAL_REVIEW: boolean.default(true),
  /** Failed logins one account allows in 15 minutes from addresses it has not signed in from lately. */
  LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).max(1000).default(10),
  VERIFICATION_CODE_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(600),
  VERIFICATION_CODE_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  VERIFICATION_CODE_RESEND_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().default('Lobby <no-reply@localhost>'),
  DEV_OUTBOX: boolean.optional(),
  WEB_DIST_DIR: z.string().optional(),
  CONSOLE_DIST_DIR: z.string().optional(),
  TRON_API_URL: url(['http:', 'https:']).optional(),
  TRON_API_KEY: z.string().optional(),
  USDT_CONTRACT: z
    .string()
    .regex(/^T[1-9A-HJ-NP-Za-km-z]{33}$/, 'must be a TRON base58 address')
    .optional(),
  HOT_WALLET_PRIVATE_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters')
    .optional(),
  DEPOSIT_XPUB: z
    .string()
    .regex(/^xpub[1-9A-HJ-NP-Za-km-z]{100,112}$/, "must be an extended public key (xpub...) of m/44'/195'/0'")
    .optional(),
  /** The operator's cold (treasury) addresses, comma-separated TRON base58 addresses: counted in the reconciliation's holdings. */
  TREASURY_COLD_ADDRESSES: z
    .string()
    .default('')
    .transform((value) => [
      ...new Set(
        value
          .split(',')
          .map((address) => address.trim())
          .filter(Boolean),
      ),
    ])
    .refine((list) => list.every(isValidBase58Address), 'must be TRON base58 addresses (T...), comma-separated'),
  /** Minutes between the hourly reconciliations of on-chain holdings against ledger liabilities (0: only on demand). */
  TREASURY_RECONCILE_MINUTES: z.coerce.number().int().min(0).max(1440).default(60),
  /** Minutes between sweep cycles (TREASURY.md "Sweeps"), on the one instance holding the lock (0: only on demand). */
  TREASURY_SWEEP_MINUTES: z.coerce.number().int().min(0).max(1440).default(10),
  /** A deposit address is swept once it holds at least this much (operator-editable at runtime). */
  TREASURY_SWEEP_THRESHOLD_USDT: money.default('10').transform(toMicro),
  TREASURY_SWEEP_THRESHOLD_TRX: money.default('50').transform(toMicro),
  /** Below the floor: an alert and a top-up request for the cold wallet's holders; sweeps fill the hot wallet up to the target, and above it the excess goes to cold. */
  TREASURY_HOT_FLOOR_USDT: money.default('1000').transform(toMicro),
  TREASURY_HOT_TARGET_USDT: money.default('5000').transform(toMicro),
  TREASURY_HOT_FLOOR_TRX: money.default('2000').transform(toMicro),
  TREASURY_HOT_TARGET_TRX: money.default('10000').transform(toMicro),
  /** Where sweeps beyond the hot wallet's target and its excess go; default the first of TREASURY_COLD_ADDRESSES. */
  TREASURY_SWEEP_COLD_ADDRESS: z.string().refine(isValidBase58Address, 'must be a TRON base58 address (T...)').optional(),
  /** How a USDT sweep pays for energy: `delegate` from the resource account (TREASURY_RESOURCE_KEY, TRX staked for energy), or `burn` TRX the hot wallet sends the deposit address. */
  TREASURY_ENERGY_STRATEGY: z.enum(['burn', 'delegate']).default('burn'),
  /** Private key (64 hex) of the resource account that stakes TRX for energy and delegates it to deposit addresses. */
  TREASURY_RESOURCE_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters')
    .optional(),
  /** Added to the node's energy estimate of a USDT sweep, for the energy delegated or burnt and its fee_limit. */
  TREASURY_ENERGY_MARGIN_PERCENT: z.coerce.number().int().min(0).max(500).default(20),
  /** Deposit addresses one cycle sweeps at most. */
  /** The highest fee_limit of a USDT sweep, in TRX; keep it at or below the signer's SIGNER_MAX_FEE_LIMIT_SUN (default 100 TRX). */
  TREASURY_MAX_FEE_LIMIT_TRX: money.default('100').transform(toMicro),
  TREASURY_SWEEP_BATCH: z.coerce.number().int().min(1).max(2000).default(500),
  /** The signer (npm run signer) that signs sweeps from deposit addresses, and the channel's shared key (hex); without them sweeps are signed offline (npm run treasury -- export-sweeps). */
  TREASURY_SIGNER_URL: url(['http:', 'https:']).optional(),
  TREASURY_SIGNER_KEY: z
    .string()
    .regex(/^([0-9a-fA-F]{2}){32,}$/, 'hex of at least 32 bytes')
    .optional(),
  /** TRX the hot wallet must hold before it sends USDT: the network fee of a USDT transfer is paid in TRX. */
  HOT_WALLET_TRX_RESERVE: money.default('30').transform(toMicro),
  DEPOSIT_CONFIRMATIONS: z.coerce.number().int().min(0).max(1000).default(19),
  /** AES-256 key (64 hex characters) that seals players' two-factor secrets in the database; required in production. */
  TWO_FACTOR_SECRET_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters')
    .optional(),
  DEVNET_PORT: z.coerce.number().int().min(0).max(65535).default(8090),
  DEVNET_BLOCK_MS: z.coerce.number().int().min(50).default(3000),
  DEVNET_MANUAL: boolean.default(false),
  DEVNET_SOLIDITY_DEPTH: z.coerce.number().int().min(0).max(100).default(19),
  /** TRX a USDT transfer burns from its sender on the devnet (mainnet charges some 13-27 TRX without staked energy). */
  DEVNET_USDT_FEE_TRX: money.default('0').transform(toMicro),
  /** Development: the devnet tops the hot wallet up at start so withdrawals are paid (default: on under NODE_ENV=development). */
  DEVNET_FUND_HOT_WALLET: boolean.optional(),
  PUBLIC_HOST: z.string().optional(),
  CHAT_URL: z.string().optional(),
  /** Largest image a player may send in the support chat, in bytes (at most 2 MiB, the contract's ceiling). */
  CHAT_IMAGE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(2 * 1024 * 1024)
    .default(2 * 1024 * 1024),
  /** An external Chatwoot live-chat widget: its server, the inbox's website token and, for identity validation, its HMAC token. */
  CHATWOOT_BASE_URL: url(['https:', 'http:']).optional(),
  CHATWOOT_WEBSITE_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,128}$/, 'the inbox website token (letters, digits, _ -)')
    .optional(),
  CHATWOOT_HMAC_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  DEPOSIT_POLL_MS: z.coerce.number().int().min(10).max(3_600_000).default(3000),
  DEPOSIT_IDLE_SCAN_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  DEPOSIT_MIN_TRX: money.default('1').transform(toMicro),
  DEPOSIT_MIN_USDT: money.default('1').transform(toMicro),
  WITHDRAWAL_POLL_MS: z.coerce.number().int().min(10).max(3_600_000).default(3000),
  WITHDRAWAL_CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).default(19),
  WITHDRAWAL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(3),
  WITHDRAWAL_USDT_MIN: money.default('10').transform(toMicro),
  WITHDRAWAL_USDT_MAX: money.default('50000').transform(toMicro),
  WITHDRAWAL_USDT_FEE: money.default('1').transform(toMicro),
  WITHDRAWAL_USDT_REVIEW: money.default('2000').transform(toMicro),
  WITHDRAWAL_TRX_MIN: money.default('50').transform(toMicro),
  WITHDRAWAL_TRX_MAX: money.default('500000').transform(toMicro),
  WITHDRAWAL_TRX_FEE: money.default('2').transform(toMicro),
  WITHDRAWAL_TRX_REVIEW: money.default('20000').transform(toMicro),
  // Approving a withdrawal of this much or more takes a second person (CONSOLE.md "Four eyes").
  WITHDRAWAL_FOUR_EYES_USDT: money.default('10000').transform(toMicro),
  // Unset: WITHDRAWAL_FOUR_EYES_USDT at EXCHANGE_TRX_PER_USDT, or every reviewed TRX withdrawal while the exchange is closed.
  WITHDRAWAL_FOUR_EYES_TRX: money.transform(toMicro).optional(),
  WITHDRAWAL_DAILY_COUNT: z.coerce.number().int().min(0).max(100_000).default(10),
  EXCHANGE_TRX_PER_USDT: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,12})?$/, 'a decimal rate, e.g. 3.456')
    .refine((v) => /[1-9]/.test(v), 'must be above zero')
    .optional(),
  EXCHANGE_SPREAD_BPS: z.coerce.number().int().min(0).max(5000).default(100),
  EXCHANGE_USDT_MIN: money.default('1').transform(toMicro),
  EXCHANGE_USDT_MAX: money.default('100000').transform(toMicro),
  /** The most experience gold one operator grant gives (ECONOMY.md "Experience gold"). */
  EXPERIENCE_GOLD_GRANT_MAX_USDT: money.default('100').transform(toMicro),
  BET_ADDRESS_ACTIVATION_TRX: money.default('1').transform(toMicro),
  BET_ADDRESS_ACTIVATION_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 86_400)
    .default(1800),
  FAILPOINTS: z
    .string()
    .regex(/^[a-z_.,]*$/, 'comma-separated failpoint names')
    .optional(),
  /** Tests only (honoured with NODE_ENV=test): the new-address wait set at start, for tests that withdraw to an address typed a moment before. */
  TEST_ADDRESS_WAIT_HOURS: z.coerce.number().int().min(0).max(720).optional(),
  HASH_ENGINE: boolean.default(true),
  HASH_ENGINE_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  HASH_HEAD_MAX_AGE_SECONDS: z.coerce
    .number()
    .int()
    .min(3)
    .max(365 * 86_400)
    .default(6),
  HASH_TRANSFER_POLL_MS: z.coerce.number().int().min(10).max(3_600_000).default(3000),
  HASH_TRANSFER_RESCAN_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  HASH_TRANSFER_REFUND_FEE_USDT: money.default('0').transform(toMicro),
  HASH_TRANSFER_REFUND_FEE_TRX: money.default('0').transform(toMicro),
  HASH_PAYOUT_CONFIRMATIONS: z.coerce.number().int().min(0).max(1000).default(19),
  HASH_PAYOUT_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  HASH_GAME_OVERRIDES: z.string().optional(),
  HASH_EXPLORER_BLOCK_URL: url(['http:', 'https:']).optional(),
  /** The aggregator's Games API; without it the demo aggregator runs in this process and this points at it. */
  HUB88_API_URL: url(['http:', 'https:']).optional(),
  HUB88_OPERATOR_ID: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'letters, digits, _ . - (at most 64)')
    .default('lobby'),
  /** PEM (PKCS#8) RSA key that signs our Games API calls; development: generated into DATA_DIR. */
  HUB88_OPERATOR_PRIVATE_KEY: pem('PRIVATE KEY').optional(),
  /** PEM (SPKI) RSA public key of the aggregator, which verifies every wallet callback; development: the demo aggregator's. */
  HUB88_PUBLIC_KEY: pem('PUBLIC KEY').optional(),
  HUB88_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3,5}$/, 'a currency code in capitals, e.g. USD')
    .default('USD'),
  HUB88_GAME_LIST_REFRESH_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 86_400)
    .default(3600),
  /** Seamless wallet: a game session without a callback or entry for this long takes no more bets. */
  PROVIDER_SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 1440)
    .default(30),
  /** Seamless wallet: a win above this multiple of its round's stakes waits for an operator (held, not credited). */
  PROVIDER_WIN_HOLD_MULTIPLE: z.coerce.number().int().min(1).max(1_000_000).default(5000),
  /** Seamless wallet: a win above this amount waits for an operator, whatever its stakes. */
  PROVIDER_WIN_HOLD_CAP_USDT: money.default('100000').transform(toMicro),
  PROVIDER_WIN_HOLD_CAP_TRX: money.default('1000000').transform(toMicro),
  /** The in-process demo aggregator (only without HUB88_API_URL): its port (0 = any free one) and the origin browsers reach it at. */
  DEMO_AGGREGATOR_PORT: z.coerce.number().int().min(0).max(65535).default(8091),
  DEMO_AGGREGATOR_PUBLIC_URL: url(['http:', 'https:']).optional(),
});

export type Config = z.infer<typeof schema> & { devOutbox: boolean };

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Configuration error:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const relevant = Object.fromEntries(
    Object.keys(schema.shape)
      .filter((key) => env[key] !== undefined && env[key] !== '')
      .map((key) => [key, env[key]]),
  );
  const parsed = schema.safeParse(relevant);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const key = String(issue.path[0]);
        const shown = SECRET_KEYS.has(key) ? '(hidden)' : JSON.stringify(relevant[key]);
        return `${key}: ${issue.message} (got ${shown})`;
      }),
    );
  }
  const config = parsed.data;
  const problems: string[] = [];
  // A shared operator token would now be ignored without a word: say what replaced it.
  if (env.OPS_TOKEN) {
    problems.push(
      'OPS_TOKEN: the shared operator token is gone; staff sign in to the console, and automation uses an API key (npm run console -- create-api-key)',
    );
  }
  if (config.NODE_ENV === 'production' && config.DEV_OUTBOX) {
    problems.push('DEV_OUTBOX: the development outbox cannot be enabled in production');
  }
  if (config.NODE_ENV === 'production' && !config.SMTP_URL) {
    problems.push('SMTP_URL: required in production, verification e-mails must reach players');
  }
  if (config.NODE_ENV === 'production' && config.TRON_API_URL && !(config.HOT_WALLET_PRIVATE_KEY && config.DEPOSIT_XPUB)) {
    problems.push('HOT_WALLET_PRIVATE_KEY and DEPOSIT_XPUB: both required in production with TRON_API_URL');
  }
  if (config.NODE_ENV === 'production' && !config.TWO_FACTOR_SECRET_KEY) {
    problems.push("TWO_FACTOR_SECRET_KEY: required in production, it seals the players' two-factor secrets (64 hex characters)");
  }
  if (config.NODE_ENV === 'production' && !config.TRON_API_URL) {
    problems.push('TRON_API_URL: required in production (the devnet is for development only)');
  }
  if (config.HUB88_API_URL && !(config.HUB88_OPERATOR_PRIVATE_KEY && config.HUB88_PUBLIC_KEY)) {
    problems.push("HUB88_OPERATOR_PRIVATE_KEY and HUB88_PUBLIC_KEY: both required with HUB88_API_URL (our signing key and the aggregator's public key)");
  }
  if (Boolean(config.CHATWOOT_BASE_URL) !== Boolean(config.CHATWOOT_WEBSITE_TOKEN) || (config.CHATWOOT_HMAC_TOKEN && !config.CHATWOOT_BASE_URL)) {
    problems.push('CHATWOOT_BASE_URL and CHATWOOT_WEBSITE_TOKEN: set both (CHATWOOT_HMAC_TOKEN only with them) to load the Chatwoot widget');
  }
  if (config.TREASURY_ENERGY_STRATEGY === 'delegate' && !config.TREASURY_RESOURCE_KEY) {
    problems.push('TREASURY_RESOURCE_KEY: required with TREASURY_ENERGY_STRATEGY=delegate (the account whose staked energy is delegated)');
  }
  if (Boolean(config.TREASURY_SIGNER_URL) !== Boolean(config.TREASURY_SIGNER_KEY)) {
    problems.push('TREASURY_SIGNER_URL and TREASURY_SIGNER_KEY: set both to sign sweeps through the signer');
  }
  for (const currency of ['USDT', 'TRX'] as const) {
    if (config[`TREASURY_HOT_FLOOR_${currency}`] > config[`TREASURY_HOT_TARGET_${currency}`]) {
      problems.push(`TREASURY_HOT_FLOOR_${currency}: must not exceed TREASURY_HOT_TARGET_${currency}`);
    }
  }
  if (config.HTTP_HEADERS_TIMEOUT_MS > config.HTTP_REQUEST_TIMEOUT_MS) {
    problems.push('HTTP_HEADERS_TIMEOUT_MS: must not exceed HTTP_REQUEST_TIMEOUT_MS, the headers are part of the request');
  }
  if (problems.length) throw new ConfigError(problems);
  return { ...config, devOutbox: config.DEV_OUTBOX ?? (!config.SMTP_URL && config.NODE_ENV !== 'production') };
}

const SECRET_KEYS = new Set([
  'TWO_FACTOR_SECRET_KEY',
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'TRON_API_KEY',
  'HOT_WALLET_PRIVATE_KEY',
  'TREASURY_RESOURCE_KEY',
  'TREASURY_SIGNER_KEY',
  'HUB88_OPERATOR_PRIVATE_KEY',
  'CHATWOOT_HMAC_TOKEN',
]);
