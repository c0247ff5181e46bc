import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Time-based one-time passwords as RFC 6238 has them and every authenticator app reads them: HMAC-SHA-1,
 * 30-second steps, 6 digits, secrets in base32 (RFC 4648, no padding).
 */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** A phone's clock a little off, or a code typed as it changes: the step before and after count too. */
export const TOTP_DRIFT_STEPS = 1;
/** 160 bits, the size RFC 4226 recommends for SHA-1 keys. */
const SECRET_BYTES = 20;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=-]/g, '');
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

export function newTotpSecret(): string {
  return base32Encode(randomBytes(SECRET_BYTES));
}

/** The time step a moment (milliseconds since the epoch) falls in. */
export function totpStepAt(ms: number): number {
  return Math.floor(ms / 1000 / TOTP_STEP_SECONDS);
}

/** The code of one time step (RFC 4226 dynamic truncation of HMAC-SHA-1 over the step counter). */
export function totpCode(secret: string, step: number, digits = TOTP_DIGITS): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/**
 * The step whose code `code` is, among the current one and its neighbours, or null when none matches.
 * Steps at or before `afterStep` (the last one accepted) do not count: a code is good once.
 */
export function matchTotp(secret: string, code: string, nowMs: number, afterStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const current = totpStepAt(nowMs);
  const given = Buffer.from(code);
  let matched: number | null = null;
  // Every candidate is compared, in constant time, so the time taken does not tell which one matched.
  for (let step = current - TOTP_DRIFT_STEPS; step <= current + TOTP_DRIFT_STEPS; step++) {
    const equal = timingSafeEqual(Buffer.from(totpCode(secret, step)), given);
    if (equal && (afterStep === null || step > afterStep) && matched === null) matched = step;
  }
  return matched;
}

/** The URI authenticator apps read from a QR code (Google's Key Uri Format). */
export function otpauthUri(issuer: string, account: string, secret: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}
