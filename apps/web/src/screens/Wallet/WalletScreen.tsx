import { useIonRouter } from '@ionic/react';
import type { CurrencyCode } from '@lobby/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Icon, type IconName } from '../../components/Icon';
import { ListGroup, ListRow } from '../../components/ListRow';
import { Screen } from '../../components/Screen';
import { LOGIN_PATH } from '../../lib/navigation';
import { useExchangeConfig } from '../../state/queries/bank';
import { useBalances } from '../../state/queries/balances';
import { useWalletDisplay } from '../../state/queries/wallet';
import { useSession } from '../../state/session';
import { formatMicroShort, quoteExchange, toMicro } from '../../lib/money';
import { CoinMark } from '../../components/Currency';
import { Ltr } from '../../components/Ltr';
import { useTradeT } from '../Trade/useTradeT';
import '../UserProfile/userProfile.css';
import './wallet.css';
import { Pressable } from '../../components/Pressable';
import { BonusPanel } from '../Bonus/BonusPanel';
import { SplitLine } from '../Bonus/SplitLine';

const ACTIONS: { key: string; to: string; icon: IconName; label: string }[] = [
  { key: 'recharge', to: '/trade/Recharge', icon: 'recharge', label: 'tabs.recharge' },
  { key: 'withdraw', to: '/trade/Withdraw', icon: 'withdraw', label: 'tabs.withdraw' },
  { key: 'exchange', to: '/trade/Exchange', icon: 'exchange', label: 'tabs.exchange' },
  { key: 'trade-record', to: '/trade/TradeHis', icon: 'record', label: 'history.title' },
];

function SignedOut() {
  const { t } = useTradeT();
  const { t: tMain } = useTranslation();
  const router = useIonRouter();
  return (
    <Screen title={tMain('tabs.walletShow')} testId="wallet" root>
      <EmptyState
        icon="wallet"
        title={t('wallet.signedOut')}
        text={t('wallet.signedOutText')}
        action={
          <Button onClick={() => router.push(LOGIN_PATH)} data-testid="wallet-login">
            {t('wallet.login')}
          </Button>
        }
      />
    </Screen>
  );
}

/**
 * The wallet tab: USDT and TRX summed over every wallet (the lobby's and any game provider's), the
 * two together valued in USDT at the exchange rate, the lobby's cash and bonus apart (with the
 * wagering left and the forfeit), each wallet on its own, and the money actions.
 */
function WalletOverview() {
  const { t } = useTradeT();
  const { t: tMain } = useTranslation();
  const display = useWalletDisplay();
  const { data: lobby } = useBalances();
  const { data: exchange } = useExchangeConfig(false);

  // Totals over every wallet once the display has loaded; the lobby wallet alone until then.
  const totals: Record<CurrencyCode, bigint> = {
    USDT: toMicro(display.data?.usdt ?? lobby?.usdt),
    TRX: toMicro(display.data?.trx ?? lobby?.trx),
  };
  const trxRate = exchange?.enabled ? exchange.pairs.find((p) => p.from === 'TRX' && p.to === 'USDT')?.rate : undefined;
  const valued = trxRate ? totals.USDT + quoteExchange(totals.TRX, trxRate) : undefined;
  const entries = display.data?.entries ?? [];

  return (
    <Screen
      title={tMain('tabs.walletShow')}
      testId="wallet"
      root
      right={
        <Pressable
          type="button"
          className={['app-header__action', display.isFetching ? 'is-spinning' : ''].filter(Boolean).join(' ')}
          onClick={() => void display.refetch()}
          aria-label={t('wallet.refresh')}
          data-testid="wallet-refresh"
        >
          <Icon name="refund" />
        </Pressable>
      }
    >
      <section className="wallet-hero" data-testid="wallet-hero">
        <small>{t('wallet.totalAssets')}</small>
        <b className="wallet-hero__total" data-testid="wallet-total">
          <Ltr>{valued !== undefined ? `≈ ${formatMicroShort(valued)}` : formatMicroShort(totals.USDT)}</Ltr>
          <span className="wallet-hero__unit">USDT</span>
        </b>
        {valued !== undefined && <p className="wallet-hero__note">{t('wallet.valuedNote')}</p>}
        <div className="wallet-hero__coins">
          {(['USDT', 'TRX'] as const).map((currency) => (
            <div key={currency} className="wallet-coin" data-testid={`wallet-${currency.toLowerCase()}`}>
              <CoinMark currency={currency} />
              <span className="wallet-coin__text">
                <small>{currency}</small>
                <b data-testid={`wallet-balance-${currency.toLowerCase()}`}>
                  <Ltr>{formatMicroShort(totals[currency])}</Ltr>
                </b>
                <SplitLine currency={currency} testId={`wallet-split-${currency.toLowerCase()}`} />
              </span>
            </div>
          ))}
        </div>
      </section>

      <BonusPanel currency="USDT" testId="wallet-bonus-usdt" />
      <BonusPanel currency="TRX" testId="wallet-bonus-trx" />

      <nav className="quick-links quick-links--card wallet-actions">
        {ACTIONS.map((a) => (
          <Link key={a.key} to={a.to} className="quick-link" data-testid={`wallet-${a.key}`}>
            <span className="quick-link__icon">
              <Icon name={a.icon} />
            </span>
            <span>{t(a.label)}</span>
          </Link>
        ))}
      </nav>

      {entries.length > 0 && (
        <ListGroup title={t('wallet.wallets')}>
          {entries.map((entry) => (
            <div key={entry.wallet} className="list-row wallet-entry" data-testid={`wallet-entry-${entry.wallet}`}>
              <span className="list-row__icon">
                <Icon name={entry.wallet === 'main' ? 'wallet' : 'slot'} />
              </span>
              <span className="list-row__label">{entry.wallet === 'main' ? t('wallet.lobbyWallet') : entry.name}</span>
              <span className="wallet-entry__amounts">
                <Ltr>{`${formatMicroShort(toMicro(entry.usdtBalance))} USDT`}</Ltr>
                <Ltr>{`${formatMicroShort(toMicro(entry.trxBalance))} TRX`}</Ltr>
              </span>
            </div>
          ))}
        </ListGroup>
      )}

      <ListGroup>
        <ListRow icon="wallet" label={t('safe.addresses')} to="/safeCenter/wdAddrManage" testId="wallet-addresses" />
        <ListRow icon="card" label={t('safe.accounts')} to="/WithdrawAccountMgr" testId="wallet-accounts" />
        <ListRow icon="crypto" label={t('wallet.buyCrypto')} to="/buyCrypto" testId="wallet-buy" />
        <ListRow icon="book" label={t('wallet.walletRegister')} to="/walletRegister" testId="wallet-register" />
      </ListGroup>
    </Screen>
  );
}

export default function WalletScreen() {
  const token = useSession((s) => s.token);
  return token ? <WalletOverview /> : <SignedOut />;
}
