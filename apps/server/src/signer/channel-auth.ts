// The authenticated channel between the API server and the signer: HMAC-SHA256 with a shared key.
//
// A request carries X-Signer-Timestamp (ms since the epoch), X-Signer-Nonce (16+ random bytes, hex)
// and X-Signer-Signature = HMAC(key, "lobby-signer/1 request" LF method LF path LF timestamp LF nonce
// LF sha256(body)). The signer refuses a missing or wrong signature, a timestamp more than 60 s
// from its clock, and a nonce it has seen within the window.
//
// A response carries X-Signer-Timestamp and X-Signer-Signature = HMAC(key, "lobby-signer/1 response"
// LF status LF method LF path LF request nonce LF timestamp LF sha256(body)): bound to the request's
// fresh nonce, so an old answer cannot be passed off for a new question. The two labels keep a
// request signature from ever being valid as a response signature and the other way round.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const HEADER_TIMESTAMP = 'x-signer-timestamp';
export const HEADER_NONCE = 'x-signer-nonce';
export const HEADER_SIGNATURE = 'x-signer-signature';
/** How far a request's timestamp may be from the signer's clock. */
export const CLOCK_WINDOW_MS = 60_000;
const NONCE = /^[0-9a-f]{32,128}$/;
const SIGNATURE = /^[0-9a-f]{64}$/;

export function sha256Hex(body: Uint8Array | string): string {
  return createHash('sha256').update(body).digest('hex');
}

function mac(key: Uint8Array, lines: string[]): string {
  return createHmac('sha256', key).update(lines.join('\n')).digest('hex');
}

export interface RequestAuth {
  timestamp: string;
  nonce: string;
  signature: string;
}

export function newNonce(): string {
  return randomBytes(16).toString('hex');
}

export function requestSignature(key: Uint8Array, method: string, path: string, timestamp: string, nonce: string, body: Uint8Array | string): string {
  return mac(key, ['lobby-signer/1 request', method.toUpperCase(), path, timestamp, nonce, sha256Hex(body)]);
}

export function responseSignature(
  key: Uint8Array,
  status: number,
  method: string,
  path: string,
  requestNonce: string,
  timestamp: string,
  body: Uint8Array | string,
): string {
  return mac(key, ['lobby-signer/1 response', String(status), method.toUpperCase(), path, requestNonce, timestamp, sha256Hex(body)]);
}

/** Headers for a request the client is about to send. */
export function signRequest(key: Uint8Array, method: string, path: string, body: Uint8Array | string, now = Date.now()): Record<string, string> {
  const timestamp = String(now);
  const nonce = newNonce();
  return {
    [HEADER_TIMESTAMP]: timestamp,
    [HEADER_NONCE]: nonce,
    [HEADER_SIGNATURE]: requestSignature(key, method, path, timestamp, nonce, body),
  };
}

/** Constant-time comparison of two hex MACs (lengths are public: both are 64 characters when well formed). */
export function macEquals(expected: string, given: string | undefined | null): boolean {
  if (typeof given !== 'string' || !SIGNATURE.test(given)) return false;
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(given, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export type RequestCheck = { ok: true; nonce: string; timestamp: number } | { ok: false; reason: string };

/** Checks a request's signature and timestamp (the nonce's freshness is the caller's store). */
export function checkRequest(
  key: Uint8Array,
  method: string,
  path: string,
  headers: Record<string, string | string[] | undefined>,
  body: Uint8Array,
  now = Date.now(),
): RequestCheck {
  const one = (name: string): string | undefined => {
    const v = headers[name];
    return Array.isArray(v) ? undefined : v;
  };
  const timestamp = one(HEADER_TIMESTAMP);
  const nonce = one(HEADER_NONCE);
  const signature = one(HEADER_SIGNATURE);
  if (!timestamp || !nonce || !signature) return { ok: false, reason: 'missing signature headers' };
  if (!/^\d{1,15}$/.test(timestamp) || !NONCE.test(nonce)) return { ok: false, reason: 'malformed signature headers' };
  if (!macEquals(requestSignature(key, method, path, timestamp, nonce, body), signature)) return { ok: false, reason: 'bad signature' };
  const t = Number(timestamp);
  if (Math.abs(t - now) > CLOCK_WINDOW_MS) return { ok: false, reason: 'timestamp outside the window' };
  return { ok: true, nonce, timestamp: t };
}
