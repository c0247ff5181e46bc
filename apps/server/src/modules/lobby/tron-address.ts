import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { createBase58check } from '@scure/base';

const base58check = createBase58check(sha256);
const TRON_PREFIX = 0x41;

/**
 * A TRON address (0x41 + 20 bytes, base58check) derived from a text seed: the same seed always gives
 * the same address, so every instance and every fresh database agree on the catalogue's addresses.
 */
export function tronAddressFromSeed(seed: string): string {
  const digest = sha256(utf8ToBytes(seed));
  const bytes = new Uint8Array(21);
  bytes[0] = TRON_PREFIX;
  bytes.set(digest.subarray(0, 20), 1);
  return base58check.encode(bytes);
}

/** True for a well-formed base58check TRON address: right checksum, 21 bytes, 0x41 prefix. */
export function isTronAddress(value: string): boolean {
  if (value.length !== 34 || value[0] !== 'T') return false;
  try {
    const bytes = base58check.decode(value);
    return bytes.length === 21 && bytes[0] === TRON_PREFIX;
  } catch {
    return false;
  }
}
