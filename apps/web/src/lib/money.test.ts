import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  afterFee,
  cleanAmountInput,
  formatMicroExact,
  formatMicroShort,
  formatRate,
  inputToMicro,
  maxSendable,
  microToInput,
  parseRate,
  quoteExchange,
  spreadOf,
  sumMicro,
  toMicro,
} from './money';

describe('amount input', () => {
  it('keeps digits and one decimal point, at most 6 decimals', () => {
    expect(cleanAmountInput('12.3456789')).toBe('12.345678');
    expect(cleanAmountInput('1.2.3')).toBe('1.23');
    expect(cleanAmountInput('abc10x')).toBe('10');
    expect(cleanAmountInput('-5')).toBe('5');
    expect(cleanAmountInput('1e5')).toBe('15');
  });

  it('drops leading zeros but keeps a lone zero before the point', () => {
    expect(cleanAmountInput('0005')).toBe('5');
    expect(cleanAmountInput('00')).toBe('0');
    expect(cleanAmountInput('.5')).toBe('0.5');
    expect(cleanAmountInput('00.50')).toBe('0.50');
  });

  it('reads a single comma as the decimal point', () => {
    expect(cleanAmountInput('12,5')).toBe('12.5');
    expect(cleanAmountInput('1,000,5')).toBe('10005');
  });

  it('caps the whole part at twelve digits', () => {
    expect(cleanAmountInput('12345678901234567')).toBe('123456789012');
  });

  it('turns text into micro-units exactly', () => {
    expect(inputToMicro('0.1')).toBe(100_000n);
    expect(inputToMicro('0.000001')).toBe(1n);
    expect(inputToMicro('1.')).toBe(1_000_000n);
    expect(inputToMicro('.25')).toBe(250_000n);
    expect(inputToMicro('123456789012.123456')).toBe(123_456_789_012_123_456n);
    expect(inputToMicro('')).toBeUndefined();
    expect(inputToMicro('.')).toBeUndefined();
    expect(inputToMicro('1.0000001')).toBeUndefined();
    expect(inputToMicro('1,5')).toBeUndefined();
  });

  it('round-trips every amount through the field', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 18n - 1n }), (micro) => {
        expect(inputToMicro(cleanAmountInput(microToInput(micro)))).toBe(micro);
      }),
    );
  });

  it('never produces text the field would read differently', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const cleaned = cleanAmountInput(raw);
        expect(cleanAmountInput(cleaned)).toBe(cleaned);
        if (cleaned !== '') expect(inputToMicro(cleaned)).not.toBeUndefined();
      }),
    );
  });
});

describe('server amounts and display', () => {
  it('reads server strings, unreadable ones as zero', () => {
    expect(toMicro('12.5')).toBe(12_500_000n);
    expect(toMicro('0')).toBe(0n);
    expect(toMicro(null)).toBe(0n);
    expect(toMicro('garbage')).toBe(0n);
  });

  it('shows every significant decimal with separators', () => {
    expect(formatMicroExact(1_234_567_890_123n)).toBe('1,234,567.890123');
    expect(formatMicroExact(5_000_000n)).toBe('5.00');
    expect(formatMicroExact(5_100_000n)).toBe('5.10');
    expect(formatMicroExact(-1n)).toBe('-0.000001');
    expect(formatMicroExact(0n, 0)).toBe('0');
  });

  it('rounds overview figures down, never up', () => {
    expect(formatMicroShort(1_999_999n)).toBe('1.99');
    expect(formatMicroShort(1_234_567_000_000n)).toBe('1,234,567.00');
    expect(formatMicroShort(-4_000n)).toBe('0.00');
    expect(formatMicroShort(12_345_678n, 0)).toBe('12');
  });

  it('sums exactly where floats would not', () => {
    expect(sumMicro([toMicro('0.1'), toMicro('0.2')])).toBe(toMicro('0.3'));
    expect(sumMicro([])).toBe(0n);
  });
});

describe('exchange quote', () => {
  it('parses rates as exact fractions', () => {
    expect(parseRate('6.25')).toEqual({ num: 625n, den: 100n });
    expect(parseRate('7')).toEqual({ num: 7n, den: 1n });
    expect(parseRate('0.000000000001')).toEqual({ num: 1n, den: 10n ** 12n });
    expect(parseRate('0')).toBeUndefined();
    expect(parseRate('-1')).toBeUndefined();
    expect(parseRate('1e3')).toBeUndefined();
  });

  it('pays the amount times the rate, rounded down to the micro-unit', () => {
    expect(quoteExchange(10_000_000n, '6.4')).toBe(64_000_000n);
    // 1 micro-USDT at 0.153846153846 is 0.15 micro-TRX: nothing.
    expect(quoteExchange(1n, '0.153846153846')).toBe(0n);
    expect(quoteExchange(3_333_333n, '0.153846153846')).toBe(512_820n);
    expect(quoteExchange(0n, '6.4')).toBe(0n);
    expect(quoteExchange(1_000_000n, 'not a rate')).toBe(0n);
  });

  it('agrees with the server formula (amount × num / den, floored) for any amount and rate', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 18n }),
        fc.bigInt({ min: 1n, max: 10n ** 14n }),
        fc.integer({ min: 0, max: 12 }),
        (amount, scaled, decimals) => {
          const den = 10n ** BigInt(decimals);
          const whole = scaled / den;
          const fraction = (scaled % den).toString().padStart(decimals, '0');
          const rate = decimals ? `${whole}.${fraction}` : `${whole}`;
          const paid = quoteExchange(amount, rate);
          expect(paid).toBe((amount * scaled) / den);
          // Rounded down, by less than one micro-unit.
          expect(paid * den <= amount * scaled).toBe(true);
          expect((paid + 1n) * den > amount * scaled).toBe(true);
        },
      ),
    );
  });

  it('finds the spread inside a pair of rates', () => {
    // mid 6.5 TRX per USDT, 1% spread each way.
    const there = formatRate(String(6.5 * 0.99), 12);
    const back = '0.152307692307';
    expect(spreadOf(there, back)).toBeCloseTo(0.01, 4);
    expect(spreadOf('2', '0.5')).toBe(0);
    expect(spreadOf('x', '1')).toBeUndefined();
  });

  it('shows rates cut to a few places', () => {
    expect(formatRate('6.435000000000')).toBe('6.435');
    expect(formatRate('0.153846153846', 6)).toBe('0.153846');
    expect(formatRate('7')).toBe('7');
  });
});

describe('withdrawal figures', () => {
  it('takes the fixed fee from the amount', () => {
    expect(afterFee(10_000_000n, 1_000_000n)).toBe(9_000_000n);
    expect(afterFee(500_000n, 1_000_000n)).toBe(0n);
  });

  it('caps "all" at the limit', () => {
    expect(maxSendable(50_000_000n, 20_000_000n)).toBe(20_000_000n);
    expect(maxSendable(5_000_000n, 20_000_000n)).toBe(5_000_000n);
    expect(maxSendable(5_000_000n, 0n)).toBe(5_000_000n);
    expect(maxSendable(-1n, 10n)).toBe(0n);
  });
});
