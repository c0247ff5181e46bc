import { LANGUAGES } from '@lobby/contract';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('./*.json', { eager: true, import: 'default' });
const sources = import.meta.glob<string>(['../../screens/Promotion/*.tsx', '../../screens/Report/*.tsx'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [[prefix + key, value]] : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
const english = flatten(files['./en_US.json']);
/** Latin words allowed inside texts of languages written in other scripts: currencies, the brand and the share targets' names. */
const LATIN_TOKENS = /\b(USDT|TRX|Hash Lobby|Telegram|WhatsApp|Twitter|Instagram|Facebook|Line)\b/g;

describe('the promotion, team, performance and report texts', () => {
  it.each(LANGUAGES)('%s has exactly the keys of en_US, each with a text and the same placeholders', (language) => {
    const tree = files[`./${language}.json`];
    expect(tree, `no referral locale for ${language}`).toBeDefined();
    const flat = flatten(tree);
    expect(Object.keys(flat).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(flat)) {
      expect(text.trim(), `${language} ${key}`).not.toBe('');
      expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(english[key]));
    }
  });

  it.each(['zh_CN', 'zh_TW', 'th_TH', 'ar_EG'])('%s has no Latin words besides currency codes, the brand and the share targets', (language) => {
    const flat = flatten(files[`./${language}.json`]);
    const latin = Object.entries(flat)
      .filter(([, text]) => /[A-Za-z]{2,}/.test(text.replace(/{{\s*\w+\s*}}/g, '').replace(LATIN_TOKENS, '')))
      .map(([key, text]) => `${key}: ${text}`);
    expect(latin).toEqual([]);
  });

  it('every share message carries the invite code', () => {
    for (const language of LANGUAGES) expect(flatten(files[`./${language}.json`])['share.message'], language).toContain('{{code}}');
  });

  it('every literal key the screens use exists', () => {
    const used = Object.values(sources).flatMap((source) => [...source.matchAll(/\bt\('([\w.]+)'/g)].map((m) => m[1]));
    expect(used.length).toBeGreaterThan(40);
    for (const key of used) expect(english, key).toHaveProperty([key]);
  });
});
