// TRON addresses: 0x41 followed by the last 20 bytes of keccak256(uncompressed public key without
// its 0x04 prefix), shown to people as base58check (34 characters starting with "T").
import { createBase58check } from '@scure/base';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

export const TRON_ADDRESS_PREFIX = 0x41;
/** Length of an address in bytes, prefix included. */
export const TRON_ADDRESS_BYTES = 21;

const base58check = createBase58check(sha256);
const HEX_ADDRESS = /^41[0-9a-fA-F]{40}$/;

export class InvalidAddressError extends Error {
  constructor(input: unknown) {
    super(`invalid TRON address: ${typeof input === 'string' ? JSON.stringify(input.slice(0, 80)) : typeof input}`);
    this.name = 'InvalidAddressError';
  }
}

/** 21 address bytes (prefix included) to base58check. */
export function addressBytesToBase58(bytes: Uint8Array): string {
  if (bytes.length !== TRON_ADDRESS_BYTES || bytes[0] !== TRON_ADDRESS_PREFIX) throw new InvalidAddressError(bytesToHex(bytes));
  return base58check.encode(bytes);
}

/** `41...` (42 hex characters, any case) to base58check. */
export function hexToBase58(hex: string): string {
  return addressBytesToBase58(hexAddressToBytes(hex));
}

/** Base58check to lowercase `41...` hex. Throws InvalidAddressError on a bad checksum, length or prefix. */
export function base58ToHex(address: string): string {
  return bytesToHex(base58AddressToBytes(address));
}

function hexAddressToBytes(hex: string): Uint8Array {
  if (typeof hex !== 'string' || !HEX_ADDRESS.test(hex)) throw new InvalidAddressError(hex);
  return hexToBytes(hex.toLowerCase());
}

function base58AddressToBytes(address: string): Uint8Array {
  if (typeof address !== 'string' || address.length !== 34) throw new InvalidAddressError(address);
  let bytes: Uint8Array;
  try {
    bytes = base58check.decode(address);
  } catch {
    throw new InvalidAddressError(address);
  }
  if (bytes.length !== TRON_ADDRESS_BYTES || bytes[0] !== TRON_ADDRESS_PREFIX) throw new InvalidAddressError(address);
  return bytes;
}

/**
 * Either form (base58check, or 42 hex characters starting with 41) to the 21 address bytes.
 * Node APIs answer in either form depending on `visible`, so everything that reads them goes through here.
 */
export function addressToBytes(address: string): Uint8Array {
  if (typeof address === 'string' && address.length === 42) return hexAddressToBytes(address);
  return base58AddressToBytes(address);
}

/** Either form to lowercase `41...` hex: the canonical key for maps and comparisons. */
export function toHexAddress(address: string): string {
  return bytesToHex(addressToBytes(address));
}

/** Either form to base58check. */
export function toBase58Address(address: string): string {
  return addressBytesToBase58(addressToBytes(address));
}

/** Same acceptance as TronWeb.isAddress: a base58check address, or 42 hex characters starting with 41. */
export function isValidTronAddress(s: unknown): s is string {
  if (typeof s !== 'string') return false;
  try {
    addressToBytes(s);
    return true;
  } catch {
    return false;
  }
}

/** Only the base58check form: what a person may type as a withdrawal or bet address. */
export function isValidBase58Address(s: unknown): s is string {
  if (typeof s !== 'string') return false;
  try {
    base58AddressToBytes(s);
    return true;
  } catch {
    return false;
  }
}

/** Address bytes of a secp256k1 public key given compressed (33), uncompressed (65) or raw x||y (64 bytes). */
export function publicKeyToAddressBytes(publicKey: Uint8Array): Uint8Array {
  let xy: Uint8Array;
  if (publicKey.length === 64) {
    xy = publicKey;
  } else {
    // Round-tripping through a point rejects keys that are not on the curve.
    xy = secp256k1.Point.fromBytes(publicKey).toBytes(false).subarray(1);
  }
  const out = new Uint8Array(TRON_ADDRESS_BYTES);
  out[0] = TRON_ADDRESS_PREFIX;
  out.set(keccak_256(xy).subarray(12), 1);
  return out;
}

/** Base58check address of a secp256k1 public key. */
export function publicKeyToAddress(publicKey: Uint8Array | string): string {
  const bytes = typeof publicKey === 'string' ? hexToBytes(publicKey.replace(/^0x/, '')) : publicKey;
  return addressBytesToBase58(publicKeyToAddressBytes(bytes));
}

/** Parses a 32-byte private key in hex (optional 0x), rejecting zero and values not below the curve order. */
export function parsePrivateKey(privateKeyHex: string): Uint8Array {
  if (typeof privateKeyHex !== 'string' || !/^(0x)?[0-9a-fA-F]{64}$/.test(privateKeyHex)) {
    throw new Error('private key must be 64 hex characters');
  }
  const key = hexToBytes(privateKeyHex.replace(/^0x/, '').toLowerCase());
  if (!secp256k1.utils.isValidSecretKey(key)) throw new Error('private key is out of range for secp256k1');
  return key;
}

/** Base58check address controlled by a private key. */
export function privateKeyToAddress(privateKeyHex: string): string {
  return publicKeyToAddress(secp256k1.getPublicKey(parsePrivateKey(privateKeyHex), false));
}
