import { describe, expect, it } from 'vitest';
import { sumAmounts } from './wallet';

describe('wallet totals', () => {
  it('sums decimal strings exactly', () => {
    expect(sumAmounts(['0.1', '0.2'])).toBe('0.3');
    expect(sumAmounts(['1234.5', '0.000001', '10'])).toBe('1244.500001');
    expect(sumAmounts([])).toBe('0');
  });
});
