import { BonusType } from '@lobby/contract';
import { useIonRouter } from '@ionic/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Pressable } from '../../components/Pressable';
import { Screen } from '../../components/Screen';
import { SignInPrompt } from '../../components/SignInPrompt';
import { useBonusRecords, type BonusRecordTypeCode } from '../../state/queries/bonus';
import { useSession } from '../../state/session';
import { BonusRow } from '../BonusRecord/BonusRecordScreen';
import { LoadError } from '../Trade/parts';
import { useVipT } from '../Vip/useVipT';
import { useActivityT } from './parts';

const ACTIVITY_TYPES = Object.values(BonusType) as BonusRecordTypeCode[];
const isActivityBonus = (type: number) => (ACTIVITY_TYPES as number[]).includes(type);

function Records() {
  const { t } = useActivityT();
  const { t: bonus } = useVipT();
  const router = useIonRouter();
  const [type, setType] = useState<BonusRecordTypeCode | undefined>(undefined);
  const records = useBonusRecords(type);
  // "All events" asks for every bonus and keeps the activities' (the server filters one type at a time).
  const rows = (records.data?.pages.flatMap((page) => page.list) ?? []).filter((record) => isActivityBonus(record.bonusType));
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = records;
  const lastPage = records.data?.pages.at(-1);
  const lastPageEmpty = lastPage !== undefined && !lastPage.list.some((record) => isActivityBonus(record.bonusType));

  // A page of nothing but VIP gifts and rebates shows nothing new: the next one is asked for at once.
  useEffect(() => {
    if (lastPageEmpty && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [lastPageEmpty, hasNextPage, isFetchingNextPage, fetchNextPage]);

  // The next page loads as the end of the list scrolls into view, as on the bonus records.
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, rows.length]);

  const chips: (BonusRecordTypeCode | undefined)[] = [undefined, ...ACTIVITY_TYPES];
  const searching = records.isPending || (rows.length === 0 && (isFetchingNextPage || (lastPageEmpty && hasNextPage)));
  return (
    <>
      <div className="chip-row bonus-filters" role="tablist" aria-label={t('list.bonuses')}>
        {chips.map((value) => (
          <Pressable
            key={value ?? 'all'}
            type="button"
            role="tab"
            aria-selected={type === value}
            className={['filter-chip', type === value ? 'is-active' : ''].filter(Boolean).join(' ')}
            onClick={() => setType(value)}
            data-testid={`activity-bonus-type-${value ?? 'all'}`}
          >
            {value === undefined ? t('bonus.all') : bonus(`bonus.type.${value}`)}
          </Pressable>
        ))}
      </div>
      {searching ? (
        <div className="vip-card" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <span key={i} className="skeleton skeleton--text" />
          ))}
        </div>
      ) : records.isError && rows.length === 0 ? (
        <LoadError onRetry={() => void records.refetch()} testId="activity-bonus-error" icon="gift" />
      ) : rows.length === 0 ? (
        <EmptyState
          icon="gift"
          title={t('bonus.emptyTitle')}
          text={t('bonus.emptyText')}
          testId="activity-bonus-empty"
          action={
            <Button variant="secondary" onClick={() => router.push('/activity', 'back')} data-testid="activity-bonus-events">
              {t('bonus.events')}
            </Button>
          }
        />
      ) : (
        <section className="vip-card">
          <ul className="vip-record-list" data-testid="activity-bonus-list">
            {rows.map((record) => (
              <BonusRow key={record.id} record={record} />
            ))}
          </ul>
          <div ref={sentinel}>
            {hasNextPage ? (
              <Button variant="ghost" size="sm" block busy={isFetchingNextPage} onClick={() => void fetchNextPage()} data-testid="activity-bonus-more">
                {t('bonus.more')}
              </Button>
            ) : (
              <p className="vip-note vip-note--center" data-testid="activity-bonus-end">
                {t('bonus.end')}
              </p>
            )}
          </div>
        </section>
      )}
    </>
  );
}

/** /activity/activityBonus: the bonuses the player received from activities, newest first, by type, paged. */
export default function ActivityBonusScreen() {
  const { t } = useActivityT();
  const { t: app } = useTranslation();
  const token = useSession((s) => s.token);
  return (
    <Screen title={app('screens.activityBonus')} testId="activity-bonus" backHref="/activity">
      {token ? (
        <Records />
      ) : (
        <SignInPrompt icon="gift" title={t('bonus.visitorTitle')} text={t('bonus.visitorText')} loginLabel={t('login')} testId="activity-bonus-visitor" />
      )}
    </Screen>
  );
}
