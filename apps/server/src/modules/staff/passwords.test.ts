import { describe, expect, it } from 'vitest';
import { hashStaffPassword, verifyStaffPassword, weakPasswordReason } from './passwords.ts';

describe('staff passwords', () => {
  it('refuses fewer than 12 characters', () => {
    expect(weakPasswordReason('short pass1', 'ann')).toMatch(/shorter than 12/);
    expect(weakPasswordReason('twelve chars', 'ann')).toBeNull();
  });

  it('refuses common passwords, whatever their case, and common ones with digits or symbols added', () => {
    expect(weakPasswordReason('Password1234', 'ann')).toMatch(/common/);
    expect(weakPasswordReason('QWERTYUIOPASDF', 'ann')).toMatch(/common/);
    expect(weakPasswordReason('sunshine2026!!', 'ann')).toMatch(/common/);
    expect(weakPasswordReason('1qaz2wsx3edc', 'ann')).toMatch(/common/);
  });

  it('refuses a password that contains the login', () => {
    expect(weakPasswordReason('the-ann.ops-is-here', 'ann.ops')).toMatch(/login/);
  });

  it('hashes with argon2id and verifies; an account without a password verifies nothing', async () => {
    const hash = await hashStaffPassword('violet kettle harbour 42');
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyStaffPassword(hash, 'violet kettle harbour 42')).toBe(true);
    expect(await verifyStaffPassword(hash, 'violet kettle harbour 43')).toBe(false);
    expect(await verifyStaffPassword(null, 'violet kettle harbour 42')).toBe(false);
  });
});
