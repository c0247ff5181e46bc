import { parseMicro } from '@lobby/contract';
import { useIonRouter } from '@ionic/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Screen } from '../../components/Screen';
import { SignInPrompt } from '../../components/SignInPrompt';
import { useActivities, useActivityStates, type ActivityConf, type ActivityState } from '../../state/queries/activity';
import { useSession } from '../../state/session';
import { useSettings } from '../../state/settings';
import { LoadError } from '../../components/LoadError';
import { localeTag } from '../../lib/format';
import { Ltr } from '../../components/Ltr';
import { SkeletonCard } from '../../components/SkeletonCard';
import { Card, Money } from '../Vip/parts';
import { ProgressBar } from '../../components/ProgressBar';
import { perMille } from '../../lib/progress';
import { WagerTerms } from '../Bonus/WagerTerms';
import { RulesFigures } from './RulesFigures';
import {
  activityStatus,
  Banner,
  countdownParts,
  htmlText,
  ParticipateButton,
  progressText,
  RulesText,
  StatusChip,
  useActivityT,
  useNow,
  useStatusText,
} from './parts';

function Clock({ end, now, testId }: { end: number; now: number; testId: string }) {
  const { t } = useActivityT();
  const { days, time } = countdownParts(end, now);
  return (
    <b className="activity-countdown__clock" data-testid={testId}>
      {days > 0 && <span className="activity-countdown__days">{t('detail.days', { days })}</span>}
      <Ltr>{time}</Ltr>
    </b>
  );
}

/**
 * The countdown to the window's end, and, for a daily task or a claim deadline ending sooner, to the
 * end of the current period (`periodEndsAt`).
 */
function Countdown({ conf, state, now }: { conf: ActivityConf; state: ActivityState | undefined; now: number }) {
  const { t } = useActivityT();
  const language = useSettings((s) => s.language);
  const date = (iso: string) =>
    new Date(iso).toLocaleString(localeTag(language), { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
  const running = now >= Date.parse(conf.startAt) && (conf.endAt === null || now < Date.parse(conf.endAt));
  const periodEnd = state?.periodEndsAt ? Date.parse(state.periodEndsAt) : NaN;
  const showPeriod = running && periodEnd > now && (conf.endAt === null || periodEnd < Date.parse(conf.endAt));
  let line: ReactNode;
  if (now < Date.parse(conf.startAt)) {
    line = <span data-testid="activity-detail-starts">{t('detail.startsAt', { date: date(conf.startAt) })}</span>;
  } else if (conf.endAt === null) {
    line = <span data-testid="activity-detail-permanent">{t('detail.permanent')}</span>;
  } else if (now >= Date.parse(conf.endAt)) {
    line = <span data-testid="activity-detail-ended">{t('detail.ended')}</span>;
  } else {
    line = (
      <>
        <span>{t('detail.endsIn')}</span>
        <Clock end={Date.parse(conf.endAt)} now={now} testId="activity-countdown" />
      </>
    );
  }
  return (
    <div className="activity-countdown">
      <div className="activity-countdown__line">{line}</div>
      {showPeriod && (
        <div className="activity-countdown__line">
          <span>{t('detail.periodEndsIn')}</span>
          <Clock end={periodEnd} now={now} testId="activity-period-countdown" />
        </div>
      )}
      {conf.endAt !== null && (
        <small className="activity-countdown__period" data-testid="activity-detail-period">
          {t('detail.period', { start: date(conf.startAt), end: date(conf.endAt) })}
        </small>
      )}
    </div>
  );
}

function Standing({ conf, state, now }: { conf: ActivityConf; state: ActivityState | undefined; now: number }) {
  const { t } = useActivityT();
  const router = useIonRouter();
  const language = useSettings((s) => s.language);
  const statusText = useStatusText();
  const status = activityStatus(conf, state, now);
  const pending = parseMicro(state?.pendingReward) ?? 0n;
  return (
    <Card testId="activity-standing">
      {state?.progress && (
        <>
          <div className="activity-progress-row">
            <span>{t('detail.progress')}</span>
            <span className="activity-progress-row__value" data-testid="activity-detail-progress">
              {progressText(state.progress, conf, state.currency, t)}
            </span>
          </div>
          <ProgressBar perMille={perMille(state.progress.current, state.progress.target)} label={t('detail.progress')} testId="activity-detail-bar" />
        </>
      )}
      {pending > 0n && state && (
        <div className="activity-progress-row">
          <span>{t('detail.reward')}</span>
          <Money amount={pending} currency={state.currency} testId="activity-detail-reward" />
        </div>
      )}
      {state?.underReview && (parseMicro(state.underReview) ?? 0n) > 0n && (
        <div className="activity-progress-row">
          <span>{t('detail.underReview')}</span>
          <Money amount={parseMicro(state.underReview) ?? 0n} currency={state.currency} testId="activity-detail-under-review" />
        </div>
      )}
      {state && (status === 'claimable' || status === 'joinable') ? (
        <>
          <WagerTerms
            multiplier={conf.wageringMultiplier}
            amount={status === 'claimable' ? state.pendingReward : undefined}
            currency={state.currency}
            testId="activity-detail-terms"
          />
          <ParticipateButton conf={conf} state={state} block testId="activity-detail-claim" />
        </>
      ) : status === 'locked' ? (
        <Button block onClick={() => router.push('/trade/Recharge')} data-testid="activity-detail-deposit">
          {t('detail.depositFirst')}
        </Button>
      ) : (
        <div className="activity-standing__status">
          <StatusChip status={status} testId="activity-detail-status">
            {statusText(status, conf, state, localeTag(language))}
          </StatusChip>
        </div>
      )}
    </Card>
  );
}

function Detail({ id }: { id: number }) {
  const { t } = useActivityT();
  const router = useIonRouter();
  const activities = useActivities();
  const states = useActivityStates();
  const now = useNow();
  if (activities.isPending) return <SkeletonCard lines={5} />;
  if (activities.isError) return <LoadError onRetry={() => void activities.refetch()} testId="activity-error" icon="gift" />;
  const conf = activities.data.find((c) => c.id === id);
  if (!conf) {
    return (
      <EmptyState
        icon="gift"
        title={t('detail.missingTitle')}
        text={t('detail.missingText')}
        testId="activity-detail-missing"
        action={
          <Button variant="secondary" onClick={() => router.push('/activity', 'back')} data-testid="activity-detail-all">
            {t('detail.allEvents')}
          </Button>
        }
      />
    );
  }
  return (
    <article className="activity-detail" data-testid="activity-detail" data-id={conf.id} data-type={conf.bonusType}>
      <Banner conf={conf} size="hero" />
      <h2 className="activity-detail__title" data-testid="activity-detail-title">
        {conf.title}
      </h2>
      {conf.summary && <p className="activity-detail__summary">{conf.summary}</p>}
      <Countdown conf={conf} state={states.data?.get(conf.id)} now={now} />
      <Standing conf={conf} state={states.data?.get(conf.id)} now={now} />
      <Card title={t('detail.rules')} testId="activity-detail-rules">
        <RulesFigures conf={conf} currency={states.data?.get(conf.id)?.currency ?? 'USDT'} />
        {/* Without rules of its own the server sends the summary again, already shown under the title. */}
        {conf.content && htmlText(conf.content) !== conf.summary.replace(/\s+/g, ' ').trim() && (
          <RulesText html={conf.content} testId="activity-detail-content" />
        )}
        <ul className="activity-facts">
          <li>{t('detail.currency', { currency: states.data?.get(conf.id)?.currency ?? 'USDT' })}</li>
          <li>{t(conf.manual ? 'detail.manual' : 'detail.automatic')}</li>
          {conf.requiresRecharge && <li>{t('detail.requiresRecharge')}</li>}
          <li>{t('detail.wagering')}</li>
        </ul>
      </Card>
    </article>
  );
}

/** /ActivityDetail?id=…: one activity's banner, countdown to its end, the player's progress and claim button, and its rules. */
export default function ActivityDetailScreen() {
  const { t } = useActivityT();
  const { t: app } = useTranslation();
  const token = useSession((s) => s.token);
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return (
    <Screen title={app('screens.activityDetail')} testId="activity-detail" backHref="/activity">
      {!token ? (
        <SignInPrompt icon="gift" title={t('list.visitorTitle')} text={t('list.visitorText')} loginLabel={t('login')} testId="activity-detail-visitor" />
      ) : Number.isSafeInteger(id) && id > 0 ? (
        <Detail id={id} />
      ) : (
        <EmptyState icon="gift" title={t('detail.missingTitle')} text={t('detail.missingText')} testId="activity-detail-missing" />
      )}
    </Screen>
  );
}
