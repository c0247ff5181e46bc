import { BonusType } from '@lobby/contract';
import { useIonRouter } from '@ionic/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { FilterChips } from '../../components/FilterChips';
import { PagedList } from '../../components/PagedList';
import { Screen } from '../../components/Screen';
import { SignInPrompt } from '../../components/SignInPrompt';
import { useBonusRecords, type BonusRecordTypeCode } from '../../state/queries/bonus';
import { useSession } from '../../state/session';
import { BonusRow } from '../BonusRecord/BonusRecordScreen';
import { LoadError } from '../../components/LoadError';
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

  const chips = [undefined, ...ACTIVITY_TYPES].map((value) => ({
    value,
    label: value === undefined ? t('bonus.all') : bonus(`bonus.type.${value}`),
    testId: `activity-bonus-type-${value ?? 'all'}`,
  }));
  const searching = records.isPending || (rows.length === 0 && (isFetchingNextPage || (lastPageEmpty && hasNextPage)));
  return (
    <>
      <FilterChips label={t('list.bonuses')} chips={chips} value={type} onChange={setType} className="bonus-filters" />
      <PagedList
        query={records}
        count={rows.length}
        loading={searching}
        className="vip-card"
        error={<LoadError onRetry={() => void records.refetch()} testId="activity-bonus-error" icon="gift" />}
        empty={
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
        }
        more={{ label: t('bonus.more'), testId: 'activity-bonus-more' }}
        end={{ label: t('bonus.end'), testId: 'activity-bonus-end', className: 'vip-note vip-note--center' }}
      >
        <ul className="vip-record-list" data-testid="activity-bonus-list">
          {rows.map((record) => (
            <BonusRow key={record.id} record={record} />
          ))}
        </ul>
      </PagedList>
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
