import { TRON_ADDRESS_PATTERN } from '@lobby/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkTronAddress, TRON_ADDRESS_SHAPE } from './tronAddress';

describe('TRON address shape', () => {
  it('accepts base58 addresses of 34 characters starting with T', () => {
    expect(checkTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBeUndefined();
    expect(checkTronAddress('  TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7 ')).toBeUndefined();
  });

  it('names what is wrong', () => {
    expect(checkTronAddress('')).toBe('required');
    expect(checkTronAddress('0x52908400098527886E0F7030069857D2E4169EE7')).toBe('prefix');
    expect(checkTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6')).toBe('length');
    expect(checkTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6tt')).toBe('length');
    expect(checkTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj0t')).toBe('characters');
    expect(checkTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLjOt')).toBe('characters');
  });

  it('accepts exactly what the contract accepts', () => {
    expect(TRON_ADDRESS_SHAPE.source).toBe(TRON_ADDRESS_PATTERN.source);
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'T123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0OIl'), minLength: 30, maxLength: 36 }),
        (text) => {
          expect(checkTronAddress(text) === undefined).toBe(TRON_ADDRESS_PATTERN.test(text));
        },
      ),
    );
  });
});
