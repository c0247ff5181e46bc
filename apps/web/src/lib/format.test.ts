import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@lobby/contract';
import {
  dayPattern,
  formatAmount,
  formatClock,
  formatDay,
  formatExact,
  formatMicroExact,
  formatMicroShort,
  formatOdds,
  setNumberLanguage,
  shortAddress,
  LANGUAGE_SEPARATORS,
} from './format';
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

  it('shows the exact amount of a movement with every significant decimal, so a payout reads the same on the bet and in the verifier', () => {
    expect(formatExact('29.3475', 'USDT')).toBe('29.3475');
    expect(formatExact('30', 'USDT')).toBe('30.00');
    expect(formatExact('1234.5', 'TRX')).toBe('1,234.50');
    expect(formatExact('-0.000001')).toBe('-0.000001');
    expect(formatMicroExact(29_347_500n)).toBe(formatExact('29.3475'));
    expect(formatMicroExact(3_000_000_000n, 0)).toBe('3,000');
  });

  it("uses the language's separators with Latin digits", () => {
    expect(formatAmount('1234567.899', 2, { language: 'pt_BR' })).toBe('1.234.567,89');
    expect(formatExact('29.3475', 'USDT', { language: 'id_ID' })).toBe('29,3475');
    expect(formatMicroShort(1_234_500_000n, 2, { language: 'vi_VN' })).toBe('1.234,50');
    expect(formatAmount('1234.5', 2, { language: 'ar_EG' })).toBe('1,234.50');
    expect(formatAmount('1234.5', 2, { language: 'zh_CN' })).toBe('1,234.50');
    // The app's language, once set, is the default of every screen.
    setNumberLanguage('pt_BR');
    try {
      expect(formatAmount('1234.5')).toBe('1.234,50');
    } finally {
      setNumberLanguage('en_US');
    }
  });

  it("writes days and times in the app's language, whatever the browser's", () => {
    expect(formatDay('2026-11-03', { language: 'en_US' })).toBe('11/03/2026');
    expect(formatDay('2026-11-03', { language: 'pt_BR' })).toBe('03/11/2026');
    expect(formatDay('2026-11-03', { language: 'zh_CN' })).toBe('2026/11/03');
    expect(dayPattern({ language: 'vi_VN' })).toBe('dd/mm/yyyy');
    expect(dayPattern({ language: 'en_US' })).toBe('mm/dd/yyyy');
    expect(formatClock(new Date(2026, 10, 3, 14, 5, 9).toISOString(), { language: 'en_US' })).toBe('14:05:09');
    expect(formatClock('not a time')).toBe('');
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

describe('separators of the app languages', () => {
  it("agree with the platform's locale data, Latin digits, for every language the app speaks", () => {
    for (const language of LANGUAGES) {
      const tag = language.replace('_', '-');
      const parts = new Intl.NumberFormat(`${tag}-u-nu-latn`).formatToParts(12345.6);
      expect(LANGUAGE_SEPARATORS[tag], tag).toEqual({
        group: parts.find((p) => p.type === 'group')!.value,
        decimal: parts.find((p) => p.type === 'decimal')!.value,
      });
    }
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
