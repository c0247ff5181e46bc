import { Suspense } from 'react';
import { Icon } from '../../components/Icon';
import { useBonusTerms, type BonusMultipliers } from '../../state/queries/bonus';
import { formatMicroExact, toMicro } from '../../lib/money';
import { wagerText } from './terms';
import { useBonusT } from './useBonusT';
import './bonus.css';

/** The multiplier of a kind of claim that is not an activity's; undefined until the terms have loaded. */
export function useClaimMultiplier(kind: keyof BonusMultipliers): number | undefined {
  return useBonusTerms().data?.[kind];
}

interface WagerTermsProps {
  /** Undefined while unknown: nothing is said rather than something wrong. */
  multiplier: number | undefined;
  /** What the claim pays; the amount to wager is it × the multiplier. */
  amount?: string | bigint;
  currency: string;
  testId: string;
}

/**
 * One short line beside a claim button, read before the tap: "Wager 10×: 1,000 USDT to wager before
 * it becomes cash", or "Paid as cash" when the claim asks no wagering. Its texts load on their own.
 */
export function WagerTerms(props: WagerTermsProps) {
  return (
    <Suspense fallback={null}>
      <Terms {...props} />
    </Suspense>
  );
}

function Terms({ multiplier, amount, currency, testId }: WagerTermsProps) {
  const { t } = useBonusT();
  if (multiplier === undefined) return null;
  const micro = typeof amount === 'bigint' ? amount : amount === undefined ? undefined : toMicro(amount);
  return (
    <p className={['wager-terms', multiplier === 0 ? 'is-cash' : ''].filter(Boolean).join(' ')} data-testid={testId} data-multiplier={multiplier}>
      <Icon name={multiplier === 0 ? 'check' : 'lock'} />
      <span>{wagerText(t, { multiplier, amount: micro, currency }, (m) => formatMicroExact(m))}</span>
    </p>
  );
}
