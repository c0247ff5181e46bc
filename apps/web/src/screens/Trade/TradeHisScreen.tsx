import type { CurrencyCode } from '@lobby/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Select } from '../../components/Field';
import { Icon, type IconName } from '../../components/Icon';
import { Screen } from '../../components/Screen';
import { shortAddress, localeTag } from '../../lib/format';
import { useDepositPushes, useExplorerTxUrl, useTradeRecords, type RecordsFilter, type TradeRecord } from '../../state/queries/bank';
import { useSettings } from '../../state/settings';
import { formatMicroExact, toMicro } from '../../lib/money';
import { CURRENCY_LIST } from '../../components/Currency';
import { LoadError } from '../../components/LoadError';
import { Ltr } from '../../components/Ltr';
import { TxId } from './parts';
import { useTradeT } from './useTradeT';
import { Pressable } from '../../components/Pressable';
import { DateInput } from '../../components/DateInput';

type TradeType = TradeRecord['type'];
const TRADE_TYPES = ['deposit', 'withdraw', 'exchange', 'transfer'] as const satisfies readonly TradeType[];

const TYPE_ICONS: Record<TradeType, IconName> = {
  deposit: 'recharge',
  withdraw: 'withdraw',
  exchange: 'exchange',
  transfer: 'team',
};

/**
 * A day picked in a date input (`2024-05-01`) as the instant its local day starts, ISO with offset.
 * `shiftDays` 1 gives the end of that day: the server's `to` is exclusive.
 */
export function dayBoundary(day: string, shiftDays = 0): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + shiftDays);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

function todayInput(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function RecordRow({ record, explorer }: { record: TradeRecord; explorer: (txId: string) => string | undefined }) {
  const { t } = useTradeT();
  const language = useSettings((s) => s.language);
  const amount = toMicro(record.amount);
  const fee = toMicro(record.fee);
  const when = new Date(record.createdAt);
  const sign = record.direction === 'in' ? '+' : '−';
  const title =
    record.type === 'exchange' && record.toCurrency
      ? `${record.currency} → ${record.toCurrency}`
      : record.type === 'transfer' && record.counterparty
        ? t(record.direction === 'in' ? 'history.transferFrom' : 'history.transferTo', { name: record.counterparty.nickname })
        : record.currency;
  return (
    <li className="record-row" data-testid="tradehis-row" data-type={record.type} data-status={record.status} data-id={record.id}>
      <span className={`record-row__icon record-row__icon--${record.type}`}>
        <Icon name={TYPE_ICONS[record.type]} />
      </span>
      <div className="record-row__main">
        <div className="record-row__line">
          <b className="record-row__type">{t(`history.type.${record.type}`)}</b>
          <span className={`record-row__amount record-row__amount--${record.direction}`} data-testid="tradehis-amount">
            <Ltr>{`${sign}${formatMicroExact(amount)} ${record.currency}`}</Ltr>
          </span>
        </div>
        <div className="record-row__line record-row__line--sub">
          <span className="record-row__title">{title}</span>
          {record.type === 'exchange' && record.toAmount && record.toCurrency ? (
            <span className="record-row__amount record-row__amount--in">
              <Ltr>{`+${formatMicroExact(toMicro(record.toAmount))} ${record.toCurrency}`}</Ltr>
            </span>
          ) : (
            fee > 0n && (
              <span className="record-row__fee">
                {t('history.fee')} <Ltr>{formatMicroExact(fee)}</Ltr>
              </span>
            )
          )}
        </div>
        <div className="record-row__line record-row__line--sub">
          <time dateTime={record.createdAt} data-testid="tradehis-time">
            {when.toLocaleString(localeTag(language), { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })}
          </time>
          <span className={`status-badge status-badge--${record.status}`} data-testid="tradehis-status">
            {t(`history.status.${(record.type === 'withdraw' && record.status === 'pending') || record.heldForReview ? 'review' : record.status}`)}
            {record.confirmations && (
              <>
                {' '}
                <span data-testid="tradehis-confirmations">
                  <Ltr>{`${record.confirmations.seen}/${record.confirmations.needed}`}</Ltr>
                </span>
              </>
            )}
          </span>
        </div>
        {record.heldForReview && (
          <p className="record-row__waiting" data-testid="tradehis-held">
            {t('history.held')}
          </p>
        )}
        {record.status === 'processing' && record.waitingReason && (
          <p className="record-row__waiting" data-testid="tradehis-waiting" data-reason={record.waitingReason}>
            {t(`history.waiting.${record.waitingReason}`)}
          </p>
        )}
        {(record.txId || record.address) && (
          <div className="record-row__line record-row__line--sub">
            {record.address ? (
              <span className="record-row__address">
                {t(record.direction === 'in' ? 'history.fromAddress' : 'history.toAddress')} <Ltr>{shortAddress(record.address)}</Ltr>
              </span>
            ) : (
              <span />
            )}
            {record.txId && (
              <TxId txId={record.txId} url={explorer(record.txId)} keep={4} label={t('history.txId')} className="record-row__tx" testId="tradehis-tx" />
            )}
          </div>
        )}
      </div>
    </li>
  );
}

export default function TradeHisScreen() {
  const { t } = useTradeT();
  const [type, setType] = useState<TradeType | 'all'>('all');
  const [currency, setCurrency] = useState<CurrencyCode | 'all'>('all');
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const today = todayInput();

  const filter = useMemo<RecordsFilter>(() => {
    const next: RecordsFilter = {};
    if (type !== 'all') next.type = type;
    if (currency !== 'all') next.currency = currency;
    const from = fromDay ? dayBoundary(fromDay) : undefined;
    const to = toDay ? dayBoundary(toDay, 1) : undefined;
    if (from) next.from = from;
    if (to && (!from || Date.parse(to) > Date.parse(from))) next.to = to;
    return next;
  }, [type, currency, fromDay, toDay]);

  const records = useTradeRecords(filter);
  // A deposit on its way counts its confirmations here too.
  useDepositPushes();
  const explorer = useExplorerTxUrl();
  const rows = records.data?.pages.flatMap((page) => page.list) ?? [];
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = records;

  // The next page loads as the end of the list scrolls into view.
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '200px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, rows.length]);

  const types: (TradeType | 'all')[] = ['all', ...TRADE_TYPES];

  return (
    <Screen title={t('history.title')} testId="trade-history" backHref="/walletShow">
      <div className="history-filters">
        <div className="chip-row" role="tablist" aria-label={t('history.typeFilter')}>
          {types.map((value) => (
            <Pressable
              key={value}
              type="button"
              role="tab"
              aria-selected={type === value}
              className={['filter-chip', type === value ? 'is-active' : ''].filter(Boolean).join(' ')}
              onClick={() => setType(value)}
              data-testid={`tradehis-type-${value}`}
            >
              {t(value === 'all' ? 'history.all' : `history.type.${value}`)}
            </Pressable>
          ))}
        </div>
        <div className="history-filters__row">
          <Select
            value={currency}
            onValueChange={(v) => setCurrency(v as CurrencyCode | 'all')}
            options={[{ value: 'all', label: t('history.allCurrencies') }, ...CURRENCY_LIST.map((c) => ({ value: c, label: c }))]}
            label={t('history.currencyFilter')}
            testId="tradehis-currency"
          />
          <label className="date-input">
            <span className="visually-hidden">{t('history.from')}</span>
            <DateInput value={fromDay} max={toDay || today} onValueChange={setFromDay} label={t('history.from')} testId="tradehis-from" />
          </label>
          <label className="date-input">
            <span className="visually-hidden">{t('history.to')}</span>
            <DateInput value={toDay} min={fromDay || undefined} max={today} onValueChange={setToDay} label={t('history.to')} testId="tradehis-to" />
          </label>
          {(fromDay || toDay) && (
            <Pressable
              type="button"
              className="icon-button"
              onClick={() => {
                setFromDay('');
                setToDay('');
              }}
              aria-label={t('history.clearDates')}
              data-testid="tradehis-clear-dates"
            >
              <Icon name="close" />
            </Pressable>
          )}
        </div>
      </div>

      {records.isPending ? (
        <ul className="record-list" aria-hidden="true">
          {[0, 1, 2, 3].map((i) => (
            <li key={i} className="record-row record-row--skeleton">
              <span className="skeleton record-row__icon" />
              <div className="record-row__main">
                <span className="skeleton skeleton--text" />
                <span className="skeleton skeleton--text" style={{ width: '45%' }} />
              </div>
            </li>
          ))}
        </ul>
      ) : records.isError && rows.length === 0 ? (
        <LoadError onRetry={() => void records.refetch()} testId="tradehis-error" icon="record" />
      ) : rows.length === 0 ? (
        <EmptyState icon="record" title={t('history.emptyTitle')} text={t('history.emptyText')} testId="tradehis-empty" />
      ) : (
        <>
          <ul className="record-list" data-testid="tradehis-list">
            {rows.map((record) => (
              <RecordRow key={`${record.type}-${record.id}`} record={record} explorer={explorer} />
            ))}
          </ul>
          <div ref={sentinel} className="record-list__end">
            {hasNextPage ? (
              <Button variant="ghost" size="sm" busy={isFetchingNextPage} onClick={() => void fetchNextPage()} data-testid="tradehis-more">
                {t('history.more')}
              </Button>
            ) : (
              <span data-testid="tradehis-end">{t('history.end')}</span>
            )}
          </div>
        </>
      )}
    </Screen>
  );
}
