import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import fc from 'fast-check';
import { TronWeb } from 'tronweb';
import { describe, expect, it } from 'vitest';
import {
  InvalidAddressError,
  base58ToHex,
  hexToBase58,
  isValidBase58Address,
  isValidTronAddress,
  privateKeyToAddress,
  publicKeyToAddress,
  toBase58Address,
  toHexAddress,
} from './address.ts';

const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const USDT_HEX = '41a614f803b6fd780986a42c78ec9c7f77e6ded13c';

const hexChar = fc.constantFrom(...'0123456789abcdefABCDEF');
const addressBody = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => `41${bytesToHex(b)}`);
const secretKey = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .filter((k) => secp256k1.utils.isValidSecretKey(k))
  .map((k) => bytesToHex(k));

describe('TRON addresses', () => {
  it('convert the USDT contract address between hex and base58check', () => {
    expect(base58ToHex(USDT)).toBe(USDT_HEX);
    expect(hexToBase58(USDT_HEX)).toBe(USDT);
    expect(hexToBase58(USDT_HEX.toUpperCase())).toBe(USDT);
  });

  it('round-trip any 41-prefixed hex through base58check, agreeing with TronWeb both ways', () => {
    fc.assert(
      fc.property(addressBody, (hex) => {
        const b58 = hexToBase58(hex);
        expect(b58).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
        expect(b58).toBe(TronWeb.address.fromHex(hex));
        expect(base58ToHex(b58)).toBe(hex);
        expect(TronWeb.address.toHex(b58)).toBe(hex);
        expect(toHexAddress(b58)).toBe(hex);
        expect(toBase58Address(hex)).toBe(b58);
      }),
      { numRuns: 200 },
    );
  });

  it('accept exactly what TronWeb.isAddress accepts, for valid addresses and for corruptions of them', () => {
    const corrupted = fc
      .tuple(addressBody, fc.nat(), fc.constantFrom(...'123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'))
      .map(([hex, pos, ch]) => {
        const b58 = hexToBase58(hex);
        const i = pos % b58.length;
        return b58.slice(0, i) + ch + b58.slice(i + 1);
      });
    const candidates = fc.oneof(
      addressBody,
      addressBody.map(hexToBase58),
      corrupted,
      fc.string(),
      fc.string({ unit: hexChar, minLength: 40, maxLength: 44 }),
      fc.string({ unit: hexChar, minLength: 40, maxLength: 40 }).map((h) => `41${h}`),
      fc.string({ unit: hexChar, minLength: 40, maxLength: 40 }).map((h) => `0x${h}`),
      fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => `42${bytesToHex(b)}`),
    );
    fc.assert(
      fc.property(candidates, (s) => {
        expect(isValidTronAddress(s)).toBe(TronWeb.isAddress(s));
      }),
      { numRuns: 500 },
    );
  });

  it('reject a base58 string whose checksum does not match', () => {
    const bad = `${USDT.slice(0, -1)}${USDT.endsWith('t') ? 'u' : 't'}`;
    expect(isValidTronAddress(bad)).toBe(false);
    expect(() => base58ToHex(bad)).toThrow(InvalidAddressError);
  });

  it('reject base58check payloads with another prefix (a Bitcoin address is valid base58check but not TRON)', () => {
    expect(isValidTronAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(false);
    expect(isValidTronAddress(`42${USDT_HEX.slice(2)}`)).toBe(false);
  });

  it('accept only the base58 form as user input', () => {
    expect(isValidBase58Address(USDT)).toBe(true);
    expect(isValidBase58Address(USDT_HEX)).toBe(false);
    expect(isValidBase58Address(` ${USDT}`)).toBe(false);
    expect(isValidBase58Address(undefined)).toBe(false);
  });

  it('derive the same address as TronWeb from a private key', () => {
    fc.assert(
      fc.property(secretKey, (key) => {
        expect(privateKeyToAddress(key)).toBe(TronWeb.address.fromPrivateKey(key));
      }),
      { numRuns: 50 },
    );
  });

  it('derive the same address from compressed, uncompressed and raw x||y public keys', () => {
    fc.assert(
      fc.property(secretKey, (key) => {
        const uncompressed = secp256k1.getPublicKey(Buffer.from(key, 'hex'), false);
        const compressed = secp256k1.getPublicKey(Buffer.from(key, 'hex'), true);
        const expected = privateKeyToAddress(key);
        expect(publicKeyToAddress(uncompressed)).toBe(expected);
        expect(publicKeyToAddress(compressed)).toBe(expected);
        expect(publicKeyToAddress(uncompressed.subarray(1))).toBe(expected);
      }),
      { numRuns: 30 },
    );
  });

  it('refuse a public key that is not on the curve and private keys out of range', () => {
    const offCurve = new Uint8Array(33).fill(0xff);
    offCurve[0] = 0x02;
    expect(() => publicKeyToAddress(offCurve)).toThrow();
    expect(() => privateKeyToAddress('00'.repeat(32))).toThrow(/out of range/);
    expect(() => privateKeyToAddress('ff'.repeat(32))).toThrow(/out of range/);
    expect(() => privateKeyToAddress('abc')).toThrow(/64 hex/);
  });
});
