import type { CurrencyCode } from '@lobby/contract';
import { Suspense, useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useBalances } from '../../state/queries/balances';
import { useWagering } from '../../state/queries/bonus';
import { toMicro } from '../Trade/money';
import { ProgressBar } from '../Vip/ProgressBar';
import { inlineAmount, Money } from '../Vip/parts';
import { perMille } from '../Vip/progress';
import { useVipT } from '../Vip/useVipT';

/**
 * The bonus wagering of one currency, shown before the player tries to withdraw it: how much of the
 * requirement is wagered and what is left. Nothing at all when no bonus was ever credited in it.
 * Its texts load on their own: the screen around it never waits for them.
 */
export function WageringProgress({ currency }: { currency: CurrencyCode }) {
  return (
    <Suspense fallback={null}>
      <Wagering currency={currency} />
    </Suspense>
  );
}

function Wagering({ currency }: { currency: CurrencyCode }) {
  const { t } = useVipT();
  const wagering = useWagering();
  const { data: balances } = useBalances();
  const { refetch } = wagering;
  // Bets settle as balance changes: each one may lower what is left to wager.
  useEffect(() => {
    void refetch();
  }, [balances?.usdt, balances?.trx, refetch]);
  const state = wagering.data?.find((entry) => entry.currency === currency);
  if (!state || toMicro(state.required) === 0n) return null;
  const left = toMicro(state.outstanding);
  return (
    <section className={['wagering-card', left > 0n ? 'is-due' : ''].filter(Boolean).join(' ')} data-testid="withdraw-wagering" data-left={state.outstanding}>
      <div className="wagering-card__head">
        <span>{t('wagering.title')}</span>
        <Link to="/bonusRecord" data-testid="withdraw-wagering-records">
          {t('wagering.records')}
        </Link>
      </div>
      <div className="vip-hero__row">
        <span>{t('vip.progress')}</span>
        <span dir="ltr">
          <Money amount={state.wagered} currency={currency} testId="withdraw-wagering-done" />
          {' / '}
          <Money amount={state.required} currency={currency} testId="withdraw-wagering-required" />
        </span>
      </div>
      <ProgressBar perMille={perMille(state.wagered, state.required)} label={t('wagering.title')} testId="withdraw-wagering-bar" />
      <p className="vip-note" data-testid="withdraw-wagering-text">
        {left > 0n ? t('wagering.left', { amount: inlineAmount(left), currency }) : t('wagering.done', { currency })}
      </p>
    </section>
  );
}
