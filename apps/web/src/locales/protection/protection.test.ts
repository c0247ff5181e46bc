import { describeNamespace, type Tree } from '../../i18n/namespace-test';

describeNamespace({
  namespace: 'protection',
  title: 'the responsible-gaming texts',
  files: import.meta.glob<Tree>('./*.json', { eager: true, import: 'default' }),
  latin: { allowed: /\bUSDT\b/g, besides: 'the currency code' },
  used: {
    sources: import.meta.glob<string>('../../screens/ResponsibleGaming/*.{ts,tsx}', { eager: true, query: '?raw', import: 'default' }),
    atLeast: 40,
  },
});
