import { GameType } from '@lobby/contract';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Segmented } from '../../components/Field';
import { Icon } from '../../components/Icon';
import { Screen } from '../../components/Screen';
import { SignInPrompt } from '../../components/SignInPrompt';
import { useReferralMembers, useReferralSummary, type ReferralMember } from '../../state/queries/referral';
import { useSession } from '../../state/session';
import { useSettings } from '../../state/settings';
import { LoadError } from '../../components/LoadError';
import { localeTag } from '../../lib/format';
import { Ltr } from '../../components/Ltr';
import { SkeletonCard } from '../../components/SkeletonCard';
import { Card, Money } from '../Vip/parts';
import { plusCount, shanghaiDay } from './days';
import { useReferralT } from './useReferralT';
import './promotion.css';

type LevelFilter = 0 | 1 | 2 | 3;

function MemberRow({ member }: { member: ReferralMember }) {
  const { t } = useReferralT();
  const language = useSettings((s) => s.language);
  return (
    <li className="promo-member" data-testid="team-member" data-level={member.level}>
      <div className="promo-member__head">
        <Ltr className="promo-member__name">
          <span data-testid="team-member-name">{member.name}</span>
        </Ltr>
        <span className="promo-member__level">{t('team.level', { level: member.level })}</span>
      </div>
      <div className="promo-member__line">
        <span>{t('team.joined')}</span>
        <time dateTime={member.joinedAt}>
          {new Date(member.joinedAt).toLocaleDateString(localeTag(language), { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' })}
        </time>
      </div>
      <div className="promo-member__line">
        <span>{t('team.turnover')}</span>
        <span data-testid="team-member-turnover">
          <Money amount={member.validTurnover.usdt} currency="USDT" /> · <Money amount={member.validTurnover.trx} currency="TRX" />
        </span>
      </div>
    </li>
  );
}

function Members({ level }: { level: LevelFilter }) {
  const { t } = useReferralT();
  const members = useReferralMembers(level === 0 ? undefined : level);
  const rows = members.data?.pages.flatMap((page) => page.list) ?? [];
  if (members.isPending) return <SkeletonCard lines={4} />;
  if (members.isError && rows.length === 0) return <LoadError onRetry={() => void members.refetch()} testId="team-members-error" icon="team" />;
  if (rows.length === 0) {
    return (
      <EmptyState
        icon="team"
        title={t('team.emptyTitle')}
        text={t('team.emptyText')}
        testId="team-members-empty"
        action={
          <Link to="/promotion" className="btn btn--secondary btn--md" data-testid="team-members-invite">
            <span className="btn__label">{t('team.invite')}</span>
          </Link>
        }
      />
    );
  }
  return (
    <>
      <ul className="vip-record-list" data-testid="team-members">
        {rows.map((member, index) => (
          <MemberRow key={`${member.name}-${member.joinedAt}-${index}`} member={member} />
        ))}
      </ul>
      {members.hasNextPage ? (
        <Button variant="ghost" size="sm" busy={members.isFetchingNextPage} onClick={() => void members.fetchNextPage()} data-testid="team-members-more">
          {t('team.more')}
        </Button>
      ) : (
        <p className="vip-note vip-note--center">{t('team.end', { count: members.data?.pages[0]?.total ?? rows.length })}</p>
      )}
    </>
  );
}

function PlayerTeam() {
  const { t } = useReferralT();
  const summary = useReferralSummary();
  const [level, setLevel] = useState<LevelFilter>(0);
  const count = (value: LevelFilter) => (value === 0 ? summary.data?.teamTotal : summary.data?.team.find((entry) => entry.level === value)?.members);
  const label = (value: LevelFilter, text: string) => (count(value) === undefined ? text : `${text} (${count(value)})`);
  return (
    <>
      {summary.isError ? (
        <LoadError onRetry={() => void summary.refetch()} testId="team-summary-error" icon="team" />
      ) : (
        <Card testId="team-summary">
          <div className="promo-levels">
            <div className="promo-level promo-level--total">
              <small>{t('team.total')}</small>
              <b data-testid="team-total">{summary.data?.teamTotal ?? '–'}</b>
            </div>
            {[1, 2, 3].map((value) => {
              const entry = summary.data?.team.find((item) => item.level === value);
              return (
                <div key={value} className="promo-level" data-testid={`team-level-${value}`}>
                  <small>{t('team.level', { level: value })}</small>
                  <b>{entry?.members ?? '–'}</b>
                  {entry && entry.newToday > 0 && <span className="promo-level__new">{t('team.newToday', { added: plusCount(entry.newToday) })}</span>}
                </div>
              );
            })}
          </div>
          <Link to={`/performance/details/1/${GameType.NONE}/USDT/${shanghaiDay()}`} className="promo-row-link" data-testid="team-performance-link">
            <Icon name="chart" />
            <span>{t('team.performance')}</span>
            <Icon name="chevronRight" className="flip-rtl" />
          </Link>
        </Card>
      )}
      <Card title={t('team.members')} testId="team-list">
        <Segmented<LevelFilter>
          value={level}
          onValueChange={setLevel}
          label={t('team.filter')}
          options={[
            { value: 0, label: label(0, t('team.all')), testId: 'team-filter-0' },
            { value: 1, label: label(1, t('team.levelShort', { level: 1 })), testId: 'team-filter-1' },
            { value: 2, label: label(2, t('team.levelShort', { level: 2 })), testId: 'team-filter-2' },
            { value: 3, label: label(3, t('team.levelShort', { level: 3 })), testId: 'team-filter-3' },
          ]}
        />
        <Members key={level} level={level} />
      </Card>
    </>
  );
}

/** /proxyPartner: the team by level and its members, masked, with the turnover each brought. */
export default function ProxyPartnerScreen() {
  const { t } = useReferralT();
  const token = useSession((s) => s.token);
  return (
    <Screen title={t('team.screenTitle')} testId="proxyPartner" backHref="/promotion">
      {token ? (
        <PlayerTeam />
      ) : (
        <SignInPrompt icon="team" title={t('team.visitorTitle')} text={t('team.visitorText')} loginLabel={t('login')} testId="proxyPartner-visitor" />
      )}
    </Screen>
  );
}
