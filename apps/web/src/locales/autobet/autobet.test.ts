import { LANGUAGES } from '@lobby/contract';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('./*.json', { eager: true, import: 'default' });
const sources = import.meta.glob<string>(['../../screens/AutoBet/*.tsx', '../../components/AutoBetPanel*.tsx'], {
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

const english = flatten(files['./en_US.json']);

describe('autobet namespace', () => {
  it.each(LANGUAGES)('%s has exactly the keys of en_US, each with a text', (language) => {
    const tree = files[`./${language}.json`];
    expect(tree, `no autobet locale for ${language}`).toBeDefined();
    const flat = flatten(tree);
    expect(Object.keys(flat).sort()).toEqual(Object.keys(english).sort());
    for (const text of Object.values(flat)) expect(text.trim()).not.toBe('');
  });

  it('every literal key the panel and the editor use exists', () => {
    const used = Object.values(sources).flatMap((source) => [...source.matchAll(/\bt\('([\w.]+)'/g)].map((m) => m[1]));
    expect(used.length).toBeGreaterThan(20);
    for (const key of used) expect(english, key).toHaveProperty([key]);
  });
});
