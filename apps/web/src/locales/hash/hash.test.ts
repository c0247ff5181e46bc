import { BetStatus, LANGUAGES } from '@lobby/contract';
import { HASH_GAMES, HASH_KINDS, KIND_AREAS } from '@lobby/hash-games';
import { expect, it } from 'vitest';
import { describeNamespace, type Tree, withoutPlaceholders } from '../../i18n/namespace-test';

/** Codes and names that stay Latin in every script: currencies, the chain, its token standard, VIP, QR. */
const LATIN_TOKENS = /\b(USDT|TRX|TRC20|TRON|VIP|QR)\b/g;

const sources = import.meta.glob<string>(['../../screens/{HashGame,BetRecord,Verifier}/*.{ts,tsx}', '!**/*.test.*'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

describeNamespace(
  {
    namespace: 'hash',
    title: 'hash namespace',
    files: import.meta.glob<Tree>('./*.json', { eager: true, import: 'default' }),
    latin: { allowed: LATIN_TOKENS, besides: 'codes (single hex letters are allowed)' },
  },
  ({ load, english }) => {
    it.each(LANGUAGES.filter((l) => l !== 'en_US'))('%s leaves no English text untranslated', (language) => {
      const untranslated = Object.entries(load(language))
        .filter(([key, text]) => text === english[key] && /[A-Za-z]/.test(withoutPlaceholders(text).replace(LATIN_TOKENS, '')))
        .map(([key]) => key);
      expect(untranslated).toEqual([]);
    });

    it('names every kind, area, round length and bet status', () => {
      const needed = [
        ...HASH_KINDS.map((kind) => `kind.${kind}`),
        ...HASH_KINDS.flatMap((kind) => KIND_AREAS[kind])
          .filter((area) => !/^\d$/.test(area))
          .map((area) => `area.${area}`),
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
  },
);
