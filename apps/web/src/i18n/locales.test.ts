import { LANGUAGES, RTL_LANGUAGES } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { applyDocumentLanguage } from './index';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('../locales/*.json', { eager: true, import: 'default' });

function load(language: string): Tree {
  const tree = files[`../locales/${language}.json`];
  if (!tree) throw new Error(`no locale file for ${language}`);
  return tree;
}

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [[prefix + key, value]] : Object.entries(flatten(value, `${prefix}${key}.`)))),
  );
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

/** Words that are the same in every language: brands, currency codes and sort labels. */
const SAME_EVERYWHERE = new Set(['A-Z', 'Z-A', 'WhatsApp', 'Telegram', 'Skype', 'name@example.com']);
/** Latin tokens allowed inside texts of languages written in other scripts. */
const LATIN_TOKENS = /\b(USDT|TRX|VIP|ID|IP|TRON|A-Z|Z-A|WhatsApp|Telegram|Skype|name@example\.com)\b/g;

const english = flatten(load('en_US'));

describe('locales', () => {
  it.each(LANGUAGES.filter((l) => l !== 'en_US'))('%s has exactly the keys of en_US', (language) => {
    const messages = flatten(load(language));
    expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
  });

  it.each(LANGUAGES)('%s has a non-empty text for every key, with the same placeholders', (language) => {
    const messages = flatten(load(language));
    for (const [key, text] of Object.entries(messages)) {
      expect(text.trim(), `${language} ${key}`).not.toBe('');
      expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(english[key]));
    }
  });

  it.each(LANGUAGES.filter((l) => l !== 'en_US'))('%s leaves no English text untranslated', (language) => {
    const messages = flatten(load(language));
    const untranslated = Object.entries(messages)
      .filter(([key, text]) => text === english[key])
      .filter(([, text]) => !SAME_EVERYWHERE.has(text) && /[A-Za-z]/.test(text))
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
  });

  it.each(['zh_CN', 'zh_TW', 'th_TH', 'ar_EG'])('%s has no Latin words besides brands and codes', (language) => {
    const messages = flatten(load(language));
    const latin = Object.entries(messages)
      .filter(([, text]) => /[A-Za-z]{2,}/.test(text.replace(/{{\s*\w+\s*}}/g, '').replace(LATIN_TOKENS, '')))
      .map(([key, text]) => `${key}: ${text}`);
    expect(latin).toEqual([]);
  });
});

describe('document language', () => {
  it('turns the document right-to-left for Arabic only', () => {
    for (const language of LANGUAGES) {
      applyDocumentLanguage(language);
      expect(document.documentElement.dir).toBe(RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr');
      expect(document.documentElement.lang).toBe(language.replace('_', '-'));
    }
  });
});
