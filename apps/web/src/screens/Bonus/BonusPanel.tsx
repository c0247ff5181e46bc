import type { CurrencyCode } from '@lobby/contract';
import { Suspense } from 'react';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { moneyOf, useBalances } from '../../state/queries/balances';
import { useForfeitBonus, useWagering, type WageringState } from '../../state/queries/bonus';
import { showConfirm, toastSuccess } from '../../state/ui';
import { formatMicroExact, toMicro } from '../../lib/money';
import { Ltr } from '../../components/Ltr';
import { ProgressBar } from '../../components/ProgressBar';
import { perMille } from '../../lib/progress';
import { useBonusT } from './useBonusT';
import './bonus.css';

/** An amount and its currency inside a sentence, kept left to right (Arabic keeps the figure before its currency). */
const inline = (micro: bigint, currency: string) => `\u2066${formatMicroExact(micro)} ${currency}\u2069`;

interface BonusPanelProps {
  currency: CurrencyCode;
  /** Test ids start with it: `<prefix>`, `<prefix>-cash`, `<prefix>-bonus`, `<prefix>-forfeit`… */
  testId?: string;
}

/**
 * Cash and bonus of one currency apart (ECONOMY.md "Bonus money and wagering"): cash may leave, the
 * bonus is locked until its wagering is done, with the progress and the way to give it up. Experience
 * gold is said to be that: it never becomes cash, so it has neither progress nor forfeit. Nothing is
 * shown while the currency holds no bonus and owes no wagering. Its texts load on their own.
 */
export function BonusPanel(props: BonusPanelProps) {
  return (
    <Suspense fallback={null}>
      <Panel {...props} />
    </Suspense>
  );
}

function Panel({ currency, testId = 'bonus-panel' }: BonusPanelProps) {
  const { t } = useBonusT();
  const { data: balances } = useBalances();
  const wagering = useWagering();
  const state: WageringState | undefined = wagering.data?.find((entry) => entry.currency === currency);
  const money = moneyOf(balances, currency);
  const outstanding = toMicro(state?.outstanding);
  const required = toMicro(state?.required);
  const experience = state?.experience === true;
  if (money.bonus === 0n && outstanding === 0n) return null;
  const wageringDue = !experience && outstanding > 0n && required > 0n;
  return (
    <section
      className={['bonus-panel', experience ? 'is-experience' : ''].filter(Boolean).join(' ')}
      data-testid={testId}
      data-currency={currency}
      data-experience={experience || undefined}
    >
      <div className="bonus-panel__rows">
        <div className="bonus-panel__row">
          <span className="bonus-panel__label">{t('cash')}</span>
          <Ltr className="bonus-panel__amount">
            <span data-testid={`${testId}-cash`}>{`${formatMicroExact(money.cash)} ${currency}`}</span>
          </Ltr>
        </div>
        <div className="bonus-panel__row is-bonus">
          <span className="bonus-panel__label">
            <Icon name={experience ? 'gift' : 'lock'} />
            {experience ? t('experienceGold') : t('bonusLocked')}
          </span>
          <Ltr className="bonus-panel__amount">
            <span data-testid={`${testId}-bonus`}>{`${formatMicroExact(money.bonus)} ${currency}`}</span>
          </Ltr>
        </div>
      </div>
      {experience ? (
        <p className="bonus-panel__note" data-testid={`${testId}-experience`}>
          {t('experienceNote')}
        </p>
      ) : (
        <>
          {wageringDue && state && (
            <div className="bonus-panel__progress">
              <div className="bonus-panel__row">
                <span className="bonus-panel__label">{t('progress.wagered')}</span>
                <Ltr className="bonus-panel__amount">
                  <span data-testid={`${testId}-wagered`}>{`${formatMicroExact(toMicro(state.wagered))} / ${formatMicroExact(required)} ${currency}`}</span>
                </Ltr>
              </div>
              <ProgressBar perMille={perMille(state.wagered, state.required)} label={t('progress.wagered')} testId={`${testId}-bar`} />
              <p className="bonus-panel__note" data-testid={`${testId}-left`}>
                {t(money.bonus > 0n ? 'progress.left' : 'progress.leftNoBonus', { amount: inline(outstanding, currency) })}
              </p>
            </div>
          )}
          {state?.guardsCash && outstanding > 0n && (
            <p className="bonus-panel__note is-warn" data-testid={`${testId}-guards-cash`}>
              {t('progress.guardsCash', { currency })}
            </p>
          )}
          {money.bonus > 0n && (
            <ForfeitButton currency={currency} bonus={money.bonus} cash={money.cash} outstanding={outstanding} testId={`${testId}-forfeit`} />
          )}
        </>
      )}
    </section>
  );
}

function ForfeitButton({
  currency,
  bonus,
  cash,
  outstanding,
  testId,
}: {
  currency: CurrencyCode;
  bonus: bigint;
  cash: bigint;
  outstanding: bigint;
  testId: string;
}) {
  const { t } = useBonusT();
  const forfeit = useForfeitBonus();
  const ask = async () => {
    const sure = await showConfirm({
      title: t('forfeit.title', { currency }),
      message: [
        t('forfeit.gives', { amount: inline(bonus, currency) }),
        outstanding > 0n ? t('forfeit.drops', { amount: inline(outstanding, currency) }) : '',
        t('forfeit.keeps', { amount: inline(cash, currency) }),
      ]
        .filter(Boolean)
        .join('\n'),
      confirm: t('forfeit.confirm'),
      cancel: t('forfeit.cancel'),
      testId: 'bonus-forfeit-confirm',
    });
    if (!sure) return;
    forfeit.mutate(currency, {
      onSuccess: (reply) => toastSuccess(t('forfeit.done', { amount: inline(toMicro(reply.forfeit.amount), reply.forfeit.currency) })),
    });
  };
  return (
    <Button variant="danger" size="sm" className="bonus-panel__forfeit" busy={forfeit.isPending} onClick={() => void ask()} data-testid={testId}>
      {t('forfeit.action')}
    </Button>
  );
}
