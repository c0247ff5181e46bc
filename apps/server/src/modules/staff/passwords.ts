import { readFileSync } from 'node:fs';
import { hash, verify } from '@node-rs/argon2';
import { STAFF_PASSWORD_MIN_LENGTH } from '@lobby/contract';
import { fail } from '../../http/app-error.ts';

/** argon2id with OWASP's second recommended profile (19 MiB, 2 passes), as for players. */
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * The most common passwords of public breach lists, lower-cased, with the long ones people pick to get
 * past a length rule ("password1234", keyboard rows).
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean),
);

/**
 * Why a staff password is refused, or null when it is good enough: shorter than 12 characters, a
 * common password, a common password with digits or symbols stuck on ("sunshine2026!"), or the login.
 */
export function weakPasswordReason(password: string, login: string): string | null {
  if ([...password].length < STAFF_PASSWORD_MIN_LENGTH) return `shorter than ${STAFF_PASSWORD_MIN_LENGTH} characters`;
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return 'a common password';
  const stem = lower.replace(/[\d\W_]+$/u, '');
  if (stem !== lower && COMMON_PASSWORDS.has(stem)) return 'a common password with digits or symbols added';
  if (lower.includes(login.toLowerCase())) return 'contains the login';
  return null;
}

/** 10060 when the password is too weak for a staff account. */
export function refuseWeakPassword(password: string, login: string): void {
  const reason = weakPasswordReason(password, login);
  if (reason) throw fail('PASSWORD_TOO_WEAK', reason);
}

export function hashStaffPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

/** A hash of nothing anyone types: an unknown login costs the same time as a wrong password. */
const UNKNOWN_LOGIN_HASH = hash('\u0000unknown login\u0000', ARGON2);

export async function verifyStaffPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(await UNKNOWN_LOGIN_HASH, password);
    return false;
  }
  return verify(passwordHash, password);
}
