import { describeNamespace, type Tree } from '../../i18n/namespace-test';

describeNamespace({
  namespace: 'activity',
  title: 'the activity texts',
  files: import.meta.glob<Tree>('./*.json', { eager: true, import: 'default' }),
  latin: { allowed: /\b(USDT|TRX)\b/g, besides: 'currency codes' },
  used: {
    sources: import.meta.glob<string>(['../../screens/Activity/*.tsx'], { eager: true, query: '?raw', import: 'default' }),
    atLeast: 30,
  },
});
