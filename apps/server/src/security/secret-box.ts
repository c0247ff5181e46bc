import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { type Config, ConfigError } from '../config.ts';

/**
 * Secrets kept in the database encrypted (AES-256-GCM), with a key that lives outside it: whoever reads
 * a dump or a backup does not get the players' authenticator secrets. The key comes from configuration
 * (TWO_FACTOR_SECRET_KEY); in development, without one, it is made once and kept in DATA_DIR (never in
 * the repository), and with DATA_DIR=memory it lives as long as the process.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

const VERSION = 'v1';

/** Whether a stored value was sealed by a SecretBox (a plain authenticator secret, base32, never holds a colon). */
export function isSealed(stored: string): boolean {
  return stored.startsWith(`${VERSION}:`);
}

export function secretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the secret key must be 32 bytes');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(':');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split(':');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

let memoryKey: Buffer | undefined;

/** The key two-factor secrets are sealed with, as the configuration gives it (see SecretBox). */
export function twoFactorKey(config: Pick<Config, 'TWO_FACTOR_SECRET_KEY' | 'DATA_DIR' | 'NODE_ENV'>): Buffer {
  if (config.TWO_FACTOR_SECRET_KEY) return Buffer.from(config.TWO_FACTOR_SECRET_KEY, 'hex');
  if (config.NODE_ENV === 'production') throw new ConfigError(['TWO_FACTOR_SECRET_KEY: required in production (64 hex characters)']);
  if (config.DATA_DIR === 'memory') return (memoryKey ??= randomBytes(32));
  const file = resolve(join(config.DATA_DIR, 'two-factor.key'));
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  mkdirSync(dirname(file), { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('hex'), { mode: 0o600 });
  chmodSync(file, 0o600);
  return key;
}
