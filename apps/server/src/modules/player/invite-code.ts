import { randomBytes } from 'node:crypto';

/**
 * Letters and digits a player can read out and type without doubt: no 0/O, 1/I, no symbols. 32
 * characters, so every random byte maps to one of them without bias.
 */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random code of `length` characters of the alphabet after `prefix`. */
export function randomCode(length: number, prefix = ''): string {
  const bytes = randomBytes(length);
  let code = prefix;
  for (let i = 0; code.length < length; i++) code += CODE_ALPHABET[bytes[i] % CODE_ALPHABET.length];
  return code;
}

/**
 * A player's own invite code: nine characters, one fewer than an operator's special codes, so the
 * two never meet; 45 random bits keep a clash between players out of reach.
 */
export const newPlayerInviteCode = (): string => randomCode(9);
