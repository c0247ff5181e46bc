import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Select } from '../../components/Field';
import { SignInPrompt } from '../../components/SignInPrompt';
import { formatExact } from '../../lib/format';
import { useBetRecord, type HashBet } from '../../state/queries/hash-game';
import { ProfitText } from './ProfitText';
import { RecordDates, RecordResults } from './RecordParts';
import { ThirdPartyRecords } from './ThirdPartyRecords';
import { useSession } from '../../state/session';
import { useSettings } from '../../state/settings';
import { ALL_HASH_GAMES, CURRENCY_CODES, statusTone } from '../HashGame/hashDisplay';
import { areaLabel, gameLabel, statusLabel, type Translate } from '../HashGame/labels';
import { useHashT } from '../HashGame/useHashT';
import { Screen } from '../../components/Screen';
import { formatTime, NO_FILTERS, recordRequest, STATUS_FILTERS, type FilterState } from './records';
import '../HashGame/hashGame.css';
import './betRecord.css';
import { Pressable } from '../../components/Pressable';

function BetRow({ t, bet, language }: { t: Translate; bet: HashBet; language: string }) {
  const tone = statusTone(bet.status);
  return (
    <li>
      <Link to={`/betRecord/betDetails?id=${bet.id}`} className="bet-row" data-testid="betrecord-row" data-status={bet.status}>
        <span className="bet-row__main">
          <b>{gameLabel(t, bet.gameId)}</b>
          <small>
            <span dir="ltr">#{bet.round}</span> · {areaLabel(t, bet.area)} ·{' '}
            <span dir="ltr">
              {formatExact(bet.amount, bet.currency)} {bet.currency}
            </span>
          </small>
          <small className="bet-row__time">{formatTime(bet.createdAt, language)}</small>
        </span>
        <span className="bet-row__side">
          <span className={`status-tag status-tag--${tone}`}>{statusLabel(t, bet.status)}</span>
          <ProfitText profitAmount={bet.profitAmount} currency={bet.currency} />
        </span>
      </Link>
    </li>
  );
}

/** The hash side of `/betRecord`: every hash-game bet of the player (page and transfer), filtered and paged. */
function HashRecords({ t, language }: { t: Translate; language: string }) {
  const [filters, setFilters] = useState<FilterState>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const request = useMemo(() => recordRequest(filters, page), [filters, page]);
  const query = useBetRecord(request);

  const change = (patch: Partial<FilterState>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
  };

  const filtered = Object.values(filters).some(Boolean);

  return (
    <>
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
          options={[{ value: '', label: t('records.allStatuses') }, ...STATUS_FILTERS.map((s) => ({ value: String(s), label: statusLabel(t, s) }))]}
        />
        <Select
          label={t('records.currency')}
          value={filters.currency}
          onValueChange={(currency) => change({ currency })}
          testId="betrecord-currency"
          options={[{ value: '', label: t('records.allCurrencies') }, ...CURRENCY_CODES.map((c) => ({ value: c, label: c }))]}
        />
        <RecordDates t={t} prefix="betrecord" from={filters.from} to={filters.to} filtered={filtered} onChange={change} onClear={() => change(NO_FILTERS)} />
      </section>

      <RecordResults
        t={t}
        prefix="betrecord"
        query={query}
        page={page}
        setPage={setPage}
        total={(count) => t('records.total', { count })}
        empty={{ title: t(filtered ? 'records.emptyFiltered' : 'records.empty'), text: t('records.emptyText') }}
      >
        {(bet) => <BetRow key={bet.id} t={t} bet={bet} language={language} />}
      </RecordResults>
    </>
  );
}

type RecordKind = 'hash' | 'third';
const KINDS: RecordKind[] = ['hash', 'third'];

/**
 * `/betRecord`: the player's bets, hash games or third-party games (`?kind=third`), each with its
 * own filters and pages; the switch keeps its place in the address so a reload or a link opens the same side.
 */
export default function BetRecordScreen() {
  const { t } = useHashT();
  const language = useSettings((s) => s.language);
  const token = useSession((s) => s.token);
  const [params, setParams] = useSearchParams();
  const kind: RecordKind = params.get('kind') === 'third' ? 'third' : 'hash';

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

  return (
    <Screen title={t('title.records')} testId="betRecord" backHref="/userProfile">
      <div className="record-kinds" role="tablist" aria-label={t('records.kindLabel')}>
        {KINDS.map((value) => (
          <Pressable
            key={value}
            type="button"
            role="tab"
            aria-selected={kind === value}
            className={['record-kinds__tab', kind === value ? 'is-active' : ''].filter(Boolean).join(' ')}
            onClick={() => setParams(value === 'third' ? { kind: 'third' } : {}, { replace: true })}
            data-testid={`betrecord-kind-${value}`}
          >
            {t(value === 'third' ? 'records.kindThird' : 'records.kindHash')}
          </Pressable>
        ))}
      </div>
      {kind === 'third' ? <ThirdPartyRecords t={t} language={language} /> : <HashRecords t={t} language={language} />}
    </Screen>
  );
}
