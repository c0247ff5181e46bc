import { describeNamespace, type Tree } from '../../i18n/namespace-test';

describeNamespace({
  namespace: 'chat',
  title: 'the support chat texts',
  files: import.meta.glob<Tree>('./*.json', { eager: true, import: 'default' }),
  latin: { allowed: /\b(PNG|JPEG|WebP|GIF|MB)\b/g, besides: 'image formats and units' },
  used: {
    sources: import.meta.glob<string>('../../screens/Chat/*.tsx', { eager: true, query: '?raw', import: 'default' }),
    atLeast: 15,
  },
});
