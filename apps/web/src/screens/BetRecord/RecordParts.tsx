import type { ReactNode } from 'react';
import { Button } from '../../components/Button';
import { DateInput } from '../../components/DateInput';
import { EmptyState } from '../../components/EmptyState';
import { Pressable } from '../../components/Pressable';
import type { Translate } from '../HashGame/labels';

// What both sides of /betRecord (hash bets, third-party rounds) show the same way. Test ids start
// with the side's prefix: `betrecord-` or `thirdrecord-`.

/** The date range and the clear link at the end of a side's filters. */
export function RecordDates({
  t,
  prefix,
  from,
  to,
  filtered,
  onChange,
  onClear,
}: {
  t: Translate;
  prefix: string;
  from: string;
  to: string;
  filtered: boolean;
  onChange: (patch: { from?: string; to?: string }) => void;
  onClear: () => void;
}) {
  return (
    <>
      <div className="record-filters__dates">
        <label className="record-date">
          <span>{t('records.from')}</span>
          <DateInput value={from} max={to || undefined} onValueChange={(day) => onChange({ from: day })} testId={`${prefix}-from`} />
        </label>
        <label className="record-date">
          <span>{t('records.to')}</span>
          <DateInput value={to} min={from || undefined} onValueChange={(day) => onChange({ to: day })} testId={`${prefix}-to`} />
        </label>
      </div>
      {filtered && (
        <Pressable type="button" className="text-link record-filters__clear" onClick={onClear} data-testid={`${prefix}-clear`}>
          {t('records.clear')}
        </Pressable>
      )}
    </>
  );
}

export interface RecordPage<T> {
  data?: { list: T[]; total: number; pageSize: number };
  isPending: boolean;
  isError: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

/** A side's results: skeleton rows while loading, a retry on failure, the page of rows with its pager, or the empty state. */
export function RecordResults<T>({
  t,
  prefix,
  query,
  page,
  setPage,
  total,
  empty,
  children,
}: {
  t: Translate;
  prefix: string;
  query: RecordPage<T>;
  page: number;
  setPage: (update: (page: number) => number) => void;
  total: (count: number) => string;
  empty: { title: string; text: string };
  children: (item: T) => ReactNode;
}) {
  const { data, isPending, isError, isPlaceholderData, refetch } = query;
  if (isPending) {
    return (
      <ul className="bet-rows" aria-busy="true">
        {Array.from({ length: 4 }, (_, i) => (
          <li key={i} className="bet-row bet-row--skeleton">
            <span className="skeleton skeleton--text" />
          </li>
        ))}
      </ul>
    );
  }
  if (isError && !data) {
    return (
      <EmptyState
        icon="record"
        title={t('records.error')}
        testId={`${prefix}-error`}
        action={
          <Button variant="secondary" onClick={() => void refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  if (!data || data.list.length === 0) return <EmptyState icon="record" title={empty.title} text={empty.text} testId={`${prefix}-empty`} />;
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <>
      <p className="record-total" data-testid={`${prefix}-total`}>
        {total(data.total)}
      </p>
      <ul className={['bet-rows', isPlaceholderData ? 'is-stale' : ''].filter(Boolean).join(' ')}>{data.list.map(children)}</ul>
      {pages > 1 && (
        <nav className="pager" aria-label={t('records.paging')}>
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)} data-testid={`${prefix}-prev`}>
            {t('records.prev')}
          </Button>
          <span data-testid={`${prefix}-page`}>{t('records.page', { page, pages })}</span>
          <Button
            variant="secondary"
            size="sm"
            disabled={page >= pages || isPlaceholderData}
            onClick={() => setPage((p) => p + 1)}
            data-testid={`${prefix}-next`}
          >
            {t('records.next')}
          </Button>
        </nav>
      )}
    </>
  );
}
