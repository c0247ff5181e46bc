import { GiftStatus } from '@lobby/contract';
import { Button } from '../../components/Button';
import { ListGroup, ListRow } from '../../components/ListRow';
import { Screen } from '../../components/Screen';
import { SignInPrompt } from '../../components/SignInPrompt';
import { LoadError } from '../../components/LoadError';
import { localeTag } from '../../lib/format';
import { SkeletonCard } from '../../components/SkeletonCard';
import { toMicro } from '../../lib/money';
import { useClaimLevelGift, useClaimMonthGift, useVipDetail, useVipLevels, type VipDetail } from '../../state/queries/vip';
import { useSession } from '../../state/session';
import { useSettings } from '../../state/settings';
import { toastSuccess } from '../../state/ui';
import { Card, inlineAmount, LevelBadge, Money, StatusChip } from './parts';
import { ProgressBar } from '../../components/ProgressBar';
import { perMille, remaining } from '../../lib/progress';
import { useVipT } from './useVipT';
import { useClaimMultiplier, WagerTerms } from '../Bonus/WagerTerms';

function GiftAction({ status, busy, onClaim, testId }: { status: number; busy: boolean; onClaim(): void; testId: string }) {
  const { t } = useVipT();
  if (status === GiftStatus.CLAIMABLE) {
    return (
      <Button size="sm" busy={busy} onClick={onClaim} data-testid={testId}>
        {t('vip.claim')}
      </Button>
    );
  }
  return (
    <StatusChip kind={status === GiftStatus.CLAIMED ? 'claimed' : 'locked'} testId={`${testId}-status`}>
      {t(status === GiftStatus.CLAIMED ? 'vip.claimed' : 'vip.locked')}
    </StatusChip>
  );
}

function Progress({ detail, name }: { detail: VipDetail; name?: string }) {
  const { t } = useVipT();
  const next = detail.nextLevel;
  return (
    <section className="vip-hero" data-testid="vip-hero" data-level={detail.vipLevel}>
      <div className="vip-hero__top">
        <LevelBadge level={detail.vipLevel} size="lg" />
        <div className="vip-hero__names">
          <small>{t('vip.current')}</small>
          <b data-testid="vip-level-name">
            {name && name !== `VIP ${detail.vipLevel}`
              ? name
              : next === null
                ? t('vip.topShort')
                : t('vip.percentTo', { percent: (perMille(detail.totalBet, detail.nextRequiredBet) / 10).toFixed(1), level: next })}
          </b>
        </div>
      </div>
      <div className="vip-hero__row">
        <span>{t('vip.progress')}</span>
        <span data-testid="vip-xp" dir="ltr">
          <Money amount={detail.totalBet} currency="USDT" />
          {next !== null && detail.nextRequiredBet !== null && (
            <>
              {' / '}
              <Money amount={detail.nextRequiredBet} currency="USDT" />
            </>
          )}
        </span>
      </div>
      <ProgressBar perMille={next === null ? 1000 : perMille(detail.totalBet, detail.nextRequiredBet)} label={t('vip.progress')} testId="vip-xp-bar" />
      <p className="vip-hero__hint" data-testid="vip-next">
        {next === null ? t('vip.top') : t('vip.toNext', { amount: inlineAmount(remaining(detail.totalBet, detail.nextRequiredBet)), level: next })}
      </p>
    </section>
  );
}

function Gifts({ detail }: { detail: VipDetail }) {
  const { t } = useVipT();
  const language = useSettings((s) => s.language);
  const claimLevel = useClaimLevelGift();
  const claimMonth = useClaimMonthGift();
  const levelMultiplier = useClaimMultiplier('vipLevelGift');
  const monthMultiplier = useClaimMultiplier('vipMonthGift');
  const month = detail.monthGift;
  const credited = (reply: { amount: string; currency: string }) =>
    toastSuccess(t('vip.claimedToast', { amount: inlineAmount(toMicro(reply.amount)), currency: reply.currency }));
  const hasMonthGift = toMicro(month.amount) > 0n;
  const ready = detail.upLevelGifts.filter((g) => g.status === GiftStatus.CLAIMABLE).length;
  return (
    <>
      <Card
        title={t('vip.levelUpGifts')}
        testId="vip-level-gifts"
        aside={ready > 0 ? <StatusChip kind="ready">{t('vip.readyCount', { count: ready })}</StatusChip> : undefined}
      >
        <ul className="vip-gift-list">
          {detail.upLevelGifts.map((gift) => (
            <li key={gift.vipLevel} className="vip-gift" data-testid={`vip-gift-${gift.vipLevel}`} data-status={gift.status}>
              <LevelBadge level={gift.vipLevel} />
              <Money amount={gift.amount} currency={gift.currency} />
              <GiftAction
                status={gift.status}
                busy={claimLevel.isPending && claimLevel.variables === gift.vipLevel}
                onClaim={() => claimLevel.mutate(gift.vipLevel, { onSuccess: credited })}
                testId={`vip-gift-claim-${gift.vipLevel}`}
              />
              {gift.status === GiftStatus.CLAIMABLE && (
                <WagerTerms multiplier={levelMultiplier} amount={gift.amount} currency={gift.currency} testId={`vip-gift-terms-${gift.vipLevel}`} />
              )}
            </li>
          ))}
        </ul>
      </Card>
      <Card title={t('vip.monthGift')} testId="vip-month-gift">
        {hasMonthGift ? (
          <div className="vip-gift" data-status={month.status}>
            <Money amount={month.amount} currency={month.currency} testId="vip-month-amount" />
            <GiftAction
              status={month.status}
              busy={claimMonth.isPending}
              onClaim={() => claimMonth.mutate(undefined, { onSuccess: credited })}
              testId="vip-month-claim"
            />
            {month.status === GiftStatus.CLAIMABLE && (
              <WagerTerms multiplier={monthMultiplier} amount={month.amount} currency={month.currency} testId="vip-month-terms" />
            )}
          </div>
        ) : (
          <p className="vip-note" data-testid="vip-month-none">
            {t('vip.noMonthGift')}
          </p>
        )}
        {month.status === GiftStatus.CLAIMED && month.nextClaimableAt && (
          <p className="vip-note" data-testid="vip-month-next">
            {t('vip.monthNext', {
              date: new Date(month.nextClaimableAt).toLocaleDateString(localeTag(language), { year: 'numeric', month: 'short', day: 'numeric' }),
            })}
          </p>
        )}
        <p className="vip-note">{t('vip.monthRule')}</p>
      </Card>
    </>
  );
}

function PlayerVip() {
  const detail = useVipDetail();
  const levels = useVipLevels();
  if (detail.isPending) {
    return (
      <>
        <SkeletonCard lines={4} />
        <SkeletonCard lines={3} />
      </>
    );
  }
  if (detail.isError) return <LoadError onRetry={() => void detail.refetch()} testId="vip-error" icon="vip" />;
  const name = levels.data?.find((l) => l.vipLevel === detail.data.vipLevel)?.name;
  return (
    <>
      <Progress detail={detail.data} name={name} />
      <Gifts detail={detail.data} />
    </>
  );
}

/** /vip: the player's level, the XP bar to the next one, and the gifts to claim. */
export default function VipScreen() {
  const { t } = useVipT();
  const token = useSession((s) => s.token);
  return (
    <Screen title={t('vip.title')} testId="vip" backHref="/userProfile">
      {token ? (
        <PlayerVip />
      ) : (
        <SignInPrompt icon="vip" title={t('vip.visitorTitle')} text={t('vip.visitorText')} loginLabel={t('login')} testId="vip-visitor" />
      )}
      <ListGroup>
        <ListRow icon="vip" label={t('vip.allLevels')} to="/vip/vipDetails" testId="vip-details-link" />
        <ListRow icon="refund" label={t('rebate.title')} to="/newFanshui" testId="vip-rebate-link" />
      </ListGroup>
    </Screen>
  );
}
