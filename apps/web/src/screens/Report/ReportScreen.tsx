import { GameType, type CurrencyCode, type GameTypeCode } from '@lobby/contract';
import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Segmented } from '../../components/Field';
import { Pressable } from '../../components/Pressable';
import { Screen } from '../../components/Screen';
import { SignInPrompt } from '../../components/SignInPrompt';
import { hashGameName } from '../../lib/games';
import {
  signedMicro,
  useBetFormDetail,
  useBetFormSummary,
  useDailyWinOrLose,
  useWinOrLoseForm,
  type GameTypeTotals,
  type ReportBet,
  type ReportDay,
} from '../../state/queries/report';
import { useSession } from '../../state/session';
import { useSettings } from '../../state/settings';
import { formatMicroExact } from '../../lib/money';
import { CURRENCY_LIST } from '../../components/Currency';
import { LoadError } from '../../components/LoadError';
import { localeTag } from '../../lib/format';
import { Ltr } from '../../components/Ltr';
import { SkeletonCard } from '../../components/SkeletonCard';
import { Card, Money } from '../Vip/parts';
import { useReferralT } from '../Promotion/useReferralT';
import './report.css';

// uPlot stays out of the first load of every other screen: it arrives with the chart.
const ReportChart = lazy(() => import('./ReportChart'));

export const REPORT_PERIODS = [1, 7, 30] as const;
type Period = (typeof REPORT_PERIODS)[number];

/** Won, lost or even, for colour. */
const tone = (micro: bigint) => (micro > 0n ? 'win' : micro < 0n ? 'lose' : 'even');

/** A win or loss, signed and coloured, read left to right in every language. */
function Signed({ micro, currency, testId }: { micro: bigint; currency: string; testId?: string }) {
  return (
    <span className={`report-winlose report-winlose--${tone(micro)}`}>
      <Ltr className="vip-money">
        <span data-testid={testId}>{`${micro > 0n ? '+' : micro < 0n ? '-' : ''}${formatMicroExact(micro < 0n ? -micro : micro)} ${currency}`}</span>
      </Ltr>
    </span>
  );
}

const WinLose = ({ amount, currency, testId }: { amount: string; currency: string; testId?: string }) => (
  <Signed micro={signedMicro(amount)} currency={currency} testId={testId} />
);

function Overview({ currency, period }: { currency: CurrencyCode; period: Period }) {
  const { t } = useReferralT();
  const form = useWinOrLoseForm(currency, period);
  if (form.isPending) return <SkeletonCard lines={4} />;
  if (form.isError) return <LoadError onRetry={() => void form.refetch()} testId="report-overview-error" icon="chart" />;
  const data = form.data;
  return (
    <Card testId="report-overview">
      <div className="report-total">
        <small>{t('report.winLose')}</small>
        <b>
          <Signed micro={signedMicro(data.winLoseAmount)} currency={currency} testId="report-winlose" />
        </b>
      </div>
      <div className="report-stats">
        <Stat label={t('report.betCount')} testId="report-bet-count">
          {data.betCount}
        </Stat>
        <Stat label={t('report.betAmount')} testId="report-bet-amount">
          <Money amount={data.betAmount} currency={currency} />
        </Stat>
        <Stat label={t('report.validBet')} testId="report-valid-bet">
          <Money amount={data.validBetAmount} currency={currency} />
        </Stat>
        <Stat label={t('report.payout')} testId="report-payout">
          <Money amount={data.payoutAmount} currency={currency} />
        </Stat>
        <Stat label={t('report.bonus')} testId="report-bonus">
          <Money amount={data.bonusAmount} currency={currency} />
        </Stat>
        <Stat label={t('report.deposit')} testId="report-deposit">
          <Money amount={data.depositAmount} currency={currency} />
        </Stat>
        <Stat label={t('report.withdraw')} testId="report-withdraw">
          <Money amount={data.withdrawAmount} currency={currency} />
        </Stat>
      </div>
    </Card>
  );
}

function Stat({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className="report-stat">
      <small>{label}</small>
      <b data-testid={testId}>{children}</b>
    </div>
  );
}

function Chart({ currency, period }: { currency: CurrencyCode; period: Period }) {
  const { t } = useReferralT();
  const daily = useDailyWinOrLose(currency, period);
  const labels = useMemo(() => ({ win: t('report.chartWin'), loss: t('report.chartLoss'), turnover: t('report.chartTurnover') }), [t]);
  const formatTick = useCallback((value: number) => compact(value), []);
  const chartDays = useMemo(
    () => daily.days?.map((day: ReportDay) => ({ day: day.day, winLose: day.winLoseMicro, turnover: day.turnoverMicro })),
    [daily.days],
  );
  if (daily.isError && !chartDays) return <LoadError onRetry={daily.refetch} testId="report-chart-error" icon="chart" />;
  const empty = chartDays?.every((day) => day.turnover === 0n && day.winLose === 0n);
  return (
    <Card title={t('report.chartTitle')} testId="report-chart">
      {!chartDays ? (
        <span className="skeleton report-chart__placeholder" aria-hidden="true" />
      ) : empty ? (
        <EmptyState
          icon="chart"
          title={t('report.emptyTitle')}
          text={t('report.emptyText')}
          testId="report-chart-empty"
          action={
            <Link to="/home" className="btn btn--secondary btn--md" data-testid="report-play">
              <span className="btn__label">{t('report.play')}</span>
            </Link>
          }
        />
      ) : (
        <>
          <Suspense fallback={<span className="skeleton report-chart__placeholder" aria-hidden="true" />}>
            <ReportChart days={chartDays} labels={labels} formatTick={formatTick} />
          </Suspense>
          <ul className="report-legend" aria-hidden="true">
            <li className="report-legend__item report-legend__item--win">{labels.win}</li>
            <li className="report-legend__item report-legend__item--loss">{labels.loss}</li>
            <li className="report-legend__item report-legend__item--turnover">{labels.turnover}</li>
          </ul>
          <ul className="visually-hidden" data-testid="report-chart-days">
            {chartDays.map((day) => (
              <li key={day.day} data-day={day.day} data-winlose={day.winLose.toString()} data-turnover={day.turnover.toString()}>
                {`${day.day}: ${formatMicroExact(day.winLose)} ${currency}, ${formatMicroExact(day.turnover)} ${currency}`}
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}

/** Axis ticks: short figures (1.2K, 3M) so the axis stays narrow on a phone. */
function compact(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1e6) return `${+(value / 1e6).toFixed(1)}M`;
  if (abs >= 1e3) return `${+(value / 1e3).toFixed(1)}K`;
  return `${+value.toFixed(2)}`;
}

function SummaryRow({ row, currency, selected, onSelect }: { row: GameTypeTotals; currency: string; selected: boolean; onSelect(): void }) {
  const { t } = useReferralT();
  return (
    <li>
      <Pressable
        className={`report-type${selected ? ' is-selected' : ''}`}
        aria-pressed={selected}
        onClick={onSelect}
        data-testid={`report-type-${row.gameType}`}
      >
        <span className="report-type__name">
          <b>{t(`gameType.${row.gameType}`)}</b>
          <small>{t('report.bets', { count: row.betCount })}</small>
        </span>
        <span className="report-type__figures">
          <WinLose amount={row.winLoseAmount} currency={currency} />
          <small>
            {t('report.validBet')} <Money amount={row.validBetAmount} currency={currency} />
          </small>
        </span>
      </Pressable>
    </li>
  );
}

function Summary({
  currency,
  period,
  gameType,
  onGameType,
}: {
  currency: CurrencyCode;
  period: Period;
  gameType: GameTypeCode | null;
  onGameType(type: GameTypeCode): void;
}) {
  const { t } = useReferralT();
  const summary = useBetFormSummary(currency, period);
  if (summary.isPending) return <SkeletonCard lines={3} />;
  if (summary.isError) return <LoadError onRetry={() => void summary.refetch()} testId="report-summary-error" icon="chart" />;
  const rows = summary.data.byGameType;
  return (
    <Card title={t('report.byGameType')} testId="report-summary">
      {rows.length === 0 ? (
        <p className="vip-note" data-testid="report-summary-empty">
          {t('report.summaryEmpty')}
        </p>
      ) : (
        <ul className="report-types">
          {rows.map((row) => (
            <SummaryRow key={row.gameType} row={row} currency={currency} selected={row.gameType === gameType} onSelect={() => onGameType(row.gameType)} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function BetRow({ bet, currency }: { bet: ReportBet; currency: string }) {
  const { t } = useReferralT();
  const language = useSettings((s) => s.language);
  return (
    <li className="vip-record" data-testid="report-bet" data-id={bet.id}>
      <div className="vip-record__line">
        {/* The server names hash games in English or Chinese only; the app knows them in every language. */}
        <span className="report-bet__name" data-testid="report-bet-name">
          {(bet.gameType === GameType.HASH ? hashGameName(bet.gameId, language) : undefined) ?? bet.gameName}
        </span>
        {bet.winLoseAmount === null ? <span className="report-bet__open">{t('report.open')}</span> : <WinLose amount={bet.winLoseAmount} currency={currency} />}
      </div>
      <div className="vip-record__line vip-record__line--sub">
        <span>
          {t('report.bet')} <Money amount={bet.betAmount} currency={currency} />
        </span>
        <time dateTime={bet.betAt}>
          {new Date(bet.betAt).toLocaleString(localeTag(language), { month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })}
        </time>
      </div>
    </li>
  );
}

function Details({ currency, period, gameType }: { currency: CurrencyCode; period: Period; gameType: GameTypeCode }) {
  const { t } = useReferralT();
  const detail = useBetFormDetail(currency, period, gameType);
  const rows = detail.data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <Card title={t('report.details', { type: t(`gameType.${gameType}`) })} testId="report-details">
      {detail.isPending ? (
        <span className="skeleton skeleton--text" aria-hidden="true" />
      ) : detail.isError && rows.length === 0 ? (
        <LoadError onRetry={() => void detail.refetch()} testId="report-details-error" icon="record" />
      ) : rows.length === 0 ? (
        <p className="vip-note">{t('report.summaryEmpty')}</p>
      ) : (
        <>
          <ul className="vip-record-list">
            {rows.map((bet) => (
              <BetRow key={bet.id} bet={bet} currency={currency} />
            ))}
          </ul>
          {detail.hasNextPage ? (
            <Button variant="ghost" size="sm" busy={detail.isFetchingNextPage} onClick={() => void detail.fetchNextPage()} data-testid="report-details-more">
              {t('report.more')}
            </Button>
          ) : (
            <p className="vip-note vip-note--center">{t('report.end')}</p>
          )}
        </>
      )}
    </Card>
  );
}

function PlayerReport() {
  const { t } = useReferralT();
  const [currency, setCurrency] = useState<CurrencyCode>('USDT');
  const [period, setPeriod] = useState<Period>(7);
  const [picked, setPicked] = useState<GameTypeCode | null>(null);
  const summary = useBetFormSummary(currency, period);
  const types = summary.data?.byGameType.map((row) => row.gameType) ?? [];
  // The detail follows the type picked while it has bets in the window, else the first type that has.
  const gameType = picked !== null && types.includes(picked) ? picked : (types[0] ?? null);
  return (
    <>
      <section className="vip-card report-filters" data-testid="report-filters" aria-label={t('report.filters')}>
        <Segmented<Period>
          value={period}
          onValueChange={setPeriod}
          label={t('report.period')}
          options={REPORT_PERIODS.map((days) => ({
            value: days,
            label: days === 1 ? t('report.today') : t('report.days', { count: days }),
            testId: `report-period-${days}`,
          }))}
        />
        <Segmented<CurrencyCode>
          value={currency}
          onValueChange={setCurrency}
          label={t('report.currency')}
          options={CURRENCY_LIST.map((code) => ({ value: code, label: code, testId: `report-currency-${code}` }))}
        />
        <p className="vip-note">{t('report.timezone')}</p>
      </section>
      <Overview currency={currency} period={period} />
      <Chart currency={currency} period={period} />
      <Summary currency={currency} period={period} gameType={gameType} onGameType={setPicked} />
      {gameType !== null && <Details currency={currency} period={period} gameType={gameType} />}
    </>
  );
}

/** /report: the player's win/loss and turnover per day, per game type and bet by bet. */
export default function ReportScreen() {
  const { t } = useReferralT();
  const token = useSession((s) => s.token);
  return (
    <Screen title={t('report.title')} testId="report" backHref="/userProfile">
      {token ? (
        <PlayerReport />
      ) : (
        <SignInPrompt icon="chart" title={t('report.visitorTitle')} text={t('report.visitorText')} loginLabel={t('login')} testId="report-visitor" />
      )}
    </Screen>
  );
}
