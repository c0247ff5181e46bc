import type { LimitKind, LimitPeriod } from '@lobby/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { Ltr } from '../../components/Ltr';
import { ProgressBar } from '../../components/ProgressBar';
import { cleanAmountInput, formatMicroExact, inputToMicro, toMicro } from '../../lib/money';
import { useCancelLimit, useConfirmLimit, useSetLimit, type ProtectionLimit, type ProtectionState } from '../../state/queries/protection';
import { useSettings } from '../../state/settings';
import { toastSuccess } from '../../state/ui';
import { formatMoment, useProtectionT } from './useProtectionT';

const usdt = (amount: string) => `${formatMicroExact(toMicro(amount))} USDT`;

/** Whether the moment has come, re-rendering when it does (a pending raise becomes confirmable). */
export function useReached(iso: string | undefined): boolean {
  const at = iso ? Date.parse(iso) : Number.NaN;
  const [reached, setReached] = useState(() => Number.isFinite(at) && Date.now() >= at);
  useEffect(() => {
    if (!Number.isFinite(at)) return;
    const wait = at - Date.now();
    setReached(wait <= 0);
    if (wait <= 0) return;
    // Timers fire early past about 24.8 days; a pending raise waits 24 hours.
    const timer = setTimeout(() => setReached(true), Math.min(wait + 250, 2_000_000_000));
    return () => clearTimeout(timer);
  }, [at]);
  return reached;
}

/** The amount of a limit being set: cleaned as typed, checked above zero on submit. */
export function useLimitAmount() {
  const { t } = useProtectionT();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string>();
  const check = () => {
    const micro = inputToMicro(amount);
    const ok = micro !== undefined && micro > 0n;
    setError(ok ? undefined : t('limits.invalid'));
    return ok;
  };
  return { amount, setAmount: (value: string) => setAmount(cleanAmountInput(value)), error, check };
}

export function LimitAmountField({ field, placeholder, testId }: { field: ReturnType<typeof useLimitAmount>; placeholder: string; testId: string }) {
  const { t } = useProtectionT();
  return (
    <Field
      label={t('limits.amount')}
      inputMode="decimal"
      value={field.amount}
      placeholder={placeholder}
      onValueChange={field.setAmount}
      error={field.error}
      dir="ltr"
      data-testid={testId}
    />
  );
}

/** The limit in force after a change: set at once, or waiting for its cooling-off. */
const limitOf = (state: ProtectionState, kind: LimitKind, period: LimitPeriod) => state.limits.find((l) => l.kind === kind && l.period === period);

export function LimitEditor({ kind, period, limit, onDone }: { kind: LimitKind; period: LimitPeriod; limit: ProtectionLimit | undefined; onDone(): void }) {
  const { t } = useProtectionT();
  const setLimit = useSetLimit();
  const field = useLimitAmount();
  const id = `${kind}-${period}`;

  const send = (value: string | null) => {
    setLimit.mutate(
      { kind, period, amount: value },
      {
        onSuccess: (state) => {
          toastSuccess(t(limitOf(state, kind, period)?.pending ? 'limits.waiting' : 'limits.applied'));
          onDone();
        },
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (field.check()) send(field.amount);
  };

  return (
    <form className="rg-editor" onSubmit={submit} data-testid={`rg-limit-editor-${id}`}>
      <LimitAmountField field={field} placeholder={limit ? formatMicroExact(toMicro(limit.amount)) : '0.00'} testId={`rg-limit-input-${id}`} />
      <p className="trade-hint">{t('limits.rule')}</p>
      <div className="rg-actions">
        <Button type="submit" size="sm" busy={setLimit.isPending} data-testid={`rg-limit-save-${id}`}>
          {t('limits.save')}
        </Button>
        {limit && !limit.pending && (
          <Button size="sm" variant="secondary" onClick={() => send(null)} disabled={setLimit.isPending} data-testid={`rg-limit-remove-${id}`}>
            {t('limits.remove')}
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={onDone} data-testid={`rg-limit-close-${id}`}>
          {t('limits.cancelEdit')}
        </Button>
      </div>
    </form>
  );
}

/** A pending raise or removal: until when it waits, then Confirm; Cancel all along. */
function PendingChange({ kind, period, pending }: { kind: LimitKind; period: LimitPeriod; pending: NonNullable<ProtectionLimit['pending']> }) {
  const { t } = useProtectionT();
  const language = useSettings((s) => s.language);
  const ready = useReached(pending.readyAt);
  const confirm = useConfirmLimit();
  const cancel = useCancelLimit();
  const id = `${kind}-${period}`;
  const amount = pending.amount === null ? undefined : `\u2066${usdt(pending.amount)}\u2069`;
  const text = ready
    ? amount
      ? t('limits.readyRaise', { amount })
      : t('limits.readyRemoval')
    : amount
      ? t('limits.pendingRaise', { amount, at: formatMoment(pending.readyAt, language) })
      : t('limits.pendingRemoval', { at: formatMoment(pending.readyAt, language) });
  return (
    <div className="rg-pending" data-testid={`rg-limit-pending-${id}`} data-ready={ready}>
      <p>{text}</p>
      <div className="rg-actions">
        {ready && (
          <Button
            size="sm"
            busy={confirm.isPending}
            onClick={() => confirm.mutate({ kind, period }, { onSuccess: () => toastSuccess(t('limits.confirmed')) })}
            data-testid={`rg-limit-confirm-${id}`}
          >
            {t('limits.confirm')}
          </Button>
        )}
        <Button
          size="sm"
          variant="secondary"
          busy={cancel.isPending}
          onClick={() => cancel.mutate({ kind, period }, { onSuccess: () => toastSuccess(t('limits.cancelled')) })}
          data-testid={`rg-limit-cancel-${id}`}
        >
          {t('limits.cancelPending')}
        </Button>
      </div>
    </div>
  );
}

/** One limit (a kind over a period): amount, what is used, when it resets, a pending change, and its editor. */
export function LimitRow({ kind, period, limit }: { kind: LimitKind; period: LimitPeriod; limit: ProtectionLimit | undefined }) {
  const { t } = useProtectionT();
  const language = useSettings((s) => s.language);
  const [editing, setEditing] = useState(false);
  const id = `${kind}-${period}`;
  const amount = limit ? toMicro(limit.amount) : 0n;
  const used = limit ? toMicro(limit.used) : 0n;
  const perMille = amount > 0n ? Number((used * 1000n) / amount) : 0;
  return (
    <div className="rg-limit" data-testid={`rg-limit-${id}`} data-set={limit ? 'true' : 'false'}>
      <div className="rg-limit__head">
        <b>{t(`periods.${period}`)}</b>
        <span className="rg-limit__amount" data-testid={`rg-limit-amount-${id}`}>
          {limit ? <Ltr>{usdt(limit.amount)}</Ltr> : t('limits.none')}
        </span>
        {!editing && (
          <Button size="sm" variant="ghost" onClick={() => setEditing(true)} data-testid={`rg-limit-edit-${id}`}>
            {t(limit ? 'limits.change' : 'limits.set')}
          </Button>
        )}
      </div>
      {limit && (
        <>
          <ProgressBar perMille={perMille} label={t(`limitName.${kind}.${period}`)} />
          <p className="rg-limit__sub" data-testid={`rg-limit-used-${id}`}>
            <span>{t('limits.used', { used: `\u2066${formatMicroExact(used)}\u2069`, amount: `\u2066${usdt(limit.amount)}\u2069` })}</span>
            <span data-testid={`rg-limit-resets-${id}`}>{t('limits.resets', { at: formatMoment(limit.resetsAt, language) })}</span>
          </p>
        </>
      )}
      {limit?.pending && <PendingChange kind={kind} period={period} pending={limit.pending} />}
      {editing && <LimitEditor kind={kind} period={period} limit={limit} onDone={() => setEditing(false)} />}
    </div>
  );
}
