import { LANGUAGES } from '@lobby/contract';
import { expect, it } from 'vitest';
import { describeNamespace, type Tree } from '../../i18n/namespace-test';

describeNamespace(
  {
    namespace: 'region',
    title: 'the blocked-region screen',
    files: import.meta.glob<Tree>('./*.json', { eager: true, import: 'default' }),
    used: {
      sources: import.meta.glob<string>('../../screens/Region/*.{ts,tsx}', { eager: true, query: '?raw', import: 'default' }),
      atLeast: 6,
    },
  },
  ({ load, english }) => {
    it('gives no advice on getting round the block, in any language', () => {
      for (const language of LANGUAGES) expect(Object.values(load(language)).join(' '), language).not.toMatch(/VPN|proxy|代理|翻墙|翻牆|وكيل/i);
      expect(english.title).toBe('Not available in your region');
    });
  },
);
