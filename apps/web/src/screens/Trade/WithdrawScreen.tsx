import { useIonRouter } from '@ionic/react';
import { ErrorCode, type CurrencyCode } from '@lobby/contract';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../components/Button';
import { useOfferDeposit } from '../../components/DepositOffer';
import { EmptyState } from '../../components/EmptyState';
import { Field, Select } from '../../components/Field';
import { Icon } from '../../components/Icon';
import { shortAddress } from '../../lib/format';
import { useCashoutConfig, useExplorerTxUrl, useTrackedRecord, useWithdraw, type TradeRecord } from '../../state/queries/bank';
import { moneyOf, useBalances } from '../../state/queries/balances';
import { useCashoutAddresses } from '../../state/queries/wallet';
import { useIntentKey } from '../../api/idempotency';
import { describeFailure, showFailure } from '../../api/failures';
import { afterFee, cleanAmountInput, formatMicroExact, formatMicroShort, inputToMicro, maxSendable, microToInput, toMicro } from '../../lib/money';
import { AmountInput, InfoRow, TradeScreen, TxId } from './parts';
import { CurrencyChips } from '../../components/Currency';
import { FieldError } from '../../components/FieldError';
import { LoadError } from '../../components/LoadError';
import { Ltr } from '../../components/Ltr';
import { SkeletonCard } from '../../components/SkeletonCard';
import { useTradeT } from './useTradeT';
import { formatMoment } from '../Security/useSecurityT';
import { useSettings } from '../../state/settings';
import { BonusPanel } from '../Bonus/BonusPanel';

type Errors = Partial<Record<'amount' | 'address' | 'fundPassword' | 'form', string>>;

/** The player-facing stage of a withdrawal, from its record's status. */
export function withdrawalStage(record: Pick<TradeRecord, 'status' | 'txId'>): 'review' | 'sending' | 'sent' | 'failed' | 'rejected' {
  switch (record.status) {
    case 'pending':
      return 'review';
    case 'processing':
      return 'sending';
    case 'completed':
      return 'sent';
    default:
      return record.status;
  }
}

const FUND_PASSWORD_LENGTH = 6;

function WithdrawResult({ record, onDone }: { record: TradeRecord; onDone(): void }) {
  const { t } = useTradeT();
  const router = useIonRouter();
  const explorer = useExplorerTxUrl();
  const { data } = useTrackedRecord(record);
  const current = data ?? record;
  const stage = withdrawalStage(current);
  const amount = toMicro(current.amount);
  const fee = toMicro(current.fee);
  const steps = ['submitted', 'review', 'sending', 'sent'] as const;
  const reached = stage === 'review' ? 1 : stage === 'sending' ? 2 : stage === 'sent' ? 3 : 0;
  return (
    <section className="trade-card withdraw-result" data-testid="withdraw-result" data-status={stage}>
      <span className={`withdraw-result__icon withdraw-result__icon--${stage}`}>
        <Icon name={stage === 'sent' ? 'check' : stage === 'failed' || stage === 'rejected' ? 'refund' : 'withdraw'} />
      </span>
      <h2 className="withdraw-result__title" data-testid="withdraw-result-title">
        {t(`withdraw.stage.${stage}`)}
      </h2>
      <p className="withdraw-result__text">{t(`withdraw.stageText.${stage}`)}</p>
      {stage === 'sending' && current.waitingReason && (
        <p className="trade-banner trade-banner--warn" data-testid="withdraw-waiting" data-reason={current.waitingReason}>
          {t(`withdraw.waiting.${current.waitingReason}`)}
        </p>
      )}
      {stage !== 'failed' && stage !== 'rejected' && (
        <ol className="stage-track" aria-label={t('withdraw.progress')}>
          {steps.map((step, index) => (
            <li key={step} className={index <= reached ? 'is-done' : ''}>
              <span className="stage-track__dot" />
              <span className="stage-track__label">{t(`withdraw.step.${step}`)}</span>
            </li>
          ))}
        </ol>
      )}
      <div className="info-rows">
        <InfoRow label={t('withdraw.amount')} value={<Ltr>{`${formatMicroExact(amount)} ${current.currency}`}</Ltr>} />
        <InfoRow label={t('withdraw.fee')} value={<Ltr>{`${formatMicroExact(fee)} ${current.currency}`}</Ltr>} />
        <InfoRow label={t('withdraw.receive')} value={<Ltr>{`${formatMicroExact(afterFee(amount, fee))} ${current.currency}`}</Ltr>} strong />
        {current.address && <InfoRow label={t('withdraw.to')} value={<Ltr>{shortAddress(current.address)}</Ltr>} />}
        {current.txId && <InfoRow label={t('history.txId')} value={<TxId txId={current.txId} url={explorer(current.txId)} testId="withdraw-tx" />} />}
      </div>
      <div className="trade-actions">
        <Button variant="secondary" onClick={() => router.push('/trade/TradeHis')} data-testid="withdraw-records">
          {t('withdraw.viewRecords')}
        </Button>
        <Button onClick={onDone} data-testid="withdraw-done">
          {t('common.done')}
        </Button>
      </div>
    </section>
  );
}

export default function WithdrawScreen() {
  const { t } = useTradeT();
  const config = useCashoutConfig();
  const addresses = useCashoutAddresses();
  const { data: balances } = useBalances();
  const withdraw = useWithdraw();
  const offerDeposit = useOfferDeposit();

  const [currency, setCurrency] = useState<CurrencyCode>('USDT');
  const [amountText, setAmountText] = useState('');
  const [chosenAddress, setChosenAddress] = useState<number | null>(null);
  const [fundPassword, setFundPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [result, setResult] = useState<TradeRecord | null>(null);

  const list = addresses.data ?? [];
  const addressId = chosenAddress !== null && list.some((a) => a.id === chosenAddress) ? chosenAddress : (list[0]?.id ?? null);
  const terms = config.data?.currencies.find((c) => c.currency === currency);
  const amount = inputToMicro(amountText);
  const min = toMicro(terms?.minAmount);
  const max = toMicro(terms?.maxAmount);
  const fee = toMicro(terms?.fee);
  const review = toMicro(terms?.reviewThreshold);
  const withdrawable = toMicro(terms?.withdrawable);
  const money = moneyOf(balances, currency);
  // Everything the player holds, bonus included: more than this is a case for a deposit.
  const balance = money.total;
  const dailyFull = !!terms && terms.dailyCountLimit > 0 && terms.dailyCountUsed >= terms.dailyCountLimit;
  const request = useIntentKey();

  const changeCurrency = (next: CurrencyCode) => {
    setCurrency(next);
    setAmountText('');
    setErrors({});
  };

  const validate = (): { found: Errors; shortOfFunds: boolean } => {
    const found: Errors = {};
    let shortOfFunds = false;
    if (amount === undefined || amount === 0n) found.amount = t('withdraw.errors.amountRequired');
    else if (amount < min) found.amount = t('withdraw.errors.belowMin', { amount: formatMicroExact(min), currency });
    else if (max > 0n && amount > max) found.amount = t('withdraw.errors.aboveMax', { amount: formatMicroExact(max), currency });
    else if (amount > withdrawable) {
      found.amount = t('withdraw.errors.overAvailable');
      // More than the player holds at all, not merely more than is free to withdraw: a deposit is the way on.
      shortOfFunds = amount > balance;
    } else if (afterFee(amount, fee) === 0n) found.amount = t('withdraw.errors.feeTooHigh');
    if (addressId === null) found.address = t('withdraw.errors.addressRequired');
    if (!new RegExp(`^\\d{${FUND_PASSWORD_LENGTH}}$`).test(fundPassword)) found.fundPassword = t('fundPwd.errors.format');
    if (dailyFull) found.form = t('withdraw.errors.dailyLimit');
    return { found, shortOfFunds };
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { found, shortOfFunds } = validate();
    setErrors(found);
    if (shortOfFunds) void offerDeposit(currency);
    if (Object.keys(found).length > 0 || amount === undefined || addressId === null) return;
    withdraw.mutate(
      { requestId: request.keyFor(`${currency}|${amount}|${addressId}`), currency, amount: microToInput(amount), addressId, fundPassword },
      {
        onSuccess: (reply) => {
          request.succeeded();
          setResult(reply.record);
          setAmountText('');
          setFundPassword('');
        },
        onError: async (error) => {
          request.failed(error);
          const failure = await describeFailure(error);
          if (failure.code === ErrorCode.FUND_PASSWORD_WRONG) {
            setErrors({ fundPassword: failure.text || t('fundPwd.errors.wrong') });
            return;
          }
          // A new address waits before it may be used: the refusal names the moment, shown in the player's time.
          if (failure.code === ErrorCode.ADDRESS_WAITING) {
            const usableAt = (error as { details?: { data?: { usableAt?: string } } }).details?.data?.usableAt;
            const when = usableAt ? formatMoment(usableAt, useSettings.getState().language) : '';
            setErrors({ address: usableAt ? failure.text.replace(usableAt, when) : failure.text });
            return;
          }
          // A saved address passed its checksum when it was saved: 10052 now means it is one of the site's own.
          if (failure.code === ErrorCode.INVALID_TRON_ADDRESS) {
            setErrors({ address: t('withdraw.errors.siteAddress') });
            return;
          }
          void config.refetch();
          if (failure.code === ErrorCode.INSUFFICIENT_BALANCE) {
            void offerDeposit(currency);
            return;
          }
          await showFailure(failure, t('common.ok'), t('experience.title'));
        },
      },
    );
  };

  let body: ReactNode;
  if (result) {
    body = <WithdrawResult record={result} onDone={() => setResult(null)} />;
  } else if (config.isPending) {
    body = <SkeletonCard lines={6} />;
  } else if (config.isError || !config.data) {
    body = <LoadError onRetry={() => void config.refetch()} testId="withdraw-error" icon="withdraw" />;
  } else if (!config.data.hasFundPassword) {
    body = (
      <EmptyState
        icon="shield"
        title={t('withdraw.needFundPassword')}
        text={t('withdraw.needFundPasswordText')}
        testId="withdraw-need-fund-password"
        action={
          <Link to="/safeCenter/setFundPwd" className="btn btn--primary btn--md" data-testid="withdraw-set-fund-password">
            <span className="btn__label">{t('withdraw.setFundPassword')}</span>
          </Link>
        }
      />
    );
  } else {
    const closed = !terms?.enabled;
    body = (
      <form className="trade-form" onSubmit={submit} noValidate>
        <CurrencyChips
          value={currency}
          onChange={changeCurrency}
          testIdPrefix="withdraw-currency"
          label={t('withdraw.currency')}
          note={(c) => (c === 'USDT' ? 'TRC20' : t('recharge.nativeCoin'))}
        />
        <BonusPanel currency={currency} testId="withdraw-bonus" />
        {closed ? (
          <p className="trade-banner trade-banner--warn" data-testid="withdraw-closed">
            {t('withdraw.closed', { currency })}
          </p>
        ) : (
          <>
            <section className="trade-card">
              <div className="trade-card__head">
                <label className="trade-label" htmlFor="withdraw-amount">
                  {t('withdraw.amount')}
                </label>
                <span className="trade-card__aside">
                  {t('withdraw.available')}{' '}
                  <b data-testid="withdraw-available">
                    <Ltr>{`${formatMicroShort(withdrawable)} ${currency}`}</Ltr>
                  </b>
                </span>
              </div>
              <AmountInput
                value={amountText}
                onChange={(v) => setAmountText(cleanAmountInput(v))}
                currency={currency}
                placeholder={t('withdraw.amountPlaceholder', { amount: formatMicroExact(min) })}
                testId="withdraw-amount"
                label={t('withdraw.amount')}
                allLabel={t('common.all')}
                allTestId="withdraw-all"
                onAll={() => setAmountText(microToInput(maxSendable(withdrawable, max)))}
                invalid={!!errors.amount}
              />
              <FieldError text={errors.amount} testId="withdraw-amount-error" />
              <p className="trade-hint" data-testid="withdraw-limits">
                {t('withdraw.limits', { min: formatMicroExact(min), max: formatMicroExact(max), currency })}
                {terms && terms.dailyCountLimit > 0 && <span> · {t('withdraw.dailyCount', { used: terms.dailyCountUsed, limit: terms.dailyCountLimit })}</span>}
              </p>
              {/* The bonus is shown locked above; this is for cash that waits too (an older requirement). */}
              {withdrawable < money.cash && (
                <p className="trade-hint" data-testid="withdraw-locked">
                  {t('withdraw.lockedNote', { amount: formatMicroShort(money.cash - withdrawable), currency })}
                </p>
              )}
            </section>

            <section className="trade-card">
              <div className="trade-card__head">
                <span className="trade-label">{t('withdraw.address')}</span>
                <Link to="/safeCenter/wdAddrManage" className="text-link trade-card__aside" data-testid="withdraw-manage-addresses">
                  {t('withdraw.manage')}
                </Link>
              </div>
              {addresses.isPending ? (
                <span className="skeleton skeleton--text" />
              ) : list.length === 0 ? (
                <Link to="/safeCenter/addCryptoAddr" className="add-row" data-testid="withdraw-add-address">
                  <Icon name="plus" />
                  <span>{t('withdraw.addAddress')}</span>
                  <Icon name="chevronRight" className="flip-rtl" />
                </Link>
              ) : (
                <Select
                  value={String(addressId ?? '')}
                  onValueChange={(v) => setChosenAddress(Number(v))}
                  options={list.map((a) => ({ value: String(a.id), label: `${a.label} · ${shortAddress(a.address)}` }))}
                  label={t('withdraw.address')}
                  testId="withdraw-address-select"
                />
              )}
              <FieldError text={errors.address} testId="withdraw-address-error" />
            </section>

            <section className="trade-card info-rows">
              <InfoRow label={t('withdraw.fee')} value={<Ltr>{`${formatMicroExact(fee)} ${currency}`}</Ltr>} testId="withdraw-fee" />
              <InfoRow
                label={t('withdraw.receive')}
                value={<Ltr>{`${formatMicroExact(amount !== undefined ? afterFee(amount, fee) : 0n)} ${currency}`}</Ltr>}
                testId="withdraw-receive"
                strong
              />
              {amount !== undefined && review > 0n && amount >= review && (
                <p className="trade-hint" data-testid="withdraw-review-note">
                  {t('withdraw.reviewNote', { amount: formatMicroExact(review), currency })}
                </p>
              )}
            </section>

            <Field
              type="password"
              icon="lock"
              label={t('withdraw.fundPassword')}
              placeholder={t('fundPwd.placeholder')}
              inputMode="numeric"
              autoComplete="off"
              maxLength={FUND_PASSWORD_LENGTH}
              value={fundPassword}
              onValueChange={(v) => setFundPassword(v.replace(/\D/g, '').slice(0, FUND_PASSWORD_LENGTH))}
              className={errors.fundPassword ? 'has-error' : undefined}
              data-testid="withdraw-fund-password"
            />
            <FieldError text={errors.fundPassword} testId="withdraw-fund-password-error" />
            <FieldError text={errors.form} testId="withdraw-form-error" />

            <Button type="submit" block busy={withdraw.isPending} disabled={dailyFull} data-testid="withdraw-submit">
              {t('withdraw.submit')}
            </Button>
            <ul className="trade-notes">
              <li>{t('withdraw.noteNetwork')}</li>
              <li>{t('withdraw.noteFee')}</li>
              <li>{t('withdraw.noteReview')}</li>
            </ul>
          </>
        )}
      </form>
    );
  }

  return <TradeScreen tab="Withdraw">{body}</TradeScreen>;
}
