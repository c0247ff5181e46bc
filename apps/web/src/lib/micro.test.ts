import { MAX_MICRO as CONTRACT_MAX_MICRO, parseMicro } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { MAX_MICRO, readMicro } from './micro';

describe('readMicro', () => {
  it('reads server amounts exactly, never through a float', () => {
    expect(readMicro('12.5')).toBe(12_500_000n);
    expect(readMicro('0.1')).toBe(100_000n);
    expect(readMicro('0.000001')).toBe(1n);
    expect(readMicro(' 7 ')).toBe(7_000_000n);
  });

  it('refuses what is not a plain non-negative decimal of at most 6 places', () => {
    for (const text of ['', 'garbage', '-1', '01', '1.', '.5', '1.0000001', '1e3', '1,5', 'NaN']) expect(readMicro(text)).toBeUndefined();
  });

  it('answers as the contract parseMicro does, up to its limit and past it', () => {
    expect(MAX_MICRO).toBe(CONTRACT_MAX_MICRO);
    const samples = ['0', '0.0', '3', '12.5', '999999999999.999999', '1000000000000', '1000000000000.000001', '999999999999999999', '00', '1.1234567', ' 2.5', '-0', '+1', '1_000'];
    for (const text of samples) expect(readMicro(text), text).toBe(parseMicro(text));
  });
});
