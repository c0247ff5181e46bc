import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, matchTotp, newTotpSecret, otpauthUri, totpCode, totpStepAt } from './totp.ts';

// RFC 6238 appendix B: the SHA-1 seed is the ASCII "12345678901234567890"; its 8-digit codes end in our 6 digits.
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));
const RFC_VECTORS: [seconds: number, code: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it('gives the RFC test vectors', () => {
    for (const [seconds, code] of RFC_VECTORS) {
      expect(totpCode(RFC_SECRET, totpStepAt(seconds * 1000), 8)).toBe(code);
      expect(totpCode(RFC_SECRET, totpStepAt(seconds * 1000))).toBe(code.slice(2));
    }
  });

  it('writes secrets in base32 and reads them back', () => {
    expect(RFC_SECRET).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Encode(base32Decode(secret))).toBe(secret);
    expect(base32Decode('gezd gnbv-gy3t qojq gezd gnbv gy3t qojq').toString()).toBe('12345678901234567890');
  });

  it('accepts the codes of the step before and after, not two steps away', () => {
    const now = 1_800_000_000_000;
    const step = totpStepAt(now);
    const secret = newTotpSecret();
    for (const drift of [-1, 0, 1]) expect(matchTotp(secret, totpCode(secret, step + drift), now, null)).toBe(step + drift);
    for (const drift of [-2, 2]) expect(matchTotp(secret, totpCode(secret, step + drift), now, null)).toBeNull();
  });

  it('refuses a code of a step at or before the last one accepted', () => {
    const now = 1_800_000_000_000;
    const step = totpStepAt(now);
    const secret = newTotpSecret();
    expect(matchTotp(secret, totpCode(secret, step), now, step)).toBeNull();
    expect(matchTotp(secret, totpCode(secret, step - 1), now, step - 1)).toBeNull();
    expect(matchTotp(secret, totpCode(secret, step + 1), now, step)).toBe(step + 1);
  });

  it('refuses what is not six digits', () => {
    const secret = newTotpSecret();
    expect(matchTotp(secret, '12345', Date.now(), null)).toBeNull();
    expect(matchTotp(secret, '12345a', Date.now(), null)).toBeNull();
  });

  it('writes the otpauth URI authenticator apps read from a QR code', () => {
    expect(otpauthUri('Lobby console', 'ann@ops', 'JBSWY3DPEHPK3PXP')).toBe(
      'otpauth://totp/Lobby%20console:ann%40ops?secret=JBSWY3DPEHPK3PXP&issuer=Lobby+console&algorithm=SHA1&digits=6&period=30',
    );
  });
});
