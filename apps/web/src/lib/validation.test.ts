import { describe, expect, it } from 'vitest';
import { checkAccount, checkCode, checkConfirm, checkEmail, checkPassword } from './validation';

describe('form validation (SPEC section 5)', () => {
  it('accepts letters and digits only for accounts', () => {
    expect(checkAccount('player01')).toBeUndefined();
    expect(checkAccount('player_01')).toBe('validation.account');
    expect(checkAccount('玩家01')).toBe('validation.account');
    expect(checkAccount('')).toBe('validation.required');
    expect(checkAccount('ab1')).toBe('validation.accountLength');
  });

  it('needs a standard email', () => {
    expect(checkEmail('someone@example.com')).toBeUndefined();
    expect(checkEmail('someone@example')).toBe('validation.email');
    expect(checkEmail('@example.com')).toBe('validation.email');
  });

  it('needs at least one letter and one digit in a password', () => {
    expect(checkPassword('abc123')).toBeUndefined();
    expect(checkPassword('abcdef')).toBe('validation.password');
    expect(checkPassword('123456')).toBe('validation.password');
    expect(checkPassword('a1')).toBe('validation.passwordLength');
  });

  it('checks confirmation and codes', () => {
    expect(checkConfirm('abc123', 'abc123')).toBeUndefined();
    expect(checkConfirm('abc124', 'abc123')).toBe('validation.passwordMismatch');
    expect(checkCode('123456')).toBeUndefined();
    expect(checkCode('12345')).toBe('validation.code');
  });
});
