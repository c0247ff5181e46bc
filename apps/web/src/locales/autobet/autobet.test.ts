import { describeNamespace, type Tree } from '../../i18n/namespace-test';

describeNamespace({
  namespace: 'autobet',
  title: 'autobet namespace',
  files: import.meta.glob<Tree>('./*.json', { eager: true, import: 'default' }),
  used: {
    sources: import.meta.glob<string>(['../../screens/AutoBet/*.tsx', '../../components/AutoBetPanel*.tsx'], {
      eager: true,
      query: '?raw',
      import: 'default',
    }),
    atLeast: 20,
    by: 'the panel and the editor use',
  },
});
