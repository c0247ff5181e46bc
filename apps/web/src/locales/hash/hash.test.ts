import { BetStatus, LANGUAGES } from '@lobby/contract';
import { HASH_GAMES, HASH_KINDS, KIND_AREAS } from '@lobby/hash-games';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('./*.json', { eager: true, import: 'default' });
const sources = import.meta.glob<string>(['../../screens/{HashGame,BetRecord,Verifier}/*.{ts,tsx}', '!**/*.test.*'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

function load(language: string): Tree {
  const tree = files[`./${language}.json`];
  if (!tree) throw new Error(`no hash locale file for ${language}`);
  return tree;
}

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [[prefix + key, value]] : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
const withoutPlaceholders = (text: string) => text.replace(/{{\s*\w+\s*}}/g, '');
/** Codes and names that stay Latin in every script: currencies, the chain, its token standard, VIP, QR. */
const LATIN_TOKENS = /\b(USDT|TRX|TRC20|TRON|VIP|QR)\b/g;

const english = flatten(load('en_US'));

describe('hash namespace', () => {
  it.each(LANGUAGES.filter((l) => l !== 'en_US'))('%s has exactly the keys of en_US', (language) => {
    expect(Object.keys(flatten(load(language))).sort()).toEqual(Object.keys(english).sort());
  });

  it.each(LANGUAGES)('%s has a text for every key, with the placeholders of en_US', (language) => {
    for (const [key, text] of Object.entries(flatten(load(language)))) {
      expect(text.trim(), `${language} ${key}`).not.toBe('');
      expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(english[key]));
    }
  });

  it.each(LANGUAGES.filter((l) => l !== 'en_US'))('%s leaves no English text untranslated', (language) => {
    const untranslated = Object.entries(flatten(load(language)))
      .filter(([key, text]) => text === english[key] && /[A-Za-z]/.test(withoutPlaceholders(text).replace(LATIN_TOKENS, '')))
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
  });

  it.each(['zh_CN', 'zh_TW', 'th_TH', 'ar_EG'])('%s has no Latin words besides codes (single hex letters are allowed)', (language) => {
    const latin = Object.entries(flatten(load(language)))
      .filter(([, text]) => /[A-Za-z]{2,}/.test(withoutPlaceholders(text).replace(LATIN_TOKENS, '')))
      .map(([key, text]) => `${key}: ${text}`);
    expect(latin).toEqual([]);
  });

  it('names every kind, area, round length and bet status', () => {
    const needed = [
      ...HASH_KINDS.map((kind) => `kind.${kind}`),
      ...HASH_KINDS.flatMap((kind) => KIND_AREAS[kind]).filter((area) => !/^\d$/.test(area)).map((area) => `area.${area}`),
      ...HASH_GAMES.map((game) => `period.${game.period}`),
      ...Object.values(BetStatus).map((status) => `status.${status}`),
    ];
    expect(needed.filter((key) => !(key in english))).toEqual([]);
  });

  it('has every key the hash screens ask for', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(8);
    const source = Object.values(sources).join('\n');
    const asked = new Set([...source.matchAll(/\bt\(\s*'([A-Za-z0-9_.]+)'/g)].map((m) => m[1]));
    // Keys chosen by a condition are written as string literals next to the call.
    for (const m of source.matchAll(/'((?:transfer|working|records|detail|verify|bet|round|problem)\.[A-Za-z]+)'/g)) asked.add(m[1]);
    expect([...asked].filter((key) => key.includes('.') && !(key in english))).toEqual([]);
  });
});
