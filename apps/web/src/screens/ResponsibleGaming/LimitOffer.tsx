import { LIMIT_KINDS, LIMIT_PERIODS, type LimitKind, type LimitPeriod } from '@lobby/contract';
import { Suspense, useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { useAnswerOffer, useProtection, useSetLimit, type OfferMoment } from '../../state/queries/protection';
import { toastSuccess } from '../../state/ui';
import { LimitAmountField, useLimitAmount } from './LimitRow';
import { Section, Segmented } from './parts';
import { useProtectionT } from './useProtectionT';

function OfferCard({ moment, kind: firstKind }: { moment: OfferMoment; kind: LimitKind }) {
  const { t } = useProtectionT();
  const setLimit = useSetLimit();
  const answer = useAnswerOffer();
  const [kind, setKind] = useState<LimitKind>(firstKind);
  const [period, setPeriod] = useState<LimitPeriod>('day');
  const field = useLimitAmount();
  const busy = setLimit.isPending || answer.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!field.check()) return;
    setLimit.mutate(
      { kind, period, amount: field.amount },
      {
        onSuccess: () => {
          toastSuccess(t('offer.done'));
          answer.mutate(moment);
        },
      },
    );
  };

  return (
    <Section title={t('offer.title')} hint={t('offer.text')} icon="shield" testId={`limit-offer-${moment}`} className="rg-offer">
      <form className="rg-form" onSubmit={submit}>
        <Segmented
          options={LIMIT_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
          value={kind}
          onChange={setKind}
          label={t('limits.title')}
          testId="limit-offer-kind"
        />
        <Segmented
          options={LIMIT_PERIODS.map((p) => ({ value: p, label: t(`periods.${p}`) }))}
          value={period}
          onChange={setPeriod}
          label={t('limits.title')}
          testId="limit-offer-period"
        />
        <LimitAmountField field={field} placeholder="0.00" testId="limit-offer-amount" />
        <div className="rg-actions rg-actions--block">
          <Button variant="secondary" disabled={busy} onClick={() => answer.mutate(moment)} data-testid="limit-offer-skip">
            {t('offer.skip')}
          </Button>
          <Button type="submit" busy={busy} data-testid="limit-offer-set">
            {t('offer.set')}
          </Button>
        </div>
      </form>
    </Section>
  );
}

/**
 * PROTECTION.md: the player is offered limits at registration and at the first deposit, never forced.
 * A card in the page (not a popup in the way): setting a limit or "not now" answers it for good.
 */
export function LimitOffer({ moment, kind = 'deposit' }: { moment: OfferMoment; kind?: LimitKind }) {
  const { data } = useProtection();
  if (!data || data.limitOfferAnswered[moment] || data.pause) return null;
  return (
    // Its texts load on their own: the screen around it shows meanwhile.
    <Suspense fallback={null}>
      <OfferCard moment={moment} kind={kind} />
    </Suspense>
  );
}
