import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Select } from '../../components/Field';
import { SignInPrompt } from '../../components/SignInPrompt';
import { formatAmount } from '../../lib/format';
import { useBetRecord, type HashBet } from '../../state/queries/hash-game';
import { useSession } from '../../state/session';
import { useSettings } from '../../state/settings';
import { ALL_HASH_GAMES, BET_STATUSES, CURRENCY_CODES, statusTone, toMicro } from '../HashGame/hashDisplay';
import { areaLabel, gameLabel, statusLabel, type Translate } from '../HashGame/labels';
import { useHashT } from '../HashGame/useHashT';
import { Screen } from '../../components/Screen';
import { formatTime, NO_FILTERS, recordRequest, type FilterState } from './records';
import '../HashGame/hashGame.css';
import { Pressable } from '../../components/Pressable';

/** Profit with its sign, coloured by the row: what the player is up or down on the bet. */
function ProfitText({ bet }: { bet: HashBet }) {
  if (bet.profitAmount === null) return <span className="bet-row__profit">—</span>;
  const micro = toMicro(bet.profitAmount.replace('-', '')) ?? 0n;
  const negative = bet.profitAmount.trim().startsWith('-') && micro > 0n;
  const tone = negative ? 'lose' : micro > 0n ? 'win' : 'draw';
  return (
    <span className={`bet-row__profit bet-row__profit--${tone}`} dir="ltr">
      {negative ? '−' : micro > 0n ? '+' : ''}
      {formatAmount(bet.profitAmount.replace('-', ''))} <small>{bet.currency}</small>
    </span>
  );
}

function BetRow({ t, bet, language }: { t: Translate; bet: HashBet; language: string }) {
  const tone = statusTone(bet.status);
  return (
    <li>
      <Link to={`/betRecord/betDetails?id=${bet.id}`} className="bet-row" data-testid="betrecord-row" data-status={bet.status}>
        <span className="bet-row__main">
          <b>{gameLabel(t, bet.gameId)}</b>
          <small>
            <span dir="ltr">#{bet.round}</span> · {areaLabel(t, bet.area)} · <span dir="ltr">{formatAmount(bet.amount)} {bet.currency}</span>
          </small>
          <small className="bet-row__time">{formatTime(bet.createdAt, language)}</small>
        </span>
        <span className="bet-row__side">
          <span className={`status-tag status-tag--${tone}`}>{statusLabel(t, bet.status)}</span>
          <ProfitText bet={bet} />
        </span>
      </Link>
    </li>
  );
}

/** `/betRecord`: every hash-game bet of the player (page and transfer), filtered and paged. */
export default function BetRecordScreen() {
  const { t } = useHashT();
  const language = useSettings((s) => s.language);
  const token = useSession((s) => s.token);
  const [filters, setFilters] = useState<FilterState>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const request = useMemo(() => recordRequest(filters, page), [filters, page]);
  const { data, isPending, isError, isPlaceholderData, refetch } = useBetRecord(request);

  const change = (patch: Partial<FilterState>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
  };

  if (!token) {
    return (
      <Screen title={t('title.records')} testId="betRecord" backHref="/userProfile">
        <SignInPrompt
          icon="record"
          title={t('records.visitor')}
          text={t('records.visitorText')}
          loginLabel={t('common.login')}
          testId="betrecord-visitor"
          loginTestId="betrecord-login"
        />
      </Screen>
    );
  }

  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const filtered = Object.values(filters).some(Boolean);

  return (
    <Screen title={t('title.records')} testId="betRecord" backHref="/userProfile">
      <section className="record-filters" data-testid="betrecord-filters" aria-label={t('records.filters')}>
        <Select
          label={t('records.game')}
          value={filters.gameId}
          onValueChange={(gameId) => change({ gameId })}
          testId="betrecord-game"
          options={[{ value: '', label: t('records.allGames') }, ...ALL_HASH_GAMES.map((g) => ({ value: String(g.id), label: gameLabel(t, g.id) }))]}
        />
        <Select
          label={t('records.status')}
          value={filters.status}
          onValueChange={(status) => change({ status })}
          testId="betrecord-status"
          options={[{ value: '', label: t('records.allStatuses') }, ...BET_STATUSES.map((s) => ({ value: String(s), label: statusLabel(t, s) }))]}
        />
        <Select
          label={t('records.currency')}
          value={filters.currency}
          onValueChange={(currency) => change({ currency })}
          testId="betrecord-currency"
          options={[{ value: '', label: t('records.allCurrencies') }, ...CURRENCY_CODES.map((c) => ({ value: c, label: c }))]}
        />
        <div className="record-filters__dates">
          <label className="record-date">
            <span>{t('records.from')}</span>
            <input type="date" value={filters.from} max={filters.to || undefined} onChange={(e) => change({ from: e.target.value })} data-testid="betrecord-from" />
          </label>
          <label className="record-date">
            <span>{t('records.to')}</span>
            <input type="date" value={filters.to} min={filters.from || undefined} onChange={(e) => change({ to: e.target.value })} data-testid="betrecord-to" />
          </label>
        </div>
        {filtered && (
          <Pressable type="button" className="text-link record-filters__clear" onClick={() => change(NO_FILTERS)} data-testid="betrecord-clear">
            {t('records.clear')}
          </Pressable>
        )}
      </section>

      {isPending ? (
        <ul className="bet-rows" aria-busy="true">
          {Array.from({ length: 4 }, (_, i) => (
            <li key={i} className="bet-row bet-row--skeleton">
              <span className="skeleton skeleton--text" />
            </li>
          ))}
        </ul>
      ) : isError && !data ? (
        <EmptyState
          icon="record"
          title={t('records.error')}
          testId="betrecord-error"
          action={
            <Button variant="secondary" onClick={() => void refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : data && data.list.length > 0 ? (
        <>
          <p className="record-total" data-testid="betrecord-total">
            {t('records.total', { count: data.total })}
          </p>
          <ul className={['bet-rows', isPlaceholderData ? 'is-stale' : ''].filter(Boolean).join(' ')}>
            {data.list.map((bet) => (
              <BetRow key={bet.id} t={t} bet={bet} language={language} />
            ))}
          </ul>
          {pages > 1 && (
            <nav className="pager" aria-label={t('records.paging')}>
              <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)} data-testid="betrecord-prev">
                {t('records.prev')}
              </Button>
              <span data-testid="betrecord-page">{t('records.page', { page, pages })}</span>
              <Button variant="secondary" size="sm" disabled={page >= pages || isPlaceholderData} onClick={() => setPage((p) => p + 1)} data-testid="betrecord-next">
                {t('records.next')}
              </Button>
            </nav>
          )}
        </>
      ) : (
        <EmptyState icon="record" title={t(filtered ? 'records.emptyFiltered' : 'records.empty')} text={t('records.emptyText')} testId="betrecord-empty" />
      )}
    </Screen>
  );
}
