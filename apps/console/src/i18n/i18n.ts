import type { I18nProvider } from '@refinedev/core';
import { en, type Messages } from './en.ts';
import { zh } from './zh.ts';

export const LOCALES = { en, zh } as const satisfies Record<string, Messages>;
export type Locale = keyof typeof LOCALES;
const LOCALE_KEY = 'lobby.console.locale';

export function initialLocale(): Locale {
  const saved = localStorage.getItem(LOCALE_KEY);
  if (saved && saved in LOCALES) return saved as Locale;
  return navigator.language?.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

/** The message at a dotted key, with `{name}` filled from `values`; undefined when the key is unknown. */
export function lookup(messages: Messages, key: string, values?: Record<string, unknown>): string | undefined {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  if (typeof node !== 'string') return undefined;
  return values ? node.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole)) : node;
}

/** Every dotted key of a message tree, for the test that both languages say everything. */
export function keysOf(messages: object, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value as object, `${prefix}${key}.`)));
}

/**
 * The language shown now. Refine keeps the first provider's `getLocale` for good, so it must read
 * this rather than the language the provider was made with.
 */
let currentLocale: Locale = 'en';

export function createI18nProvider(locale: Locale, setLocale: (next: Locale) => void): I18nProvider {
  currentLocale = locale;
  return {
    translate: (key: string, options?: any, defaultMessage?: string) => {
      const values = typeof options === 'object' && options !== null ? options : undefined;
      const fallback = typeof options === 'string' ? options : defaultMessage;
      return lookup(LOCALES[currentLocale], key, values) ?? lookup(en, key, values) ?? fallback ?? key;
    },
    changeLocale: async (next: string) => {
      if (!(next in LOCALES)) return;
      localStorage.setItem(LOCALE_KEY, next);
      currentLocale = next as Locale;
      setLocale(next as Locale);
    },
    getLocale: () => currentLocale,
  };
}
