import { ListGroup, ListRow } from '../../components/ListRow';
import { Screen } from '../../components/Screen';
import { formatMicroExact, toMicro } from '../../lib/money';
import { LoadError } from '../../components/LoadError';
import { Ltr } from '../../components/Ltr';
import { SkeletonCard } from '../../components/SkeletonCard';
import { useVipDetail, useVipLevels } from '../../state/queries/vip';
import { useSession } from '../../state/session';
import { Card } from './parts';
import { useVipT } from './useVipT';

/** Whole units without decimals when there are none: a ladder of round numbers reads at a glance. */
function short(amount: string): string {
  const micro = toMicro(amount);
  if (micro === 0n) return '–';
  return formatMicroExact(micro, 0);
}

/** /vip/vipDetails: every level with what it takes and what it gives; the player's own level marked. */
export default function VipDetailsScreen() {
  const { t } = useVipT();
  const token = useSession((s) => s.token);
  const levels = useVipLevels();
  const detail = useVipDetail();
  const current = token ? detail.data?.vipLevel : undefined;
  const currency = levels.data?.[0]?.giftCurrency ?? 'USDT';
  return (
    <Screen title={t('details.title')} testId="vip-details" backHref="/vip">
      {levels.isPending ? (
        <SkeletonCard lines={6} />
      ) : levels.isError ? (
        <LoadError onRetry={() => void levels.refetch()} testId="vip-details-error" icon="vip" />
      ) : (
        <Card title={t('details.ladder')} testId="vip-ladder">
          <div className="vip-table-wrap">
            <table className="vip-table">
              <thead>
                <tr>
                  <th scope="col">{t('details.level')}</th>
                  <th scope="col">{t('details.requiredBet')}</th>
                  <th scope="col">{t('details.upGift')}</th>
                  <th scope="col">{t('details.monthGift')}</th>
                </tr>
              </thead>
              <tbody>
                {levels.data.map((level) => (
                  <tr
                    key={level.vipLevel}
                    className={level.vipLevel === current ? 'is-current' : undefined}
                    aria-current={level.vipLevel === current ? 'true' : undefined}
                    data-testid={`vip-ladder-${level.vipLevel}`}
                  >
                    <th scope="row">
                      <Ltr>{`VIP ${level.vipLevel}`}</Ltr>
                    </th>
                    <td>
                      <Ltr>{formatMicroExact(toMicro(level.requiredBet), 0)}</Ltr>
                    </td>
                    <td>
                      <Ltr>{short(level.upLevelGift)}</Ltr>
                    </td>
                    <td>
                      <Ltr>{short(level.monthGift)}</Ltr>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="vip-note">{t('details.unit', { currency })}</p>
        </Card>
      )}
      <Card title={t('details.rulesTitle')} testId="vip-rules">
        <ol className="vip-rules">
          <li>{t('details.rule1')}</li>
          <li>{t('details.rule2')}</li>
          <li>{t('details.rule3')}</li>
          <li>{t('details.rule4')}</li>
        </ol>
      </Card>
      <ListGroup>
        <ListRow icon="refund" label={t('rebateInfo.title')} to="/newFanshuiInfo" testId="vip-rates-link" />
      </ListGroup>
    </Screen>
  );
}
