import type { CurrencyCode } from '@lobby/contract';
import { useQrDataUrl } from '../../lib/useQrDataUrl';
import { useCallback, useEffect, useState } from 'react';
import { Icon } from '../../components/Icon';
import { copyText } from '../../lib/clipboard';
import { shortAddress } from '../../lib/format';
import { useDepositInfo, useIncomingDeposits, type TradeRecord } from '../../state/queries/bank';
import { useBalances, type Balances } from '../../state/queries/balances';
import { toastFailure, toastSuccess } from '../../state/ui';
import { formatMicroExact, formatMicroShort, toMicro } from '../../lib/money';
import { CoinMark, CurrencyChips } from '../../components/Currency';
import { InfoRow, TradeScreen } from './parts';
import { LoadError } from '../../components/LoadError';
import { Ltr } from '../../components/Ltr';
import { SkeletonCard } from '../../components/SkeletonCard';
import { useTradeT } from './useTradeT';
import { Pressable } from '../../components/Pressable';
import { LimitOffer } from '../ResponsibleGaming/LimitOffer';

/**
 * Transfers to the player's address seen on chain and not credited yet: the amount, and how many
 * confirmations of how many, from the moment the watcher sees it until the balance rises.
 */
function IncomingDeposits({ deposits }: { deposits: TradeRecord[] }) {
  const { t } = useTradeT();
  if (deposits.length === 0) return null;
  return (
    <section className="trade-card deposit-incoming" data-testid="recharge-incoming" aria-live="polite">
      {deposits.map((deposit) => {
        const seen = deposit.confirmations?.seen ?? 0;
        const needed = deposit.confirmations?.needed ?? 1;
        return (
          <div
            key={deposit.id}
            className="deposit-incoming__row"
            data-testid="recharge-incoming-row"
            data-seen={seen}
            data-needed={needed}
            data-currency={deposit.currency}
          >
            <span className="deposit-incoming__pulse" aria-hidden="true" />
            <div className="deposit-incoming__main">
              <div className="deposit-incoming__line">
                <b>{t('recharge.incoming')}</b>
                <b className="deposit-incoming__amount" data-testid="recharge-incoming-amount">
                  <Ltr>{`+${formatMicroExact(toMicro(deposit.amount))} ${deposit.currency}`}</Ltr>
                </b>
              </div>
              {deposit.heldForReview ? (
                // Not counting anything any more: it waits for a compliance review, and says so.
                <div className="deposit-incoming__line deposit-incoming__line--sub" data-testid="recharge-incoming-held">
                  {t('history.held')}
                </div>
              ) : (
                <>
                  <div className="deposit-incoming__line deposit-incoming__line--sub">
                    <span>{t('recharge.incomingText')}</span>
                    {/* The count reads "7/19" in every script: digits and a slash keep their order in Arabic too. */}
                    <span className="deposit-incoming__count" data-testid="recharge-incoming-confirmations">
                      {t('recharge.confirmationsOf', { seen, needed })}
                    </span>
                  </div>
                  <progress className="deposit-incoming__bar" max={needed} value={Math.min(seen, needed)} aria-label={t('recharge.confirmations')} />
                </>
              )}
            </div>
          </div>
        );
      })}
    </section>
  );
}

export default function RechargeScreen() {
  const { t } = useTradeT();
  const [currency, setCurrency] = useState<CurrencyCode>('USDT');
  const info = useDepositInfo();
  // A credit's balance push asks this again too (state/queries/balances), so a credited deposit leaves it.
  const incoming = useIncomingDeposits();
  const [arrived, setArrived] = useState<{ currency: CurrencyCode; micro: bigint } | null>(null);

  const onBalance = useCallback(
    (next: Balances, previous: Balances | undefined) => {
      if (!previous) return;
      for (const code of ['USDT', 'TRX'] as const) {
        const key = code === 'USDT' ? 'usdt' : 'trx';
        const gained = toMicro(next[key]) - toMicro(previous[key]);
        if (gained > 0n) {
          setArrived({ currency: code, micro: gained });
          toastSuccess(t('recharge.arrived', { amount: formatMicroExact(gained), currency: code }));
        }
      }
    },
    [t],
  );
  const { data: balances } = useBalances(onBalance);

  const address = info.data?.address;
  const qr = useQrDataUrl(address);
  const terms = info.data?.currencies.find((c) => c.currency === currency);
  const balance = toMicro(currency === 'USDT' ? balances?.usdt : balances?.trx);

  const copy = async () => {
    if (!address) return;
    if (await copyText(address)) toastSuccess(t('common.copied'));
    else toastFailure(t('common.copyFailed'));
  };

  return (
    <TradeScreen tab="Recharge">
      <section className="trade-balance" data-testid="recharge-balance-card">
        <CoinMark currency={currency} size="lg" />
        <div className="trade-balance__text">
          <small>{t('recharge.balance', { currency })}</small>
          <b data-testid="recharge-balance" data-currency={currency}>
            <Ltr>{formatMicroShort(balance)}</Ltr>
          </b>
        </div>
        {arrived && arrived.currency === currency && (
          <span className="trade-balance__arrived" data-testid="recharge-arrived" key={String(arrived.micro)}>
            <Ltr>+{formatMicroExact(arrived.micro)}</Ltr>
          </span>
        )}
      </section>

      <IncomingDeposits deposits={incoming.data ?? []} />

      <LimitOffer moment="firstDeposit" />

      <h2 className="trade-section-title">{t('recharge.chooseCurrency')}</h2>
      <CurrencyChips
        value={currency}
        onChange={setCurrency}
        testIdPrefix="recharge-currency"
        label={t('recharge.chooseCurrency')}
        note={(c) => (c === 'USDT' ? 'TRC20' : t('recharge.nativeCoin'))}
      />

      {info.isPending ? (
        <SkeletonCard lines={5} />
      ) : info.isError || !info.data ? (
        <LoadError onRetry={() => void info.refetch()} testId="recharge-error" icon="recharge" />
      ) : (
        <>
          <section className="trade-card deposit-card" data-testid="recharge-card">
            <p className="deposit-card__network">
              <Icon name="tron" /> {t('recharge.network', { currency })}
            </p>
            <div className="deposit-card__qr">
              {qr ? (
                <img src={qr} alt={t('recharge.qrAlt', { currency })} data-testid="recharge-qr" width={220} height={220} />
              ) : (
                <span className="skeleton deposit-card__qr-placeholder" />
              )}
            </div>
            <p className="deposit-card__label">{t('recharge.yourAddress')}</p>
            <p className="deposit-card__address" data-testid="recharge-address">
              <Ltr>{info.data.address}</Ltr>
            </p>
            <Pressable type="button" className="btn btn--primary btn--md btn--block" onClick={copy} data-testid="recharge-copy">
              <span className="btn__label">
                <Icon name="copy" /> {t('recharge.copy')}
              </span>
            </Pressable>
          </section>

          <section className="trade-card" data-testid="recharge-terms">
            {terms && (
              <>
                <InfoRow
                  label={t('recharge.minimum')}
                  value={<Ltr>{`${formatMicroExact(toMicro(terms.minAmount))} ${currency}`}</Ltr>}
                  testId="recharge-minimum"
                />
                <InfoRow label={t('recharge.confirmations')} value={<Ltr>{terms.confirmations}</Ltr>} testId="recharge-confirmations" />
                {terms.contractAddress && (
                  <InfoRow label={t('recharge.contract')} value={<Ltr>{shortAddress(terms.contractAddress)}</Ltr>} testId="recharge-contract" />
                )}
              </>
            )}
            <ul className="trade-notes">
              <li>{t('recharge.noteOnly', { currency })}</li>
              {terms && <li>{t('recharge.noteMinimum', { amount: formatMicroExact(toMicro(terms.minAmount)), currency })}</li>}
              <li>{t('recharge.noteAuto')}</li>
              <li>{t('recharge.noteSame')}</li>
            </ul>
          </section>
        </>
      )}
    </TradeScreen>
  );
}
