import { describe, expect, it } from 'vitest';
import { formatAmount, formatOdds, shortAddress } from './format';
import { rootFontSize } from './rem';

describe('amounts', () => {
  it('shows two decimals with thousands separators, rounding down', () => {
    expect(formatAmount('1234.5')).toBe('1,234.50');
    expect(formatAmount('1234567.899')).toBe('1,234,567.89');
    expect(formatAmount('0.009')).toBe('0.00');
    expect(formatAmount('-3.456')).toBe('-3.45');
    expect(formatAmount(undefined)).toBe('0.00');
    expect(formatAmount('5000', 0)).toBe('5,000');
    expect(formatAmount('12.3456', 3)).toBe('12.345');
  });

  it('formats odds with the default when the game has none', () => {
    expect(formatOdds('2.1', '1.95')).toBe('1:2.1');
    expect(formatOdds('', '1.95')).toBe('1:1.95');
    expect(formatOdds(null, '1.95')).toBe('1:1.95');
  });

  it('shortens addresses', () => {
    expect(shortAddress('TXYZabcdefghijklmnopqrstuvwxyz1234', 6)).toBe('TXYZab…yz1234');
    expect(shortAddress('short')).toBe('short');
  });
});

describe('rem layout', () => {
  it('makes one rem a hundred design pixels of a 750-wide design', () => {
    expect(rootFontSize(375)).toBeCloseTo(50);
    expect(rootFontSize(390)).toBeCloseTo(52);
  });

  it('stops growing at 430 px', () => {
    expect(rootFontSize(430)).toBeCloseTo(57.33, 2);
    expect(rootFontSize(1280)).toBeCloseTo(57.33, 2);
  });
});
