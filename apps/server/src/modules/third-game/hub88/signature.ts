import { createPublicKey, createSign, createVerify, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** The header that carries the signature of a Hub88 request or callback body. */
export const SIGNATURE_HEADER = 'X-Hub88-Signature';

export interface RsaKeyPair {
  privateKeyPem: string;
  publicKeyPem: string;
}

function bytesOf(body: string | Buffer): Buffer {
  return typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
}

/** Base64 RSA-SHA256 (PKCS#1 v1.5) signature over the exact bytes of a body (a string is taken as UTF-8). */
export function signBody(body: string | Buffer, privateKeyPem: string): string {
  const signer = createSign('RSA-SHA256');
  signer.update(bytesOf(body));
  signer.end();
  return signer.sign(privateKeyPem, 'base64');
}

/** Whether `signature` (base64) is a valid RSA-SHA256 signature of these exact bytes; a missing or malformed signature is not. */
export function verifyBody(body: string | Buffer, signature: string | undefined, publicKeyPem: string): boolean {
  if (typeof signature !== 'string' || signature.length === 0) return false;
  const trimmed = signature.trim();
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(trimmed)) return false;
  try {
    const verifier = createVerify('RSA-SHA256');
    verifier.update(bytesOf(body));
    verifier.end();
    return verifier.verify(publicKey(publicKeyPem), Buffer.from(trimmed, 'base64'));
  } catch {
    return false;
  }
}

const publicKeys = new Map<string, KeyObject>();

/** The parsed key of a PEM: every callback is verified, and parsing the PEM each time costs more than verifying. */
function publicKey(pem: string): KeyObject {
  let key = publicKeys.get(pem);
  if (!key) {
    key = createPublicKey(pem);
    if (publicKeys.size > 16) publicKeys.clear();
    publicKeys.set(pem, key);
  }
  return key;
}

/** A fresh 2048-bit RSA key pair: private key as PKCS#8 PEM, public key as SPKI PEM. */
export function generateRsaKeyPair(): RsaKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { privateKeyPem: privateKey, publicKeyPem: publicKey };
}

/**
 * The key pair kept in `file` (JSON `{privateKeyPem, publicKeyPem}`, mode 0600), created on first use.
 * The file is written to a temporary name and renamed, so a crash never leaves half a key behind.
 */
export function loadOrCreateRsaKeyPair(file: string): RsaKeyPair {
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<RsaKeyPair>;
    if (typeof stored.privateKeyPem !== 'string' || typeof stored.publicKeyPem !== 'string') {
      throw new Error(`${file} does not hold an RSA key pair`);
    }
    return { privateKeyPem: stored.privateKeyPem, publicKeyPem: stored.publicKeyPem };
  }
  const pair = generateRsaKeyPair();
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(pair, null, 2), { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
  return pair;
}
