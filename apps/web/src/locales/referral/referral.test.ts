import { LANGUAGES } from '@lobby/contract';
import { expect, it } from 'vitest';
import { describeNamespace, type Tree } from '../../i18n/namespace-test';

describeNamespace(
  {
    namespace: 'referral',
    title: 'the promotion, team, performance and report texts',
    files: import.meta.glob<Tree>('./*.json', { eager: true, import: 'default' }),
    // Currencies, the brand and the share targets' names stay Latin in every script.
    latin: {
      allowed: /\b(USDT|TRX|Hash Lobby|Telegram|WhatsApp|Twitter|Instagram|Facebook|Line)\b/g,
      besides: 'currency codes, the brand and the share targets',
    },
    used: {
      sources: import.meta.glob<string>(['../../screens/Promotion/*.tsx', '../../screens/Report/*.tsx'], {
        eager: true,
        query: '?raw',
        import: 'default',
      }),
      atLeast: 40,
    },
  },
  ({ load }) => {
    it('every share message carries the invite code', () => {
      for (const language of LANGUAGES) expect(load(language)['share.message'], language).toContain('{{code}}');
    });
  },
);
