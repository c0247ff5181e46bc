import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateRsaKeyPair, loadOrCreateRsaKeyPair, signBody, verifyBody } from './signature.ts';
import { TEST_AGGREGATOR_PRIVATE_KEY_PEM, TEST_AGGREGATOR_PUBLIC_KEY_PEM } from './test-key-pair.ts';
import { aggregatorUserId, playerIdFromAggregatorUser } from './user-id.ts';

// A body with multi-byte UTF-8 (two-, three- and four-byte sequences) and its signature, computed once
// with the fixed test key and pasted here: signing must cover these exact bytes.
const BODY = '{"user":"p000042","note":"Zoë — 日本 🎰","amount":100000}';
const EXPECTED_SIGNATURE =
  'T+cYDtl1plaNdhiVknRkX+jU8gGuu1vrsGxeIFTAKl8AHeezAPbpYhzi3LWGHXXnS1q8XXWDz8uoCRt8Q0ErFF+eMRlU8xgA1VsVIx8EDQoU6H4oo+B4lpRkZHoiA2SiMZiXMSgOVcPos4OOtwrRj2LggLTzqvROzRMOPtJay8NIhl1aHc9K18W1AOz7txDkt/zwEcimi7JaVQzGLcE6IS9L5Feep5yItmspXAK5lrEtIp5pU49srrLfN9AtIwaYhyQFJY7qIocXy0AyVrsfoRL9UVLfMTPbkJPWywZPlQDJtPXjcDpt4bIY5VhmxpzoPS9wOJAWM4Uxndf7IPaZVw==';

describe('Hub88 body signature (X-Hub88-Signature)', () => {
  it('signs the UTF-8 bytes of a body to the pinned RSA-SHA256 PKCS#1 v1.5 vector', () => {
    expect(Buffer.byteLength(BODY, 'utf8')).toBeGreaterThan(BODY.length);
    expect(signBody(BODY, TEST_AGGREGATOR_PRIVATE_KEY_PEM)).toBe(EXPECTED_SIGNATURE);
    expect(signBody(Buffer.from(BODY, 'utf8'), TEST_AGGREGATOR_PRIVATE_KEY_PEM)).toBe(EXPECTED_SIGNATURE);
  });

  it('verifies the pinned vector over the raw bytes, as a string or a Buffer', () => {
    expect(verifyBody(Buffer.from(BODY, 'utf8'), EXPECTED_SIGNATURE, TEST_AGGREGATOR_PUBLIC_KEY_PEM)).toBe(true);
    expect(verifyBody(BODY, EXPECTED_SIGNATURE, TEST_AGGREGATOR_PUBLIC_KEY_PEM)).toBe(true);
  });

  it('refuses the same text re-encoded in other bytes (Latin-1) and a re-serialised body', () => {
    expect(verifyBody(Buffer.from(BODY, 'latin1'), EXPECTED_SIGNATURE, TEST_AGGREGATOR_PUBLIC_KEY_PEM)).toBe(false);
    const reserialised = JSON.stringify(JSON.parse(BODY), null, 1);
    expect(verifyBody(reserialised, EXPECTED_SIGNATURE, TEST_AGGREGATOR_PUBLIC_KEY_PEM)).toBe(false);
  });

  it('refuses a body with one byte changed', () => {
    const bytes = Buffer.from(BODY, 'utf8');
    bytes[bytes.length - 2] ^= 1;
    expect(verifyBody(bytes, EXPECTED_SIGNATURE, TEST_AGGREGATOR_PUBLIC_KEY_PEM)).toBe(false);
  });

  it('refuses a missing, empty, non-base64 or truncated signature without throwing', () => {
    for (const bad of [undefined, '', 'not base64!', EXPECTED_SIGNATURE.slice(0, 40)]) {
      expect(verifyBody(BODY, bad, TEST_AGGREGATOR_PUBLIC_KEY_PEM)).toBe(false);
    }
  });

  it('refuses a signature made with another key', () => {
    const other = generateRsaKeyPair();
    expect(verifyBody(BODY, signBody(BODY, other.privateKeyPem), TEST_AGGREGATOR_PUBLIC_KEY_PEM)).toBe(false);
    expect(verifyBody(BODY, signBody(BODY, other.privateKeyPem), other.publicKeyPem)).toBe(true);
  });

  it('generates 2048-bit PKCS#8 / SPKI PEM key pairs', () => {
    const pair = generateRsaKeyPair();
    expect(pair.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(pair.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(Buffer.from(signBody('x', pair.privateKeyPem), 'base64').length).toBe(256);
  });

  it('keeps a key pair in a 0600 JSON file and loads the same pair again', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'hub88-keys-')), 'nested', 'keys.json');
    const first = loadOrCreateRsaKeyPair(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(first);
    expect(loadOrCreateRsaKeyPair(file)).toEqual(first);
  });
});

describe('aggregator user id', () => {
  it('is p and the player id padded to six digits', () => {
    expect(aggregatorUserId(42)).toBe('p000042');
    expect(aggregatorUserId(1234567)).toBe('p1234567');
  });

  it('reads back only the canonical spelling of one of our players', () => {
    expect(playerIdFromAggregatorUser('p000042')).toBe(42);
    expect(playerIdFromAggregatorUser('p1234567')).toBe(1234567);
    expect(playerIdFromAggregatorUser('p2147483647')).toBe(2147483647);
    for (const bad of ['p0000042', 'p42', '000042', 'P000042', 'p000000', 'p00004a', 'p2147483648', 'p99999999999', 42, null, undefined]) {
      expect(playerIdFromAggregatorUser(bad)).toBeNull();
    }
  });
});
