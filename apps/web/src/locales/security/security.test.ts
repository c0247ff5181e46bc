import { describeNamespace, type Tree } from '../../i18n/namespace-test';

describeNamespace({
  namespace: 'security',
  title: 'the account security texts',
  files: import.meta.glob<Tree>('./*.json', { eager: true, import: 'default' }),
  latin: { allowed: /\bQR\b/g, besides: 'QR' },
  used: {
    sources: import.meta.glob<string>('../../screens/Security/*.{ts,tsx}', { eager: true, query: '?raw', import: 'default' }),
    atLeast: 30,
  },
});
