import { describeNamespace, type Tree } from '../../i18n/namespace-test';

describeNamespace({
  namespace: 'vip',
  title: 'the VIP, rebate and bonus texts',
  files: import.meta.glob<Tree>('./*.json', { eager: true, import: 'default' }),
  latin: { allowed: /\b(USDT|TRX|VIP)\b/g, besides: 'currency codes and VIP' },
  used: {
    sources: import.meta.glob<string>(['../../screens/Vip/*.tsx', '../../screens/Rebate/*.tsx', '../../screens/BonusRecord/*.tsx'], {
      eager: true,
      query: '?raw',
      import: 'default',
    }),
    atLeast: 20,
  },
});
