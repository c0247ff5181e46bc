import { GAME_TYPE_CODES, GameType, type CurrencyCode, type GameTypeCode } from '@lobby/contract';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Segmented, Select } from '../../components/Field';
import { Icon } from '../../components/Icon';
import { Pressable } from '../../components/Pressable';
import { Screen } from '../../components/Screen';
import { SignInPrompt } from '../../components/SignInPrompt';
import { useReferralPerformance, type PerformanceRequest } from '../../state/queries/referral';
import { useSession } from '../../state/session';
import { toMicro } from '../../lib/money';
import { CURRENCY_LIST } from '../../components/Currency';
import { LoadError } from '../../components/LoadError';
import { SkeletonCard } from '../../components/SkeletonCard';
import { Card, Money } from '../Vip/parts';
import { isPlayableDay, shanghaiDay, shiftDay } from './days';
import { useReferralT } from './useReferralT';
import './promotion.css';
import { DateInput } from '../../components/DateInput';

/** Game types a player can bet on (0 means every type). */
export const PERFORMANCE_GAME_TYPES = GAME_TYPE_CODES.filter((code) => code !== GameType.NONE);

export interface PerformanceView {
  isTeam: 0 | 1;
  gameType: GameTypeCode;
  currencyCode: CurrencyCode;
  selectDay: string;
}

/** Reads the route's four segments; anything unreadable falls back to the team, all games, USDT, today. */
export function readPerformancePath(params: Record<string, string | undefined>, today: string): PerformanceView {
  const gameType = Number(params.gameType);
  const currency = params.currencyCode?.toUpperCase();
  return {
    isTeam: params.isTeam === '0' ? 0 : 1,
    gameType: (GAME_TYPE_CODES as readonly number[]).includes(gameType) ? (gameType as GameTypeCode) : GameType.NONE,
    currencyCode: CURRENCY_LIST.includes(currency as CurrencyCode) ? (currency as CurrencyCode) : 'USDT',
    selectDay: params.selectDay && isPlayableDay(params.selectDay, today) ? params.selectDay : today,
  };
}

export const performancePath = (view: PerformanceView) => `/performance/details/${view.isTeam}/${view.gameType}/${view.currencyCode}/${view.selectDay}`;

function Figure({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className="promo-figure">
      <small>{label}</small>
      <b data-testid={testId}>{children}</b>
    </div>
  );
}

function Figures({ request }: { request: PerformanceRequest }) {
  const { t } = useReferralT();
  const performance = useReferralPerformance(request);
  if (performance.isPending) return <SkeletonCard lines={5} />;
  if (performance.isError) return <LoadError onRetry={() => void performance.refetch()} testId="performance-error" icon="chart" />;
  const data = performance.data;
  const currency = data.currency;
  const quiet =
    data.newMembers === 0 && data.firstDepositCount === 0 && data.depositCount === 0 && toMicro(data.validTurnover) === 0n && toMicro(data.commission) === 0n;
  return (
    <>
      <Card testId="performance-figures">
        <div className="promo-figures">
          <Figure label={t('performance.newMembers')} testId="performance-new-members">
            {data.newMembers}
          </Figure>
          <Figure label={t('performance.firstDeposits')} testId="performance-first-deposits">
            {data.firstDepositCount}
          </Figure>
          <Figure label={t('performance.deposits')} testId="performance-deposits">
            <Money amount={data.depositAmount} currency={currency} />
          </Figure>
          <Figure label={t('performance.depositCount')} testId="performance-deposit-count">
            {data.depositCount}
          </Figure>
          <Figure label={t('performance.turnover')} testId="performance-turnover">
            <Money amount={data.validTurnover} currency={currency} />
          </Figure>
          <Figure label={t('performance.commission')} testId="performance-commission">
            <Money amount={data.commission} currency={currency} />
          </Figure>
        </div>
        {quiet && (
          <p className="vip-note" data-testid="performance-quiet">
            {t('performance.quiet')}
          </p>
        )}
      </Card>
      {data.byGameType.length > 0 && (
        <Card title={t('performance.byGameType')} testId="performance-by-type">
          <ul className="vip-record-list">
            {data.byGameType.map((row) => (
              <li key={row.gameType} className="vip-record" data-testid={`performance-type-${row.gameType}`}>
                <b>{t(`gameType.${row.gameType}`)}</b>
                <div className="vip-record__line vip-record__line--sub">
                  <span>{t('performance.turnover')}</span>
                  <Money amount={row.validTurnover} currency={currency} />
                </div>
                <div className="vip-record__line">
                  <span>{t('performance.commission')}</span>
                  <Money amount={row.commission} currency={currency} />
                </div>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </>
  );
}

function PlayerPerformance() {
  const { t } = useReferralT();
  const params = useParams();
  const navigate = useNavigate();
  const today = shanghaiDay();
  const view = readPerformancePath(params, today);
  const go = (patch: Partial<PerformanceView>) => navigate(performancePath({ ...view, ...patch }), { replace: true });
  const request: PerformanceRequest = {
    isTeam: view.isTeam,
    currencyCode: view.currencyCode,
    selectDay: view.selectDay,
    ...(view.gameType === GameType.NONE ? {} : { gameType: view.gameType }),
  };
  return (
    <>
      <section className="vip-card promo-filters" data-testid="performance-filters" aria-label={t('performance.filters')}>
        <Segmented<0 | 1>
          value={view.isTeam}
          onValueChange={(isTeam) => go({ isTeam })}
          label={t('performance.scope')}
          options={[
            { value: 0, label: t('performance.direct'), testId: 'performance-scope-0' },
            { value: 1, label: t('performance.team'), testId: 'performance-scope-1' },
          ]}
        />
        <div className="promo-filters__row">
          <Select
            label={t('performance.gameType')}
            value={String(view.gameType)}
            onValueChange={(value) => go({ gameType: Number(value) as GameTypeCode })}
            testId="performance-game-type"
            options={[
              { value: String(GameType.NONE), label: t('performance.allGames') },
              ...PERFORMANCE_GAME_TYPES.map((code) => ({ value: String(code), label: t(`gameType.${code}`) })),
            ]}
          />
          <Select
            label={t('performance.currency')}
            value={view.currencyCode}
            onValueChange={(value) => go({ currencyCode: value as CurrencyCode })}
            testId="performance-currency"
            options={CURRENCY_LIST.map((code) => ({ value: code, label: code }))}
          />
        </div>
        <div className="promo-day">
          <Pressable
            className="promo-day__step"
            onClick={() => go({ selectDay: shiftDay(view.selectDay, -1) })}
            aria-label={t('performance.previousDay')}
            data-testid="performance-previous-day"
          >
            <Icon name="back" className="flip-rtl" />
          </Pressable>
          <DateInput
            value={view.selectDay}
            max={today}
            label={t('performance.day')}
            testId="performance-day"
            onValueChange={(day) => isPlayableDay(day, today) && go({ selectDay: day })}
          />
          <Pressable
            className="promo-day__step"
            disabled={view.selectDay >= today}
            onClick={() => go({ selectDay: shiftDay(view.selectDay, 1) })}
            aria-label={t('performance.nextDay')}
            data-testid="performance-next-day"
          >
            <Icon name="chevronRight" className="flip-rtl" />
          </Pressable>
        </div>
        <p className="vip-note">{t(view.isTeam ? 'performance.teamNote' : 'performance.directNote')}</p>
      </section>
      <Figures request={request} />
    </>
  );
}

/** /performance/details/{isTeam}/{gameType}/{currencyCode}/{selectDay}: one Shanghai day of the team's results. */
export default function PerformanceScreen() {
  const { t } = useReferralT();
  const token = useSession((s) => s.token);
  return (
    <Screen title={t('performance.title')} testId="performance" backHref="/promotion">
      {token ? (
        <PlayerPerformance />
      ) : (
        <SignInPrompt
          icon="chart"
          title={t('performance.visitorTitle')}
          text={t('performance.visitorText')}
          loginLabel={t('login')}
          testId="performance-visitor"
        />
      )}
    </Screen>
  );
}
