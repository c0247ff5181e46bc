import { LANGUAGES } from '@lobby/contract';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('./*.json', { eager: true, import: 'default' });
const sources = import.meta.glob<string>('../../screens/SiteMessage/*.tsx', { eager: true, query: '?raw', import: 'default' });

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [[prefix + key, value]] : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
const english = flatten(files['./en_US.json']);

describe('the site-message texts', () => {
  it.each(LANGUAGES)('%s has exactly the keys of en_US, each with a text and the same placeholders', (language) => {
    const tree = files[`./${language}.json`];
    expect(tree, `no mail locale for ${language}`).toBeDefined();
    const flat = flatten(tree);
    expect(Object.keys(flat).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(flat)) {
      expect(text.trim(), `${language} ${key}`).not.toBe('');
      expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(english[key]));
    }
  });

  it.each(['zh_CN', 'zh_TW', 'th_TH', 'ar_EG'])('%s has no Latin words', (language) => {
    const flat = flatten(files[`./${language}.json`]);
    const latin = Object.entries(flat).filter(([, text]) => /[A-Za-z]{2,}/.test(text.replace(/{{\s*\w+\s*}}/g, '')));
    expect(latin).toEqual([]);
  });

  it('every literal key the screens use exists', () => {
    const used = Object.values(sources).flatMap((source) => [...source.matchAll(/\bt\('([\w.]+)'/g)].map((m) => m[1]));
    expect(used.length).toBeGreaterThan(15);
    for (const key of used) expect(english, key).toHaveProperty([key]);
  });
});
