import { MONEY_DECIMALS, MONEY_DISPLAY_DECIMALS } from '@lobby/contract';

/**
 * The one place amounts become text, for every screen. Money arrives as decimal strings or integer
 * micro-units and is never passed through a float. Two shapes:
 * - a balance or overview figure (`formatAmount`, `formatMicroShort`) is cut to the currency's display
 *   decimals, rounded down, so a balance never looks larger than it is;
 * - the amount of one movement (a stake, a payout, a reward, a fee: `formatExact`, `formatMicroExact`)
 *   keeps every significant decimal, at least the display decimals, so the bet detail, the verifier
 *   and the ledger show the same figure.
 * Thousands and decimal separators follow the app's language (1,234.50 in English, 1.234,50 in
 * Portuguese), always with Latin digits: amounts are compared with wallets and explorers.
 */

const MICRO = 10n ** BigInt(MONEY_DECIMALS);

/** Decimals a currency's balances are shown with; every currency the lobby holds uses two today. */
const DISPLAY_DECIMALS: Record<string, number> = { USDT: MONEY_DISPLAY_DECIMALS, TRX: MONEY_DISPLAY_DECIMALS };

export function displayDecimals(currency?: string | null): number {
  return (currency ? DISPLAY_DECIMALS[currency] : undefined) ?? MONEY_DISPLAY_DECIMALS;
}

interface Separators {
  group: string;
  decimal: string;
}

/**
 * The separators of the app's eight languages, as the platform's locale data gives them with Latin
 * digits (format.test.ts checks they still agree). Asking the platform costs a slow phone ~90 ms at
 * start-up (its first NumberFormat loads the locale's data), and every amount on the lobby waits for it.
 */
export const LANGUAGE_SEPARATORS: Readonly<Record<string, Separators>> = {
  'en-US': { group: ',', decimal: '.' },
  'zh-CN': { group: ',', decimal: '.' },
  'zh-TW': { group: ',', decimal: '.' },
  'vi-VN': { group: '.', decimal: ',' },
  'th-TH': { group: ',', decimal: '.' },
  'id-ID': { group: '.', decimal: ',' },
  'pt-BR': { group: '.', decimal: ',' },
  'ar-EG': { group: ',', decimal: '.' },
};

const separatorCache = new Map<string, Separators>(Object.entries(LANGUAGE_SEPARATORS));

/** The separators of a language (`pt_BR` or `pt-BR`): the app's own from the table, any other from the platform's locale data. */
export function separatorsOf(language: string): Separators {
  const tag = language.replace('_', '-');
  let found = separatorCache.get(tag);
  if (!found) {
    found = { group: ',', decimal: '.' };
    try {
      for (const part of new Intl.NumberFormat(`${tag}-u-nu-latn`).formatToParts(12345.6)) {
        if (part.type === 'group') found.group = part.value;
        if (part.type === 'decimal') found.decimal = part.value;
      }
    } catch {
      // An unknown tag keeps the English separators.
    }
    separatorCache.set(tag, found);
  }
  return found;
}

let currentLanguage = 'en_US';

/** Set with the document's language: every amount drawn afterwards uses its separators. */
export function setNumberLanguage(language: string): void {
  currentLanguage = language;
}

export interface NumberOptions {
  /** The language whose separators to use; the app's current one when left out. */
  language?: string;
}

/**
 * Micro-units of an amount as the server sends it: a decimal string (with a sign, and any decimals
 * past the sixth cut), a bigint of micro-units, or a number (figures computed for charts only).
 */
function microOf(value: string | number | bigint | null | undefined): bigint | null {
  if (typeof value === 'bigint') return value;
  if (value === null || value === undefined || value === '') return null;
  const text = typeof value === 'number' ? (Number.isFinite(value) ? value.toFixed(MONEY_DECIMALS) : '') : value.trim();
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const micro = BigInt(whole) * MICRO + BigInt(fraction.slice(0, MONEY_DECIMALS).padEnd(MONEY_DECIMALS, '0'));
  return sign ? -micro : micro;
}

function compose(negative: boolean, whole: bigint, fraction: string, language: string | undefined): string {
  const { group, decimal } = separatorsOf(language ?? currentLanguage);
  const grouped = whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${negative ? '-' : ''}${grouped}${fraction ? `${decimal}${fraction}` : ''}`;
}

/** Micro-units with every significant decimal (at least `minDecimals`): the exact amount moved. */
export function formatMicroExact(micro: bigint, minDecimals = MONEY_DISPLAY_DECIMALS, options: NumberOptions = {}): string {
  const negative = micro < 0n;
  const abs = negative ? -micro : micro;
  let fraction = (abs % MICRO).toString().padStart(MONEY_DECIMALS, '0').replace(/0+$/, '');
  if (fraction.length < minDecimals) fraction = fraction.padEnd(minDecimals, '0');
  return compose(negative, abs / MICRO, fraction, options.language);
}

/** Micro-units cut to `decimals` places, rounded down (towards zero): balances and overview figures. */
export function formatMicroShort(micro: bigint, decimals = MONEY_DISPLAY_DECIMALS, options: NumberOptions = {}): string {
  const negative = micro < 0n;
  const abs = negative ? -micro : micro;
  const step = 10n ** BigInt(MONEY_DECIMALS - Math.min(decimals, MONEY_DECIMALS));
  const cut = (abs / step) * step;
  const fraction = decimals > 0 ? (cut % MICRO).toString().padStart(MONEY_DECIMALS, '0').slice(0, decimals).padEnd(decimals, '0') : '';
  return compose(negative && cut !== 0n, cut / MICRO, fraction, options.language);
}

/** A balance or overview figure from the server's decimal string, cut to `decimals` places. */
export function formatAmount(value: string | number | bigint | null | undefined, decimals = MONEY_DISPLAY_DECIMALS, options: NumberOptions = {}): string {
  return formatMicroShort(microOf(value) ?? 0n, decimals, options);
}

/** The exact amount of one movement from the server's decimal string, with the currency's display decimals at least. */
export function formatExact(value: string | number | bigint | null | undefined, currency?: string | null, options: NumberOptions = {}): string {
  return formatMicroExact(microOf(value) ?? 0n, displayDecimals(currency), options);
}

/** Shortens a long address for display: first 6 and last 6 characters. */
export function shortAddress(address: string, keep = 6): string {
  if (address.length <= keep * 2 + 3) return address;
  return `${address.slice(0, keep)}…${address.slice(-keep)}`;
}

/** Odds as the lobby shows them: `1:1.95`. */
export function formatOdds(rewardRate: string | null | undefined, fallback: string): string {
  const rate = rewardRate && Number(rewardRate) > 0 ? rewardRate : fallback;
  return `1:${rate}`;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per language: building one loads locale data, too slow to do for every date drawn. */
function dayFormat(language: string): Intl.DateTimeFormat {
  let format = dayFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language.replace('_', '-'), { year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(language, format);
  }
  return format;
}

/** A calendar day (`2026-11-27`, as a date input holds it) the way the app's language writes dates. */
export function formatDay(day: string, options: NumberOptions = {}): string {
  const match = DAY.exec(day);
  if (!match) return day;
  return dayFormat(options.language ?? currentLanguage).format(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

/**
 * The shape of a date in the app's language, for an empty date field: `dd/mm/yyyy` in Portuguese,
 * `yyyy/mm/dd` in Chinese, `mm/dd/yyyy` in English, whatever the browser's own language.
 */
export function dayPattern(options: NumberOptions = {}): string {
  const letters: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = { year: 'yyyy', month: 'mm', day: 'dd' };
  return dayFormat(options.language ?? currentLanguage)
    .formatToParts(new Date(2026, 10, 27))
    .map((part) => letters[part.type] ?? part.value)
    .join('');
}

/** The time of day of an instant, in the app's language (24-hour), not the browser's. */
export function formatClock(iso: string, options: NumberOptions = {}): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleTimeString((options.language ?? currentLanguage).replace('_', '-'), { hour12: false });
}

/**
 * The language as a BCP 47 tag for dates and numbers, with Latin digits in every language so that
 * times and percentages read like the amounts beside them.
 */
export const localeTag = (language: string) => `${language.replace('_', '-')}-u-nu-latn`;
