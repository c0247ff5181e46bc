import { useMemo, useState } from 'react';
import { Pressable } from '../../components/Pressable';
import { Screen } from '../../components/Screen';
import { useVipDetail, useVipRebateRates } from '../../state/queries/vip';
import { useSession } from '../../state/session';
import { LoadError } from '../../components/LoadError';
import { Ltr } from '../../components/Ltr';
import { SkeletonCard } from '../../components/SkeletonCard';
import { Card } from '../Vip/parts';
import { useVipT } from '../Vip/useVipT';

/** /newFanshuiInfo: the rebate rate of every VIP level for one game type at a time, the player's level marked. */
export default function RebateInfoScreen() {
  const { t } = useVipT();
  const token = useSession((s) => s.token);
  const rates = useVipRebateRates();
  const detail = useVipDetail();
  const current = token ? detail.data?.vipLevel : undefined;
  const gameTypes = useMemo(() => {
    const seen = new Set<number>();
    for (const level of rates.data ?? []) for (const entry of level.rates) seen.add(entry.gameType);
    return [...seen].sort((a, b) => a - b);
  }, [rates.data]);
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const gameType = chosen !== undefined && gameTypes.includes(chosen) ? chosen : gameTypes[0];

  return (
    <Screen title={t('rebateInfo.title')} testId="rebate-info" backHref="/newFanshui">
      {rates.isPending ? (
        <SkeletonCard lines={6} />
      ) : rates.isError ? (
        <LoadError onRetry={() => void rates.refetch()} testId="rebate-info-error" icon="refund" />
      ) : (
        <Card title={t('rebateInfo.table')} testId="rebate-rates">
          <div className="chip-row" role="tablist" aria-label={t('rebate.byGame')}>
            {gameTypes.map((type) => (
              <Pressable
                key={type}
                type="button"
                role="tab"
                aria-selected={type === gameType}
                className={['filter-chip', type === gameType ? 'is-active' : ''].filter(Boolean).join(' ')}
                onClick={() => setChosen(type)}
                data-testid={`rebate-rates-type-${type}`}
              >
                {t(`gameType.${type}`)}
              </Pressable>
            ))}
          </div>
          <table className="vip-table">
            <thead>
              <tr>
                <th scope="col">{t('rebateInfo.level')}</th>
                <th scope="col">{t('rebateInfo.rate')}</th>
              </tr>
            </thead>
            <tbody>
              {rates.data.map((level) => {
                const rate = level.rates.find((entry) => entry.gameType === gameType)?.rate;
                return (
                  <tr
                    key={level.vipLevel}
                    className={level.vipLevel === current ? 'is-current' : undefined}
                    aria-current={level.vipLevel === current ? 'true' : undefined}
                    data-testid={`rebate-rate-${level.vipLevel}`}
                  >
                    <th scope="row">
                      <Ltr>{`VIP ${level.vipLevel}`}</Ltr>
                    </th>
                    <td>
                      <Ltr>{rate === undefined ? '–' : `${rate}%`}</Ltr>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </Card>
      )}
      <Card title={t('details.rulesTitle')} testId="rebate-rules">
        <ol className="vip-rules">
          <li>{t('rebateInfo.rule1')}</li>
          <li>{t('rebateInfo.rule2')}</li>
          <li>{t('rebateInfo.rule3')}</li>
        </ol>
      </Card>
    </Screen>
  );
}
