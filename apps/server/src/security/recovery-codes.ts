import { createHash, randomBytes } from 'node:crypto';
import { base32Encode } from './totp.ts';

/** 80 random bits in four groups of four base32 letters: long enough that a sha256 of it is a safe store. */
export function newRecoveryCode(): string {
  return base32Encode(randomBytes(10)).toLowerCase().match(/.{4}/g)!.join('-');
}

/** What is stored of a recovery code: its sha256, read past letter case, spaces and dashes. */
export function recoveryCodeHash(code: string): string {
  return createHash('sha256')
    .update(code.toLowerCase().replace(/[^a-z0-9]/g, ''))
    .digest('hex');
}

/** `count` new codes and the hashes to store. */
export function newRecoveryCodes(count: number): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: count }, newRecoveryCode);
  return { codes, hashes: codes.map(recoveryCodeHash) };
}
