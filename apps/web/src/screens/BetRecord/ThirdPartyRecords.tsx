import { useMemo, useState } from 'react';
import { Select } from '../../components/Field';
import { formatExact } from '../../lib/format';
import { useThirdGameRecord, type ThirdGameRound } from '../../state/queries/thirdGame';
import { CURRENCY_CODES, type StatusTone } from '../HashGame/hashDisplay';
import type { Translate } from '../HashGame/labels';
import { ProfitText } from './ProfitText';
import { RecordDates, RecordResults } from './RecordParts';
import { formatTime, NO_THIRD_FILTERS, THIRD_GAME_TYPES, thirdRecordRequest, type ThirdFilterState } from './records';

/** An amount kept left to right inside a sentence of either direction (Unicode isolate marks). */
const isolated = (text: string) => `\u2066${text}\u2069`;

/** A round still taking bets has no result yet; a refunded one neither won nor lost. */
function roundTone(round: ThirdGameRound): StatusTone {
  if (round.status === 'open') return 'pending';
  if (round.status === 'refunded') return 'cancelled';
  const profit = round.profitAmount.trim();
  if (profit.startsWith('-')) return 'lose';
  return /[1-9]/.test(profit) ? 'win' : 'draw';
}

function RoundRow({ t, round, language }: { t: Translate; round: ThirdGameRound; language: string }) {
  return (
    <li className="bet-row" data-testid="thirdrecord-row" data-status={round.status} data-round={round.round}>
      <span className="bet-row__main">
        <b>{round.gameName}</b>
        <small className="bet-row__meta">
          {t(`records.gameTypes.${round.gameType}`)} · {round.manufacturer} · <span dir="ltr">#{round.round}</span>
        </small>
        <small>
          <span data-testid="thirdrecord-bet">
            {t('records.roundBet', { amount: isolated(`${formatExact(round.betAmount, round.currency)} ${round.currency}`) })}
          </span>{' '}
          ·{' '}
          <span data-testid="thirdrecord-win">
            {t('records.roundWin', { amount: isolated(`${formatExact(round.winAmount, round.currency)} ${round.currency}`) })}
          </span>
        </small>
        <small className="bet-row__time">{formatTime(round.createdAt, language)}</small>
      </span>
      <span className="bet-row__side">
        <span className={`status-tag status-tag--${roundTone(round)}`}>{t(`records.roundStatus.${round.status}`)}</span>
        <ProfitText profitAmount={round.status === 'settled' ? round.profitAmount : null} currency={round.currency} />
      </span>
    </li>
  );
}

/** The third-party side of `/betRecord`: the player's rounds of provider games, filtered and paged. */
export function ThirdPartyRecords({ t, language }: { t: Translate; language: string }) {
  const [filters, setFilters] = useState<ThirdFilterState>(NO_THIRD_FILTERS);
  const [page, setPage] = useState(1);
  const request = useMemo(() => thirdRecordRequest(filters, page), [filters, page]);
  const query = useThirdGameRecord(request);

  const change = (patch: Partial<ThirdFilterState>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
  };
  const filtered = Object.values(filters).some(Boolean);

  return (
    <>
      <section className="record-filters record-filters--pair" data-testid="thirdrecord-filters" aria-label={t('records.filters')}>
        <Select
          label={t('records.gameType')}
          value={filters.gameType}
          onValueChange={(gameType) => change({ gameType })}
          testId="thirdrecord-type"
          options={[
            { value: '', label: t('records.allGameTypes') },
            ...THIRD_GAME_TYPES.map((type) => ({ value: String(type), label: t(`records.gameTypes.${type}`) })),
          ]}
        />
        <Select
          label={t('records.currency')}
          value={filters.currency}
          onValueChange={(currency) => change({ currency })}
          testId="thirdrecord-currency"
          options={[{ value: '', label: t('records.allCurrencies') }, ...CURRENCY_CODES.map((c) => ({ value: c, label: c }))]}
        />
        <RecordDates
          t={t}
          prefix="thirdrecord"
          from={filters.from}
          to={filters.to}
          filtered={filtered}
          onChange={change}
          onClear={() => change(NO_THIRD_FILTERS)}
        />
      </section>

      <RecordResults
        t={t}
        prefix="thirdrecord"
        query={query}
        page={page}
        setPage={setPage}
        total={(count) => t('records.roundTotal', { count })}
        empty={{ title: t(filtered ? 'records.roundEmptyFiltered' : 'records.roundEmpty'), text: t('records.roundEmptyText') }}
      >
        {(round) => <RoundRow key={round.id} t={t} round={round} language={language} />}
      </RecordResults>
    </>
  );
}
