import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState';
import { ListGroup, ListRow } from '../../components/ListRow';
import { Screen } from '../../components/Screen';
import { SignInPrompt } from '../../components/SignInPrompt';
import { useActivities, useActivityStates, type ActivityConf, type ActivityState } from '../../state/queries/activity';
import { useSession } from '../../state/session';
import { useSettings } from '../../state/settings';
import { LoadError } from '../../components/LoadError';
import { localeTag } from '../../lib/format';
import { SkeletonCard } from '../../components/SkeletonCard';
import { ProgressBar } from '../../components/ProgressBar';
import { perMille } from '../../lib/progress';
import { WagerTerms } from '../Bonus/WagerTerms';
import { activityStatus, Banner, detailPath, ParticipateButton, progressText, StatusChip, useActivityT, useNow, useStatusText } from './parts';

function ActivityCard({ conf, state, now }: { conf: ActivityConf; state: ActivityState | undefined; now: number }) {
  const { t } = useActivityT();
  const language = useSettings((s) => s.language);
  const statusText = useStatusText();
  const status = activityStatus(conf, state, now);
  const showButton = state && (status === 'claimable' || status === 'joinable');
  const showProgress = state?.progress && (status === 'open' || status === 'joinable' || status === 'auto' || status === 'claimed');
  return (
    <li className="activity-card" data-testid="activity-card" data-id={conf.id} data-type={conf.bonusType} data-status={status}>
      <Link to={detailPath(conf.id)} className="activity-card__link" data-testid={`activity-open-${conf.id}`}>
        <Banner conf={conf} />
        <span className="activity-card__text">
          <b className="activity-card__title">{conf.title}</b>
          {conf.summary && <span className="activity-card__summary">{conf.summary}</span>}
        </span>
      </Link>
      {showProgress && (
        <div className="activity-card__progress">
          <div className="activity-progress-row">
            <span>{t('detail.progress')}</span>
            <span className="activity-progress-row__value" data-testid={`activity-progress-text-${conf.id}`}>
              {progressText(state.progress!, conf, state.currency, t)}
            </span>
          </div>
          <ProgressBar
            perMille={perMille(state.progress!.current, state.progress!.target)}
            label={t('detail.progress')}
            testId={`activity-progress-${conf.id}`}
          />
        </div>
      )}
      <div className="activity-card__foot">
        <StatusChip status={status} testId={`activity-status-${conf.id}`}>
          {statusText(status, conf, state, localeTag(language))}
        </StatusChip>
        {showButton && <ParticipateButton conf={conf} state={state} testId={`activity-claim-${conf.id}`} />}
        {showButton && (
          <WagerTerms
            multiplier={conf.wageringMultiplier}
            amount={status === 'claimable' ? state.pendingReward : undefined}
            currency={state.currency}
            testId={`activity-terms-${conf.id}`}
          />
        )}
      </div>
    </li>
  );
}

function ActivityList() {
  const { t } = useActivityT();
  const activities = useActivities();
  const states = useActivityStates();
  // Minute precision is enough for the list: the detail page has the countdown to the second.
  const now = useNow(60_000);
  if (activities.isPending) {
    return (
      <>
        <SkeletonCard lines={3} />
        <SkeletonCard lines={3} />
      </>
    );
  }
  if (activities.isError) return <LoadError onRetry={() => void activities.refetch()} testId="activity-error" icon="gift" />;
  const shown = activities.data.filter((conf) => conf.endAt === null || Date.parse(conf.endAt) > now);
  if (shown.length === 0) {
    return <EmptyState icon="gift" title={t('list.emptyTitle')} text={t('list.emptyText')} testId="activity-empty" />;
  }
  return (
    <ul className="activity-list" data-testid="activity-list">
      {shown.map((conf) => (
        <ActivityCard key={conf.id} conf={conf} state={states.data?.get(conf.id)} now={now} />
      ))}
    </ul>
  );
}

/** /activity: every current activity with its banner and where the player stands in it; a reward is claimed right here. */
export default function ActivityScreen() {
  const { t } = useActivityT();
  const { t: app } = useTranslation();
  const token = useSession((s) => s.token);
  return (
    <Screen title={app('tabs.activity')} testId="activity" root>
      {token ? (
        <ActivityList />
      ) : (
        <SignInPrompt icon="gift" title={t('list.visitorTitle')} text={t('list.visitorText')} loginLabel={t('login')} testId="activity-visitor" />
      )}
      <ListGroup>
        <ListRow icon="gift" label={t('list.bonuses')} to="/activity/activityBonus" testId="activity-bonus" />
        <ListRow icon="record" label={t('list.bonusRecord')} to="/bonusRecord" testId="activity-bonus-record" />
      </ListGroup>
    </Screen>
  );
}
