import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJson, stringifyJson } from './json.ts';
import { MAX_INT64, formatUnits, parseUnits, toBigIntAmount } from './units.ts';

describe('amounts with 6 decimals', () => {
  it('parse decimal strings exactly into micro-units', () => {
    expect(parseUnits('1.5')).toBe(1_500_000n);
    expect(parseUnits('0.000001')).toBe(1n);
    expect(parseUnits('27.03')).toBe(27_030_000n);
    expect(parseUnits('0.1')).toBe(100_000n);
    expect(parseUnits('100')).toBe(100_000_000n);
    expect(parseUnits('9223372036854.775807')).toBe(MAX_INT64);
  });

  it('reject more than 6 decimals, signs, exponents, empty parts and values beyond int64', () => {
    for (const bad of ['1.0000001', '-1', '+1', '1e3', '1.', '.5', '', ' ', 'abc', '1,5', '0x10', 'NaN', 'Infinity', '9223372036854.775808']) {
      expect(() => parseUnits(bad), bad).toThrow(RangeError);
    }
  });

  it('format micro-units back to the shortest exact decimal, the inverse of parsing', () => {
    expect(formatUnits(1_500_000n)).toBe('1.5');
    expect(formatUnits(1n)).toBe('0.000001');
    expect(formatUnits(12_000_000n)).toBe('12');
    expect(formatUnits(0n)).toBe('0');
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MAX_INT64 }), (micro) => {
        expect(parseUnits(formatUnits(micro))).toBe(micro);
      }),
    );
  });

  it('read integer amounts from JSON values without going through floats', () => {
    expect(toBigIntAmount(5)).toBe(5n);
    expect(toBigIntAmount('90071992547409930')).toBe(90071992547409930n);
    expect(() => toBigIntAmount(1.5)).toThrow(RangeError);
    expect(() => toBigIntAmount(2 ** 60)).toThrow(RangeError);
    expect(() => toBigIntAmount('1.5')).toThrow(RangeError);
  });
});

describe('JSON with int64 values', () => {
  it('keep integers beyond 2^53 exact by reading them as digit strings', () => {
    const parsed = parseJson('{"balance":10000000000000000001,"small":42,"neg":-90071992547409931,"f":1.5e3,"s":"123456789012345678901"}') as Record<
      string,
      unknown
    >;
    expect(parsed).toEqual({ balance: '10000000000000000001', small: 42, neg: '-90071992547409931', f: 1500, s: '123456789012345678901' });
  });

  it('leave numbers inside strings alone, escaped quotes included', () => {
    expect(parseJson('{"a":"x\\"12345678901234567890","b":[1,22222222222222222222]}')).toEqual({
      a: 'x"12345678901234567890',
      b: [1, '22222222222222222222'],
    });
  });

  it('write bigint as a bare number and read it back exactly', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), fc.string(), (n, s) => {
        const text = stringifyJson({ n, s, list: [n], skip: undefined });
        expect(text).not.toContain('"n":"');
        const back = parseJson(text) as { n: unknown; s: string; list: unknown[] };
        expect(toBigIntAmount(back.n)).toBe(n);
        expect(back.s).toBe(s);
        expect('skip' in back).toBe(false);
      }),
    );
  });
});
