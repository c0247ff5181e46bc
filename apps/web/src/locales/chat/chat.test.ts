import { LANGUAGES } from '@lobby/contract';
import { describe, expect, it } from 'vitest';

const files = import.meta.glob<Record<string, string>>('./*.json', { eager: true, import: 'default' });
const sources = import.meta.glob<string>('../../screens/Chat/*.tsx', { eager: true, query: '?raw', import: 'default' });
const english = files['./en_US.json'];
/** Latin tokens allowed inside texts of languages written in other scripts: image formats and units. */
const LATIN_TOKENS = /\b(PNG|JPEG|WebP|GIF|MB)\b/g;

describe('the support chat texts', () => {
  it.each(LANGUAGES)('%s has exactly the keys of en_US, each with a text', (language) => {
    const texts = files[`./${language}.json`];
    expect(texts, `no chat locale for ${language}`).toBeDefined();
    expect(Object.keys(texts).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(texts)) expect(text.trim(), `${language} ${key}`).not.toBe('');
  });

  it.each(['zh_CN', 'zh_TW', 'th_TH', 'ar_EG'])('%s has no Latin words besides image formats and units', (language) => {
    const latin = Object.entries(files[`./${language}.json`]).filter(([, text]) => /[A-Za-z]{2,}/.test(text.replace(LATIN_TOKENS, '')));
    expect(latin).toEqual([]);
  });

  it('every key the screen uses exists', () => {
    const used = Object.values(sources).flatMap((source) => [...source.matchAll(/\bt\('([\w.]+)'/g)].map((m) => m[1]));
    expect(used.length).toBeGreaterThan(15);
    for (const key of used) expect(english, key).toHaveProperty([key]);
  });
});
