import type { CurrencyCode } from '@lobby/contract';
import { Suspense } from 'react';
import { moneyOf, useBalances } from '../../state/queries/balances';
import { formatMicroShort } from '../../lib/money';
import { Ltr } from '../../components/Ltr';
import { useBonusT } from './useBonusT';
import './bonus.css';

/**
 * Under a balance: its cash and bonus parts on one short line ("Cash 900.00 · Bonus 100.00").
 * Nothing while the currency holds no bonus: then the balance is all cash.
 */
export function SplitLine({ currency, testId }: { currency: CurrencyCode; testId: string }) {
  return (
    <Suspense fallback={null}>
      <Split currency={currency} testId={testId} />
    </Suspense>
  );
}

function Split({ currency, testId }: { currency: CurrencyCode; testId: string }) {
  const { t } = useBonusT();
  const { data } = useBalances();
  const money = moneyOf(data, currency);
  if (money.bonus === 0n) return null;
  return (
    <small className="split-line" data-testid={testId}>
      <span>
        {t('cashShort')} <Ltr>{formatMicroShort(money.cash)}</Ltr>
      </span>
      <span className="split-line__bonus">
        {t('bonusShort')} <Ltr>{formatMicroShort(money.bonus)}</Ltr>
      </span>
    </small>
  );
}

/**
 * What a third-party game will see of the lobby wallet: cash + bonus (the seamless wallet reports
 * both), with the parts named when there is a bonus. Shown while the game loads.
 */
export function GameBalance({ testId = 'webview-balance' }: { testId?: string }) {
  return (
    <Suspense fallback={null}>
      <GameSees testId={testId} />
    </Suspense>
  );
}

function GameSees({ testId }: { testId: string }) {
  const { t } = useBonusT();
  const { data } = useBalances();
  if (!data) return null;
  const lines = (['USDT', 'TRX'] as const).flatMap((currency) => {
    const money = moneyOf(data, currency);
    if (money.total === 0n && currency === 'TRX') return [];
    const amount = `\u2066${formatMicroShort(money.total)} ${currency}\u2069`;
    const split =
      money.bonus > 0n
        ? ` (${t('game.split', { cash: `\u2066${formatMicroShort(money.cash)}\u2069`, bonus: `\u2066${formatMicroShort(money.bonus)}\u2069` })})`
        : '';
    return [{ currency, text: t('game.sees', { amount }) + split }];
  });
  return (
    <div className="game-balance" data-testid={testId}>
      {lines.map((line) => (
        <p key={line.currency} data-currency={line.currency}>
          {line.text}
        </p>
      ))}
    </div>
  );
}
