import { describe, expect, it } from 'vitest';
import { formatMicro, MAX_MICRO, parseMicro } from './micro.ts';

describe('parseMicro', () => {
  it('reads amounts exactly, never through a float', () => {
    expect(parseMicro('12.5')).toBe(12_500_000n);
    expect(parseMicro('0.1')).toBe(100_000n);
    expect(parseMicro(0.1)).toBe(100_000n);
    expect(parseMicro('0.000001')).toBe(1n);
    expect(parseMicro(' 7 ')).toBe(7_000_000n);
    expect(parseMicro('999999999999.999999')).toBe(999_999_999_999_999_999n);
  });

  it('refuses what is not a plain non-negative decimal of at most 6 places, or above MAX_MICRO', () => {
    for (const value of [
      '',
      'garbage',
      '-1',
      '01',
      '1.',
      '.5',
      '1.0000001',
      '1e3',
      '1,5',
      'NaN',
      '+1',
      '1_000',
      '1000000000000.000001',
      -1,
      1e21,
      Number.NaN,
      Infinity,
      null,
      undefined,
      {},
      10n,
    ]) {
      expect(parseMicro(value), String(value)).toBeUndefined();
    }
    expect(parseMicro('1000000000000')).toBe(MAX_MICRO);
  });
});

describe('formatMicro', () => {
  it('writes micro-units as a decimal without trailing zeros, and parseMicro reads it back', () => {
    expect(formatMicro(12_500_000n)).toBe('12.5');
    expect(formatMicro(0n)).toBe('0');
    expect(formatMicro(-3_000_001n)).toBe('-3.000001');
    for (const micro of [0n, 1n, 999_999n, 1_000_000n, 123_456_789n, MAX_MICRO]) expect(parseMicro(formatMicro(micro))).toBe(micro);
  });
});
