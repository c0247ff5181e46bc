import { ErrorCode, type CurrencyCode } from '@lobby/contract';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../components/Button';
import { useOfferDeposit } from '../../components/DepositOffer';
import { EmptyState } from '../../components/EmptyState';
import { Icon } from '../../components/Icon';
import { useExchange, useExchangeConfig } from '../../state/queries/bank';
import { moneyOf, useBalances } from '../../state/queries/balances';
import { useSettings } from '../../state/settings';
import { toastSuccess } from '../../state/ui';
import { useIntentKey } from '../../api/idempotency';
import { describeFailure, showFailure } from '../../api/failures';
import { cleanAmountInput, formatMicroShort, formatRate, inputToMicro, maxSendable, microToInput, quoteExchange, spreadOf, toMicro } from '../../lib/money';
import { AmountInput, InfoRow, TradeScreen } from './parts';
import { CoinMark } from '../../components/Currency';
import { FieldError } from '../../components/FieldError';
import { LoadError } from '../../components/LoadError';
import { localeTag } from '../../lib/format';
import { Ltr } from '../../components/Ltr';
import { SkeletonCard } from '../../components/SkeletonCard';
import { useTradeT } from './useTradeT';
import { Pressable } from '../../components/Pressable';
import { BonusPanel } from '../Bonus/BonusPanel';

const other = (currency: CurrencyCode): CurrencyCode => (currency === 'USDT' ? 'TRX' : 'USDT');

// Amounts read with two decimals and thousands separated (SPEC section 9). A figure is cut towards
// the safe side: what the player receives and the largest exchange down, the smallest exchange up,
// so typing the minimum shown is always accepted.
const CENT = 10_000n;
const shownDown = (micro: bigint) => formatMicroShort(micro);
const shownUp = (micro: bigint) => formatMicroShort(((micro + CENT - 1n) / CENT) * CENT);

type ExchangeProblem = 'amountRequired' | 'belowMin' | 'aboveMax' | 'overBalance' | 'tooSmall';

function amountProblem(
  amount: bigint | undefined,
  { min, max, balance, receive }: { min: bigint; max: bigint; balance: bigint; receive: bigint },
): ExchangeProblem | undefined {
  if (amount === undefined || amount === 0n) return 'amountRequired';
  if (amount < min) return 'belowMin';
  if (max > 0n && amount > max) return 'aboveMax';
  if (amount > balance) return 'overBalance';
  if (receive === 0n) return 'tooSmall';
  return undefined;
}

export default function ExchangeScreen() {
  const { t } = useTradeT();
  const language = useSettings((s) => s.language);
  const config = useExchangeConfig();
  const { data: balances } = useBalances();
  const exchange = useExchange();
  const offerDeposit = useOfferDeposit();

  const [from, setFrom] = useState<CurrencyCode>('USDT');
  const [amountText, setAmountText] = useState('');
  const [error, setError] = useState<string>();
  const [rateChanged, setRateChanged] = useState(false);
  const to = other(from);

  const pair = config.data?.pairs.find((p) => p.from === from && p.to === to);
  const inverse = config.data?.pairs.find((p) => p.from === to && p.to === from);
  const amount = inputToMicro(amountText);
  const receive = pair && amount !== undefined ? quoteExchange(amount, pair.rate) : 0n;
  // Only cash is exchanged; a bonus stays where it is until its wagering is done (shown below).
  const money = moneyOf(balances, from);
  const balance = money.cash;
  const min = toMicro(pair?.minAmount);
  const max = toMicro(pair?.maxAmount);
  const spread = pair && inverse ? spreadOf(pair.rate, inverse.rate) : undefined;
  const request = useIntentKey();
  const quotedAt = config.data ? new Date(config.data.quotedAt) : undefined;

  const swap = () => {
    setFrom(to);
    setAmountText('');
    setError(undefined);
    setRateChanged(false);
  };

  // What is wrong with the typed amount is told while typing, not only once the player submits.
  const problem = amountProblem(amount, { min, max, balance, receive });
  const problemText = (which: ExchangeProblem) =>
    which === 'belowMin'
      ? t('exchange.errors.belowMin', { amount: shownUp(min), currency: from })
      : which === 'aboveMax'
        ? t('exchange.errors.aboveMax', { amount: shownDown(max), currency: from })
        : t(`exchange.errors.${which}`);
  const shownError = error ?? (problem && problem !== 'amountRequired' ? problemText(problem) : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(problem ? problemText(problem) : undefined);
    // Over the cash but within what the player holds: the bonus is locked, a deposit is not the answer.
    if (problem === 'overBalance' && amount !== undefined && amount > money.total) void offerDeposit(from);
    if (problem || !pair || amount === undefined) return;
    exchange.mutate(
      { requestId: request.keyFor(`${from}|${amount}`), from, to, amount: microToInput(amount), quotedRate: pair.rate },
      {
        onSuccess: (reply) => {
          request.succeeded();
          setAmountText('');
          setRateChanged(false);
          const paid = toMicro(reply.record.amount);
          const got = toMicro(reply.record.toAmount);
          toastSuccess(t('exchange.done', { paid: shownDown(paid), from, got: shownDown(got), to }));
        },
        onError: async (failed) => {
          request.failed(failed);
          const failure = await describeFailure(failed);
          if (failure.experience) {
            await showFailure(failure, t('common.ok'), t('experience.title'));
            return;
          }
          // The server refuses (code 1) when the rate moved against the player since the quote.
          if (failure.code === ErrorCode.FAILURE) {
            setRateChanged(true);
            void config.refetch();
            return;
          }
          if (failure.code === ErrorCode.INSUFFICIENT_BALANCE) {
            void offerDeposit(from);
            return;
          }
          await showFailure(failure, t('common.ok'), t('experience.title'));
        },
      },
    );
  };

  let body: ReactNode;
  if (config.isPending) {
    body = <SkeletonCard lines={6} />;
  } else if (config.isError || !config.data) {
    body = <LoadError onRetry={() => void config.refetch()} testId="exchange-error" icon="exchange" />;
  } else if (!config.data.enabled || !pair) {
    body = <EmptyState icon="exchange" title={t('exchange.soonTitle')} text={t('exchange.soonText')} testId="exchange-unavailable" />;
  } else {
    body = (
      <form className="trade-form" onSubmit={submit} noValidate>
        <div className="swap-cards">
          <section className="trade-card swap-card" data-testid="exchange-from">
            <div className="trade-card__head">
              <span className="trade-label">{t('exchange.pay')}</span>
              <span className="trade-card__aside">
                {t('exchange.balance')}{' '}
                <b data-testid="exchange-balance">
                  <Ltr>{formatMicroShort(balance)}</Ltr>
                </b>
              </span>
            </div>
            <div className="swap-card__row">
              <span className="swap-card__coin" data-testid="exchange-from-currency">
                <CoinMark currency={from} /> {from}
              </span>
              <AmountInput
                value={amountText}
                onChange={(v) => {
                  setAmountText(cleanAmountInput(v));
                  setError(undefined);
                }}
                currency={from}
                placeholder={shownUp(min)}
                testId="exchange-amount"
                label={t('exchange.pay')}
                allLabel={t('common.all')}
                allTestId="exchange-all"
                onAll={() => setAmountText(microToInput(maxSendable(balance, max)))}
                invalid={!!shownError}
              />
            </div>
            {!shownError && (
              <p className="trade-hint" data-testid="exchange-minimum">
                {t('exchange.minimum', { amount: shownUp(min), currency: from })}
              </p>
            )}
          </section>

          <Pressable type="button" className="swap-button" onClick={swap} aria-label={t('exchange.swap')} data-testid="exchange-swap">
            <Icon name="exchange" />
          </Pressable>

          <section className="trade-card swap-card" data-testid="exchange-to">
            <div className="trade-card__head">
              <span className="trade-label">{t('exchange.receive')}</span>
            </div>
            <div className="swap-card__row">
              <span className="swap-card__coin" data-testid="exchange-to-currency">
                <CoinMark currency={to} /> {to}
              </span>
              <output className="swap-card__receive" data-testid="exchange-receive" aria-live="polite">
                <Ltr>{shownDown(receive)}</Ltr>
              </output>
            </div>
          </section>
        </div>
        <FieldError text={shownError} testId="exchange-amount-error" />
        <BonusPanel currency={from} testId="exchange-bonus" />

        <section className="trade-card info-rows" data-testid="exchange-quote">
          <InfoRow label={t('exchange.rate')} value={<Ltr>{`1 ${from} ≈ ${formatRate(pair.rate)} ${to}`}</Ltr>} testId="exchange-rate" />
          {spread !== undefined && (
            <InfoRow
              label={t('exchange.spread')}
              value={t('exchange.spreadValue', { value: (spread * 100).toLocaleString(localeTag(language), { maximumFractionDigits: 2 }) })}
              testId="exchange-spread"
            />
          )}
          <InfoRow label={t('exchange.limits')} value={<Ltr>{`${shownUp(min)} – ${shownDown(max)} ${from}`}</Ltr>} testId="exchange-limits" />
          {quotedAt && (
            <p className="trade-hint live-quote" data-testid="exchange-quoted-at">
              <span className="live-quote__dot" aria-hidden="true" />
              {t('exchange.updated', { time: quotedAt.toLocaleTimeString(localeTag(language), { hour: '2-digit', minute: '2-digit', second: '2-digit' }) })}
            </p>
          )}
        </section>

        {rateChanged && (
          <p className="trade-banner trade-banner--warn" role="alert" data-testid="exchange-rate-changed">
            {t('exchange.rateChanged')}
          </p>
        )}

        <Button type="submit" block busy={exchange.isPending} data-testid="exchange-submit">
          {t('exchange.submit')}
        </Button>
        <ul className="trade-notes">
          <li>{t('exchange.noteRate')}</li>
          <li>{t('exchange.noteInstant')}</li>
        </ul>
      </form>
    );
  }

  return <TradeScreen tab="Exchange">{body}</TradeScreen>;
}
