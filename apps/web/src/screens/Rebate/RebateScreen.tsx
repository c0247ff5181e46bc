import type { CurrencyCode } from '@lobby/contract';
import { Link } from 'react-router-dom';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Icon } from '../../components/Icon';
import { Screen } from '../../components/Screen';
import { SignInPrompt } from '../../components/SignInPrompt';
import { useClaimRebate, useRebateHistory, useRebateSummary, type RebateClaim, type RebateCurrency } from '../../state/queries/rebate';
import { useSession } from '../../state/session';
import { useSettings } from '../../state/settings';
import { toastSuccess } from '../../state/ui';
import { toMicro } from '../../lib/money';
import { CoinMark } from '../../components/Currency';
import { LoadError } from '../../components/LoadError';
import { localeTag } from '../../lib/format';
import { SkeletonCard } from '../../components/SkeletonCard';
import { Card, inlineAmount, Money } from '../Vip/parts';
import { useVipT } from '../Vip/useVipT';
import { useClaimMultiplier, WagerTerms } from '../Bonus/WagerTerms';

function CurrencyRebate({ summary }: { summary: RebateCurrency }) {
  const { t } = useVipT();
  const claim = useClaimRebate();
  const multiplier = useClaimMultiplier('rebate');
  const currency = summary.currency;
  const parts = summary.byGameType.filter((part) => toMicro(part.accrued) > 0n || toMicro(part.totalAccrued) > 0n);
  return (
    <Card testId={`rebate-${currency}`}>
      <div className="rebate-head">
        <CoinMark currency={currency} />
        <div className="vip-stat">
          <small>{t('rebate.accrued')}</small>
          <b data-testid={`rebate-accrued-${currency}`}>
            <Money amount={summary.accrued} currency={currency} />
          </b>
        </div>
        <Button
          size="sm"
          disabled={!summary.claimable}
          busy={claim.isPending}
          onClick={() =>
            claim.mutate(currency, {
              onSuccess: (reply) =>
                toastSuccess(t('rebate.claimedToast', { amount: inlineAmount(toMicro(reply.claim.amount)), currency: reply.claim.currency })),
            })
          }
          data-testid={`rebate-claim-${currency}`}
        >
          {t('rebate.claim', { currency })}
        </Button>
      </div>
      {summary.claimable ? (
        <WagerTerms multiplier={multiplier} amount={summary.accrued} currency={currency} testId={`rebate-terms-${currency}`} />
      ) : (
        <p className="vip-note" data-testid={`rebate-minimum-${currency}`}>
          {t('rebate.minimum', { currency })}
        </p>
      )}
      <div className="vip-stats">
        <div className="vip-stat">
          <small>{t('rebate.total')}</small>
          <Money amount={summary.totalAccrued} currency={currency} testId={`rebate-total-${currency}`} />
        </div>
        <div className="vip-stat">
          <small>{t('rebate.claimedTotal')}</small>
          <Money amount={summary.totalClaimed} currency={currency} testId={`rebate-claimed-${currency}`} />
        </div>
      </div>
      {parts.length > 0 && (
        <ul className="vip-record-list" aria-label={t('rebate.byGame')}>
          {parts.map((part) => (
            <li key={part.gameType} className="vip-record__line" data-testid={`rebate-${currency}-type-${part.gameType}`}>
              <span>{t(`gameType.${part.gameType}`)}</span>
              <Money amount={part.accrued} currency={currency} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function ClaimRow({ claim }: { claim: RebateClaim }) {
  const { t } = useVipT();
  const language = useSettings((s) => s.language);
  return (
    <li className="vip-record" data-testid="rebate-history-row" data-id={claim.id}>
      <div className="vip-record__line">
        <span>{claim.byGameType.map((part) => t(`gameType.${part.gameType}`)).join(' · ') || t('rebate.title')}</span>
        <span className="vip-record__amount">
          <Money amount={claim.amount} currency={claim.currency} />
        </span>
      </div>
      <div className="vip-record__line vip-record__line--sub">
        <time dateTime={claim.createdAt}>
          {new Date(claim.createdAt).toLocaleString(localeTag(language), {
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
            hour: '2-digit',
            minute: '2-digit',
          })}
        </time>
      </div>
    </li>
  );
}

function History() {
  const { t } = useVipT();
  const history = useRebateHistory();
  const rows = history.data?.pages.flatMap((page) => page.list) ?? [];
  if (history.isPending) return <SkeletonCard lines={3} />;
  if (history.isError && rows.length === 0) return <LoadError onRetry={() => void history.refetch()} testId="rebate-history-error" icon="refund" />;
  return (
    <Card title={t('rebate.history')} testId="rebate-history">
      {rows.length === 0 ? (
        <EmptyState icon="refund" title={t('rebate.historyEmpty')} text={t('rebate.historyEmptyText')} testId="rebate-history-empty" />
      ) : (
        <>
          <ul className="vip-record-list">
            {rows.map((claim) => (
              <ClaimRow key={claim.id} claim={claim} />
            ))}
          </ul>
          {history.hasNextPage ? (
            <Button variant="ghost" size="sm" busy={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()} data-testid="rebate-history-more">
              {t('rebate.more')}
            </Button>
          ) : (
            <p className="vip-note vip-note--center">{t('rebate.end')}</p>
          )}
        </>
      )}
    </Card>
  );
}

const ORDER: readonly CurrencyCode[] = ['USDT', 'TRX'];

function PlayerRebates() {
  const summary = useRebateSummary();
  if (summary.isPending) {
    return (
      <>
        <SkeletonCard lines={4} />
        <SkeletonCard lines={4} />
      </>
    );
  }
  if (summary.isError) return <LoadError onRetry={() => void summary.refetch()} testId="rebate-error" icon="refund" />;
  const currencies = [...summary.data.currencies].sort((a, b) => ORDER.indexOf(a.currency) - ORDER.indexOf(b.currency));
  return (
    <>
      {currencies.map((entry) => (
        <CurrencyRebate key={entry.currency} summary={entry} />
      ))}
      <History />
    </>
  );
}

/** /newFanshui: rebates accrued per currency and game type, the claim button and the claims made. */
export default function RebateScreen() {
  const { t } = useVipT();
  const token = useSession((s) => s.token);
  return (
    <Screen
      title={t('rebate.title')}
      testId="rebate"
      backHref="/menu"
      right={
        <Link to="/newFanshuiInfo" className="app-header__action" aria-label={t('rebateInfo.title')} data-testid="rebate-info-link">
          <Icon name="help" />
        </Link>
      }
    >
      {token ? (
        <PlayerRebates />
      ) : (
        <SignInPrompt icon="refund" title={t('rebate.visitorTitle')} text={t('rebate.visitorText')} loginLabel={t('login')} testId="rebate-visitor" />
      )}
    </Screen>
  );
}
