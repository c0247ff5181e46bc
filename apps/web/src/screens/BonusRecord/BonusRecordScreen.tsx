import { BonusRecordType } from '@lobby/contract';
import { useState } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { FilterChips } from '../../components/FilterChips';
import { PagedList } from '../../components/PagedList';
import { Screen } from '../../components/Screen';
import { SignInPrompt } from '../../components/SignInPrompt';
import { useBonusRecords, type BonusRecord, type BonusRecordTypeCode } from '../../state/queries/bonus';
import { useSession } from '../../state/session';
import { useSettings } from '../../state/settings';
import { toMicro } from '../../lib/money';
import { LoadError } from '../../components/LoadError';
import { localeTag } from '../../lib/format';
import { Money } from '../Vip/parts';
import { useVipT } from '../Vip/useVipT';

/** The filter chips: the credits every player meets first (VIP gifts, rebates, commission), then the activities. */
const TYPES: BonusRecordTypeCode[] = [
  BonusRecordType.VIP_LEVEL_GIFT,
  BonusRecordType.VIP_MONTH_GIFT,
  BonusRecordType.REBATE,
  BonusRecordType.REFERRAL_COMMISSION,
  ...(Object.values(BonusRecordType).filter((type) => type < BonusRecordType.VIP_LEVEL_GIFT) as BonusRecordTypeCode[]),
];

export function BonusRow({ record }: { record: BonusRecord }) {
  const { t } = useVipT();
  const language = useSettings((s) => s.language);
  const typeName = t(`bonus.type.${record.bonusType}`);
  const wagering = toMicro(record.wageringAdded);
  return (
    <li className="vip-record" data-testid="bonus-row" data-type={record.bonusType} data-id={record.id}>
      <div className="vip-record__line">
        <b>{typeName}</b>
        <span className="vip-record__amount" data-testid="bonus-amount">
          <Money amount={record.amount} currency={record.currency} signed />
        </span>
      </div>
      {/* An activity's own title says which one paid; the other types are named by the type alone. */}
      {record.activityId !== null && record.title && <div className="vip-record__line vip-record__line--sub">{record.title}</div>}
      <div className="vip-record__line vip-record__line--sub">
        <time dateTime={record.createdAt} data-testid="bonus-time">
          {new Date(record.createdAt).toLocaleString(localeTag(language), {
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
            hour: '2-digit',
            minute: '2-digit',
          })}
        </time>
        {wagering > 0n && (
          <span data-testid="bonus-wagering">
            {t('bonus.wageringAdded')} <Money amount={wagering} currency={record.currency} />
          </span>
        )}
      </div>
    </li>
  );
}

function Records() {
  const { t } = useVipT();
  const [type, setType] = useState<BonusRecordTypeCode | undefined>(undefined);
  const records = useBonusRecords(type);
  const rows = records.data?.pages.flatMap((page) => page.list) ?? [];

  const chips = [undefined, ...TYPES].map((value) => ({
    value,
    label: value === undefined ? t('bonus.all') : t(`bonus.type.${value}`),
    testId: `bonus-type-${value ?? 'all'}`,
  }));
  return (
    <>
      <FilterChips label={t('bonus.title')} chips={chips} value={type} onChange={setType} className="bonus-filters" />
      <PagedList
        query={records}
        count={rows.length}
        className="vip-card"
        error={<LoadError onRetry={() => void records.refetch()} testId="bonus-error" icon="gift" />}
        empty={<EmptyState icon="gift" title={t('bonus.emptyTitle')} text={t('bonus.emptyText')} testId="bonus-empty" />}
        more={{ label: t('bonus.more'), testId: 'bonus-more' }}
        end={{ label: t('bonus.end'), testId: 'bonus-end', className: 'vip-note vip-note--center' }}
      >
        <ul className="vip-record-list" data-testid="bonus-list">
          {rows.map((record) => (
            <BonusRow key={record.id} record={record} />
          ))}
        </ul>
      </PagedList>
    </>
  );
}

/** /bonusRecord: every bonus credited to the player (type, amount, currency, time, wagering added), paged. */
export default function BonusRecordScreen() {
  const { t } = useVipT();
  const token = useSession((s) => s.token);
  return (
    <Screen title={t('bonus.title')} testId="bonus-record" backHref="/userProfile">
      {token ? (
        <Records />
      ) : (
        <SignInPrompt icon="gift" title={t('bonus.visitorTitle')} text={t('bonus.visitorText')} loginLabel={t('login')} testId="bonusRecord-visitor" />
      )}
    </Screen>
  );
}
