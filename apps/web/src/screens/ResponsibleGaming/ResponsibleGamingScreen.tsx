import {
  ErrorCode,
  LIMIT_KINDS,
  LIMIT_PERIODS,
  REALITY_CHECK_MINUTES,
  SELF_EXCLUSION_PERIODS,
  TIME_OUT_MAX_DAYS,
  type LimitKind,
  type SelfExclusionPeriod,
} from '@lobby/contract';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client';
import { describeFailure } from '../../api/failures';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { Icon } from '../../components/Icon';
import { LoadError } from '../../components/LoadError';
import { Ltr } from '../../components/Ltr';
import { Screen } from '../../components/Screen';
import { SkeletonCard } from '../../components/SkeletonCard';
import { formatMicroExact, toMicro } from '../../lib/money';
import {
  useHeldReturn,
  useProtection,
  useReturnRequest,
  useSelfExclude,
  useSetRealityCheck,
  useTimeOut,
  type ProtectionPause,
  type ProtectionState,
} from '../../state/queries/protection';
import { useSettings } from '../../state/settings';
import { showConfirm, toastSuccess } from '../../state/ui';
import { showCallFailure } from './failure';
import { LimitRow, useReached } from './LimitRow';
import { Section, Segmented } from './parts';
import { formatMoment, useProtectionT } from './useProtectionT';

function Limits({ state }: { state: ProtectionState }) {
  const { t } = useProtectionT();
  const [kind, setKind] = useState<LimitKind>('deposit');
  return (
    <Section title={t('limits.title')} hint={t('limits.hint')} icon="shield" testId="rg-limits">
      <Segmented
        options={LIMIT_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
        value={kind}
        onChange={setKind}
        label={t('limits.title')}
        testId="rg-kind"
      />
      {LIMIT_PERIODS.map((period) => (
        <LimitRow key={`${kind}-${period}`} kind={kind} period={period} limit={state.limits.find((l) => l.kind === kind && l.period === period)} />
      ))}
    </Section>
  );
}

function RealityChecks({ state }: { state: ProtectionState }) {
  const { t } = useProtectionT();
  const set = useSetRealityCheck();
  return (
    <Section title={t('reality.title')} hint={t('reality.hint')} icon="clock" testId="rg-reality">
      <Segmented
        options={REALITY_CHECK_MINUTES.map((minutes) => ({ value: minutes, label: minutes === 0 ? t('reality.off') : t('reality.minutes', { minutes }) }))}
        value={state.realityCheckMinutes}
        onChange={(minutes) => {
          if (minutes !== state.realityCheckMinutes) set.mutate(minutes, { onSuccess: () => toastSuccess(t('reality.saved')) });
        }}
        label={t('reality.title')}
        testId="rg-reality"
      />
    </Section>
  );
}

type TimeOutChoice = '1' | '7' | '30' | 'custom';

function TimeOut() {
  const { t } = useProtectionT();
  const timeOut = useTimeOut();
  const [choice, setChoice] = useState<TimeOutChoice>('1');
  const [custom, setCustom] = useState('');
  const [error, setError] = useState<string>();
  const options: { value: TimeOutChoice; label: string }[] = [
    { value: '1', label: t('timeOut.h24') },
    { value: '7', label: t('timeOut.d7') },
    { value: '30', label: t('timeOut.d30') },
    { value: 'custom', label: t('timeOut.custom') },
  ];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const days = choice === 'custom' ? Number(custom) : Number(choice);
    if (!/^\d+$/.test(choice === 'custom' ? custom : choice) || days < 1 || days > TIME_OUT_MAX_DAYS) {
      setError(t('timeOut.invalidDays'));
      return;
    }
    setError(undefined);
    const period = days === 1 ? t('timeOut.h24') : t('timeOut.nDays', { count: days });
    const ok = await showConfirm({
      title: t('timeOut.confirmTitle'),
      message: t('timeOut.confirmText', { period }),
      confirm: t('timeOut.confirm'),
      cancel: t('exclusion.back'),
      testId: 'rg-timeout-confirm',
    });
    if (ok) timeOut.mutate(days, { onSuccess: () => toastSuccess(t('timeOut.started')) });
  };

  return (
    <Section title={t('timeOut.title')} hint={t('timeOut.hint')} icon="clock" testId="rg-timeout">
      <form className="rg-form" onSubmit={submit}>
        <Segmented options={options} value={choice} onChange={setChoice} label={t('timeOut.title')} testId="rg-timeout" />
        {choice === 'custom' && (
          <Field
            label={t('timeOut.days')}
            inputMode="numeric"
            value={custom}
            onValueChange={(value) => setCustom(value.replace(/\D/g, '').slice(0, 2))}
            error={error}
            dir="ltr"
            data-testid="rg-timeout-days"
          />
        )}
        <Button type="submit" block busy={timeOut.isPending} data-testid="rg-timeout-take">
          {t('timeOut.take')}
        </Button>
      </form>
    </Section>
  );
}

const EXCLUSION_LABEL: Record<SelfExclusionPeriod, string> = {
  '6m': 'exclusion.m6',
  '1y': 'exclusion.y1',
  '5y': 'exclusion.y5',
  indefinite: 'exclusion.indefinite',
};

/** Self-exclusion: the period, then one more step that says what it means and asks the login password. */
function SelfExclusion() {
  const { t } = useProtectionT();
  const exclude = useSelfExclude();
  const [period, setPeriod] = useState<SelfExclusionPeriod>('6m');
  const [step, setStep] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError(t('exclusion.passwordNeeded'));
      return;
    }
    setError(undefined);
    exclude.mutate(
      { period, password },
      {
        onSuccess: () => {
          setStep(false);
          setPassword('');
          toastSuccess(t('exclusion.started'));
        },
        onError: (failure) => {
          // A wrong password is said under the field; anything else as a toast.
          if (failure instanceof ApiError && failure.code === ErrorCode.LOGIN_PASSWORD_WRONG) void describeFailure(failure).then((f) => setError(f.text));
          else showCallFailure(failure);
        },
      },
    );
  };

  return (
    <Section title={t('exclusion.title')} hint={t('exclusion.hint')} icon="lock" testId="rg-exclusion">
      {!step ? (
        <>
          <Segmented
            options={SELF_EXCLUSION_PERIODS.map((p) => ({ value: p, label: t(EXCLUSION_LABEL[p]) }))}
            value={period}
            onChange={setPeriod}
            label={t('exclusion.title')}
            testId="rg-exclusion"
          />
          <Button variant="danger" block onClick={() => setStep(true)} data-testid="rg-exclusion-start">
            {t('exclusion.start')}
          </Button>
        </>
      ) : (
        <form className="rg-form rg-exclusion-step" onSubmit={submit} data-testid="rg-exclusion-step">
          <h3>{t('exclusion.stepTitle', { period: t(EXCLUSION_LABEL[period]) })}</h3>
          <p className="rg-means">{t('exclusion.means')}</p>
          <ul className="trade-notes rg-means-list">
            <li>{t('exclusion.noPlay')}</li>
            <li>{t('exclusion.noBonus')}</li>
            <li>{t('exclusion.signIn')}</li>
            <li>
              <b>{t('exclusion.final')}</b>
            </li>
          </ul>
          <Field
            label={t('exclusion.password')}
            type="password"
            icon="lock"
            autoComplete="current-password"
            value={password}
            onValueChange={setPassword}
            error={error}
            data-testid="rg-exclusion-password"
          />
          <div className="rg-actions rg-actions--block">
            <Button variant="secondary" onClick={() => setStep(false)} data-testid="rg-exclusion-back">
              {t('exclusion.back')}
            </Button>
            <Button type="submit" variant="danger" busy={exclude.isPending} data-testid="rg-exclusion-confirm">
              {t('exclusion.confirm')}
            </Button>
          </div>
        </form>
      )}
    </Section>
  );
}

/** When a self-exclusion's period is over: its end, or 6 months after it began when it has none (indefinite). */
export function exclusionPeriodEnd(pause: Pick<ProtectionPause, 'since' | 'until'>): string {
  if (pause.until) return pause.until;
  const end = new Date(pause.since);
  end.setUTCMonth(end.getUTCMonth() + 6);
  return end.toISOString();
}

/** A running time-out or self-exclusion: till when, what is still open, and the way back once it is over. */
function Pause({ pause }: { pause: ProtectionPause }) {
  const { t } = useProtectionT();
  const language = useSettings((s) => s.language);
  const ask = useReturnRequest();
  const over = useReached(exclusionPeriodEnd(pause));
  const exclusion = pause.kind === 'self_exclusion';
  const heading = !exclusion
    ? t('pause.timeOut', { until: formatMoment(pause.until ?? pause.since, language) })
    : pause.until
      ? t('pause.exclusion', { until: formatMoment(pause.until, language) })
      : t('pause.exclusionIndefinite');

  const askBack = async () => {
    const ok = await showConfirm({ message: t('pause.askConfirm'), confirm: t('pause.ask'), cancel: t('exclusion.back'), testId: 'rg-return-confirm' });
    if (ok) ask.mutate(undefined, { onSuccess: () => toastSuccess(t('pause.askedToast')) });
  };

  return (
    <section className="rg-pause" data-testid="rg-pause" data-kind={pause.kind}>
      <Icon name="lock" className="rg-pause__icon" />
      <div className="rg-pause__text">
        <b data-testid="rg-pause-until">{heading}</b>
        <small>{t('pause.since', { at: formatMoment(pause.since, language) })}</small>
        <p>{t('pause.allowed')}</p>
        {exclusion && pause.returnRequestedAt && pause.endsAt && (
          <p data-testid="rg-pause-asked">{t('pause.asked', { at: formatMoment(pause.endsAt, language) })}</p>
        )}
        {exclusion && over && !pause.returnRequestedAt && (
          <>
            <p>{t('pause.over')}</p>
            <Button size="sm" busy={ask.isPending} onClick={askBack} data-testid="rg-pause-ask">
              {t('pause.ask')}
            </Button>
          </>
        )}
      </div>
    </section>
  );
}

function Held({ held }: { held: ProtectionState['held'] }) {
  const { t } = useProtectionT();
  const send = useHeldReturn();
  const rows = held.filter((h) => toMicro(h.amount) > 0n);
  if (rows.length === 0) return null;
  const sendBack = async (row: ProtectionState['held'][number]) => {
    const amount = `\u2066${formatMicroExact(toMicro(row.amount))} ${row.currency}\u2069`;
    const ok = await showConfirm({ message: t('held.confirm', { amount }), confirm: t('held.send'), cancel: t('exclusion.back'), testId: 'rg-held-confirm' });
    if (ok) send.mutate(row.currency, { onSuccess: () => toastSuccess(t('held.sent')) });
  };
  return (
    <Section title={t('held.title')} hint={t('held.hint')} icon="wallet" testId="rg-held">
      {rows.map((row) => (
        <div key={row.currency} className="rg-held" data-testid={`rg-held-${row.currency}`}>
          <b>
            <Ltr>{`${formatMicroExact(toMicro(row.amount))} ${row.currency}`}</Ltr>
          </b>
          <Button
            size="sm"
            variant="secondary"
            busy={send.isPending && send.variables === row.currency}
            onClick={() => void sendBack(row)}
            data-testid={`rg-held-send-${row.currency}`}
          >
            {t('held.send')}
          </Button>
        </div>
      ))}
    </Section>
  );
}

/** PROTECTION.md: limits, reality checks, time-out and self-exclusion, one tap from the profile. */
export default function ResponsibleGamingScreen() {
  const { t } = useProtectionT();
  const protection = useProtection();
  const state = protection.data;
  const pause = state?.pause ?? null;
  return (
    <Screen title={t('title')} testId="responsible-gaming" backHref="/userProfile">
      <p className="rg-lead">{t('lead')}</p>
      {protection.isPending ? (
        <SkeletonCard lines={6} />
      ) : protection.isError || !state ? (
        <LoadError onRetry={() => void protection.refetch()} testId="rg-error" icon="shield" />
      ) : (
        <>
          {pause && <Pause pause={pause} />}
          <Held held={state.held} />
          <Limits state={state} />
          <RealityChecks state={state} />
          {!pause && <TimeOut />}
          {pause?.kind !== 'self_exclusion' && <SelfExclusion />}
        </>
      )}
    </Screen>
  );
}
