import { describeNamespace, type Tree } from '../../i18n/namespace-test';

describeNamespace({
  namespace: 'mail',
  title: 'the site-message texts',
  files: import.meta.glob<Tree>('./*.json', { eager: true, import: 'default' }),
  used: {
    sources: import.meta.glob<string>('../../screens/SiteMessage/*.tsx', { eager: true, query: '?raw', import: 'default' }),
    atLeast: 15,
  },
});
