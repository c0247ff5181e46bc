import { useIonRouter } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Icon, type IconName } from '../../components/Icon';
import { ListGroup, ListRow } from '../../components/ListRow';
import { Screen } from '../../components/Screen';
import { formatAmount } from '../../lib/format';
import { LOGIN_PATH } from '../../lib/navigation';
import { usePlayer } from '../../state/queries/player';
import { useWalletDisplay } from '../../state/queries/wallet';
import { useSession } from '../../state/session';
import '../UserProfile/userProfile.css';

const ACTIONS: { key: string; to: string; icon: IconName; label: string }[] = [
  { key: 'recharge', to: '/trade/Recharge', icon: 'recharge', label: 'wallet.recharge' },
  { key: 'withdraw', to: '/trade/Withdraw', icon: 'withdraw', label: 'wallet.withdraw' },
  { key: 'exchange', to: '/trade/Exchange', icon: 'exchange', label: 'wallet.exchange' },
  { key: 'buy', to: '/buyCrypto', icon: 'crypto', label: 'screens.buyCrypto' },
];

export default function WalletScreen() {
  const { t } = useTranslation();
  const router = useIonRouter();
  const token = useSession((s) => s.token);
  const { data: player } = usePlayer();
  const { data: display } = useWalletDisplay();
  // Totals over every wallet once the display has loaded; the lobby wallet alone until then.
  const totals = { usdt: display?.usdt ?? player?.balances.usdt, trx: display?.trx ?? player?.balances.trx };

  if (!token) {
    return (
      <Screen title={t('tabs.walletShow')} testId="wallet" root>
        <EmptyState
          icon="wallet"
          title={t('wallet.signedOut')}
          text={t('wallet.signedOutText')}
          action={
            <Button onClick={() => router.push(LOGIN_PATH)} data-testid="wallet-login">
              {t('auth.login')}
            </Button>
          }
        />
      </Screen>
    );
  }

  return (
    <Screen title={t('tabs.walletShow')} testId="wallet" root>
      <section className="wallet-balances">
        {(['usdt', 'trx'] as const).map((currency) => (
          <div key={currency} className={`wallet-balance wallet-balance--${currency}`} data-testid={`wallet-${currency}`}>
            <span className="wallet-balance__coin">{currency === 'usdt' ? '₮' : 'T'}</span>
            <small>{currency.toUpperCase()}</small>
            <b dir="ltr">{formatAmount(totals[currency])}</b>
          </div>
        ))}
      </section>
      <nav className="quick-links quick-links--card">
        {ACTIONS.map((a) => (
          <Link key={a.key} to={a.to} className="quick-link" data-testid={`wallet-${a.key}`}>
            <span className="quick-link__icon">
              <Icon name={a.icon} />
            </span>
            <span>{t(a.label)}</span>
          </Link>
        ))}
      </nav>
      <ListGroup>
        <ListRow icon="record" label={t('wallet.tradeRecord')} to="/trade/TradeHis" testId="wallet-trade-record" />
        <ListRow icon="wallet" label={t('screens.wdAddrManage')} to="/safeCenter/wdAddrManage" testId="wallet-addresses" />
        <ListRow icon="book" label={t('screens.walletRegister')} to="/walletRegister" testId="wallet-register" />
      </ListGroup>
    </Screen>
  );
}
