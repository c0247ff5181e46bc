// The signer's own configuration, read from its own environment (never the API server's). Every
// problem is reported at once, one line per variable; secret values are never echoed, and the
// secrets are kept off the configuration object's enumerable properties so that printing or
// serialising it cannot leak them.
import { HARDENED_OFFSET, HDKey } from '@scure/bip32';
import { mnemonicToSeedSync, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english';
import { isValidTronAddress, toBase58Address } from '../chain/address.ts';
import { TRON_ACCOUNT_PATH } from '../chain/hd.ts';

export const DEFAULT_SIGNER_HOST = '127.0.0.1';
export const DEFAULT_SIGNER_PORT = 8095;
export const DEFAULT_SIGNER_LOG = './data/signer-log.jsonl';
/** 100 TRX: above what a USDT transfer to a new holder burns at today's energy price, with room for the dynamic energy factor. */
export const DEFAULT_MAX_FEE_LIMIT_SUN = 100_000_000n;
export const DEFAULT_MAX_EXPIRATION_HOURS = 6;
/** java-tron refuses an expiration more than 24 hours after the reference block. */
const MAX_EXPIRATION_HOURS_CEILING = 24;
const MIN_SHARED_KEY_BYTES = 32;

export interface SignerConfig {
  host: string;
  port: number;
  /** Base58 treasury addresses (hot wallet, cold addresses) a sweep may pay to. */
  allowedDestinations: string[];
  /** Base58 address of the USDT (TRC20) contract a token sweep must call. */
  usdtContract: string;
  /** Largest fee_limit a sweep may carry, in sun. */
  maxFeeLimitSun: bigint;
  /** How far past the signer's clock a sweep's expiration may lie. */
  maxExpirationMs: number;
  /** Append-only JSON-lines log of every signature and refusal; replay nonces live beside it in `<log>.nonces`. */
  logPath: string;
  /** Secret (not enumerable): extended private key of m/44'/195'/0'. */
  readonly accountXprv: string;
  /** Secret (not enumerable): HMAC key of the channel with the API server. */
  readonly sharedKey: Uint8Array;
}

export class SignerConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Signer configuration error:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'SignerConfigError';
  }
}

/** The xprv of m/44'/195'/0' from a BIP39 mnemonic (English word list) and optional passphrase. */
export function accountXprvFromMnemonic(mnemonic: string, passphrase = ''): string {
  const words = mnemonic.trim().split(/\s+/).join(' ');
  if (!validateMnemonic(words, wordlist)) throw new Error('not a valid BIP39 mnemonic (English words, checksum)');
  return HDKey.fromMasterSeed(mnemonicToSeedSync(words, passphrase)).derive(TRON_ACCOUNT_PATH).privateExtendedKey;
}

/** Checks that an extended key is the private key of an account node m/x'/y'/0' (depth 3, hardened index 0). */
export function checkAccountXprv(xprv: string): HDKey {
  let key: HDKey;
  try {
    key = HDKey.fromExtendedKey(xprv.trim());
  } catch {
    throw new Error('not a valid extended key');
  }
  if (!key.privateKey) throw new Error('an extended PUBLIC key was given; the signer needs the extended private key (xprv)');
  if (key.depth !== 3 || key.index !== HARDENED_OFFSET) {
    throw new Error(`expected the extended private key of ${TRON_ACCOUNT_PATH} (depth 3, index 0'), got depth ${key.depth}`);
  }
  return key;
}

function addressList(value: string | undefined, name: string, problems: string[]): string[] {
  const list = [
    ...new Set(
      (value ?? '')
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    ),
  ];
  if (list.length === 0) {
    problems.push(`${name}: required, the treasury addresses (hot wallet, cold addresses) sweeps may pay to, comma-separated`);
    return [];
  }
  const bad = list.filter((a) => !isValidTronAddress(a));
  if (bad.length) {
    problems.push(`${name}: not TRON addresses: ${bad.map((a) => JSON.stringify(String(a).slice(0, 50))).join(', ')}`);
    return [];
  }
  return [...new Set(list.map(toBase58Address))];
}

function readAccountKey(env: Record<string, string | undefined>, problems: string[]): string {
  const xprv = env.SIGNER_XPRV?.trim();
  const mnemonic = env.SIGNER_MNEMONIC?.trim();
  if (xprv && mnemonic) {
    problems.push('SIGNER_XPRV and SIGNER_MNEMONIC: set only one of them');
  } else if (xprv) {
    try {
      return checkAccountXprv(xprv).privateExtendedKey;
    } catch (e) {
      problems.push(`SIGNER_XPRV: ${(e as Error).message} (value hidden)`);
    }
  } else if (mnemonic) {
    try {
      return accountXprvFromMnemonic(mnemonic, env.SIGNER_MNEMONIC_PASSPHRASE ?? '');
    } catch (e) {
      problems.push(`SIGNER_MNEMONIC: ${(e as Error).message} (value hidden)`);
    }
  } else {
    problems.push(`SIGNER_XPRV or SIGNER_MNEMONIC: required, the extended private key of ${TRON_ACCOUNT_PATH} or the wallet's BIP39 mnemonic`);
  }
  return '';
}

/** Only the key (for the commands that derive addresses): the xprv of m/44'/195'/0'. */
export function loadSignerAccountKey(env: Record<string, string | undefined> = process.env): string {
  const problems: string[] = [];
  const xprv = readAccountKey(env, problems);
  if (problems.length) throw new SignerConfigError(problems);
  return xprv;
}

export function loadSignerConfig(env: Record<string, string | undefined> = process.env): SignerConfig {
  const problems: string[] = [];
  const get = (name: string): string | undefined => {
    const value = env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  };

  const accountXprv = readAccountKey(env, problems);

  const allowedDestinations = addressList(get('SIGNER_ALLOWED_DESTINATIONS'), 'SIGNER_ALLOWED_DESTINATIONS', problems);

  let usdtContract = '';
  const usdt = get('SIGNER_USDT_CONTRACT');
  if (!usdt) problems.push('SIGNER_USDT_CONTRACT: required, the address of the USDT contract token sweeps call');
  else if (!isValidTronAddress(usdt)) problems.push(`SIGNER_USDT_CONTRACT: not a TRON address (got ${JSON.stringify(String(usdt).slice(0, 50))})`);
  else usdtContract = toBase58Address(usdt);
  if (usdtContract && allowedDestinations.includes(usdtContract)) {
    problems.push('SIGNER_ALLOWED_DESTINATIONS: must not contain the USDT contract');
  }

  let sharedKey = new Uint8Array(0);
  const shared = get('SIGNER_SHARED_KEY');
  if (!shared) problems.push(`SIGNER_SHARED_KEY: required, at least ${MIN_SHARED_KEY_BYTES} random bytes in hex (openssl rand -hex 32)`);
  else if (!/^([0-9a-fA-F]{2})+$/.test(shared) || shared.length < MIN_SHARED_KEY_BYTES * 2) {
    problems.push(`SIGNER_SHARED_KEY: must be hex of at least ${MIN_SHARED_KEY_BYTES} bytes (value hidden)`);
  } else sharedKey = Uint8Array.from(Buffer.from(shared, 'hex'));

  const host = get('SIGNER_HOST') ?? DEFAULT_SIGNER_HOST;
  const portText = get('SIGNER_PORT');
  const port = portText === undefined ? DEFAULT_SIGNER_PORT : Number(portText);
  if (!/^\d{1,5}$/.test(portText ?? '0') || port > 65535) problems.push(`SIGNER_PORT: must be 0..65535 (got ${JSON.stringify(portText)})`);

  let maxFeeLimitSun = DEFAULT_MAX_FEE_LIMIT_SUN;
  const fee = get('SIGNER_MAX_FEE_LIMIT_SUN');
  if (fee !== undefined) {
    if (!/^\d{1,18}$/.test(fee)) problems.push(`SIGNER_MAX_FEE_LIMIT_SUN: a whole number of sun, e.g. 100000000 for 100 TRX (got ${JSON.stringify(fee)})`);
    else maxFeeLimitSun = BigInt(fee);
  }

  let maxExpirationHours = DEFAULT_MAX_EXPIRATION_HOURS;
  const hours = get('SIGNER_MAX_EXPIRATION_HOURS');
  if (hours !== undefined) {
    maxExpirationHours = Number(hours);
    if (!/^\d+(\.\d+)?$/.test(hours) || maxExpirationHours <= 0 || maxExpirationHours > MAX_EXPIRATION_HOURS_CEILING) {
      problems.push(`SIGNER_MAX_EXPIRATION_HOURS: hours above 0 and at most ${MAX_EXPIRATION_HOURS_CEILING} (got ${JSON.stringify(hours)})`);
    }
  }

  const logPath = get('SIGNER_LOG') ?? DEFAULT_SIGNER_LOG;

  if (problems.length) throw new SignerConfigError(problems);
  const config = {
    host,
    port,
    allowedDestinations,
    usdtContract,
    maxFeeLimitSun,
    maxExpirationMs: Math.round(maxExpirationHours * 3_600_000),
    logPath,
  } as SignerConfig;
  Object.defineProperty(config, 'accountXprv', { value: accountXprv, enumerable: false });
  Object.defineProperty(config, 'sharedKey', { value: sharedKey, enumerable: false });
  return config;
}
