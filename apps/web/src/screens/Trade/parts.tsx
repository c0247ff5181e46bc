import { useIonRouter } from '@ionic/react';
import type { CurrencyCode } from '@lobby/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Icon } from '../../components/Icon';
import { Ltr } from '../../components/Ltr';
import { Screen } from '../../components/Screen';
import { shortAddress } from '../../lib/format';
import { useTradeT } from './useTradeT';
import './trade.css';
import { Pressable } from '../../components/Pressable';

export type TradeTab = 'Recharge' | 'Withdraw' | 'Exchange';
const TABS: { tab: TradeTab; label: string }[] = [
  { tab: 'Recharge', label: 'tabs.recharge' },
  { tab: 'Withdraw', label: 'tabs.withdraw' },
  { tab: 'Exchange', label: 'tabs.exchange' },
];

/**
 * The frame of /trade/Recharge, /trade/Withdraw and /trade/Exchange: the title, a link to the history
 * and the switch between the three. Each tab is its own route, so a link or a reload lands on it.
 */
export function TradeScreen({ tab, children }: { tab: TradeTab; children: ReactNode }) {
  const { t } = useTradeT();
  const router = useIonRouter();
  return (
    <Screen
      title={t(`tabs.${tab.toLowerCase()}`)}
      testId={`trade-${tab.toLowerCase()}`}
      backHref="/walletShow"
      right={
        <Link to="/trade/TradeHis" className="app-header__action" aria-label={t('history.title')} data-testid="trade-history-link">
          <Icon name="record" />
        </Link>
      }
    >
      {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the switch is both the page's navigation and a tab list; the tests and styles find it as a nav. */}
      <nav className="trade-tabs" role="tablist" aria-label={t('tabs.label')}>
        {TABS.map((item) => (
          <Pressable
            key={item.tab}
            type="button"
            role="tab"
            aria-selected={item.tab === tab}
            className={['trade-tabs__item', item.tab === tab ? 'is-active' : ''].filter(Boolean).join(' ')}
            onClick={() => item.tab !== tab && router.push(`/trade/${item.tab}`, 'none', 'replace')}
            data-testid={`trade-tab-${item.tab}`}
          >
            {t(item.label)}
          </Pressable>
        ))}
      </nav>
      {children}
    </Screen>
  );
}

interface AmountInputProps {
  value: string;
  onChange(value: string): void;
  currency: CurrencyCode;
  placeholder: string;
  testId: string;
  allLabel?: string;
  onAll?(): void;
  allTestId?: string;
  invalid?: boolean;
  label: string;
}

/** A large amount field with its unit and an "all" button; text only, decimals typed on the phone's keypad. */
export function AmountInput({ value, onChange, currency, placeholder, testId, allLabel, onAll, allTestId, invalid, label }: AmountInputProps) {
  return (
    <div className={['amount-input', invalid ? 'has-error' : ''].filter(Boolean).join(' ')}>
      <input
        className="amount-input__field"
        inputMode="decimal"
        autoComplete="off"
        enterKeyHint="done"
        dir="ltr"
        aria-label={label}
        aria-invalid={invalid || undefined}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      />
      <span className="amount-input__unit">{currency}</span>
      {onAll && (
        <Pressable type="button" className="amount-input__all" onClick={onAll} data-testid={allTestId}>
          {allLabel}
        </Pressable>
      )}
    </div>
  );
}

export function InfoRow({ label, value, testId, strong }: { label: string; value: ReactNode; testId?: string; strong?: boolean }) {
  return (
    <div className={['info-row', strong ? 'info-row--strong' : ''].filter(Boolean).join(' ')}>
      <span className="info-row__label">{label}</span>
      <span className="info-row__value" data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

interface TxIdProps {
  txId: string;
  /** The explorer's page for it, if the site has an explorer. */
  url: string | undefined;
  /** Characters kept at each end. */
  keep?: number;
  /** Read before the id, inside the link. */
  label?: string;
  className?: string;
  testId: string;
}

/**
 * A transaction id, shortened: a link to the block explorer when the site has one, else plain text
 * (the devnet's transactions are on no public explorer). The full id is in its title either way.
 */
export function TxId({ txId, url, keep, label, className, testId }: TxIdProps) {
  const text = (
    <>
      {label && `${label} `}
      <Ltr>{shortAddress(txId, keep)}</Ltr>
    </>
  );
  if (!url) {
    return (
      <span className={className} title={txId} data-testid={testId}>
        {text}
      </span>
    );
  }
  return (
    <a href={url} target="_blank" rel="noreferrer noopener" className={['text-link', className].filter(Boolean).join(' ')} title={txId} data-testid={testId}>
      {text}
    </a>
  );
}
