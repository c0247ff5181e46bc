import { describeNamespace, type Tree } from '../../i18n/namespace-test';

describeNamespace({
  namespace: 'bonus',
  title: 'the cash, bonus, wagering and claim-terms texts',
  files: import.meta.glob<Tree>('./*.json', { eager: true, import: 'default' }),
  latin: { allowed: /\b(USDT|TRX)\b/g, besides: 'currency codes' },
  used: {
    sources: import.meta.glob<string>('../../screens/Bonus/*.tsx', { eager: true, query: '?raw', import: 'default' }),
    atLeast: 12,
  },
});
