import { ErrorCode } from '@lobby/contract';
import { type FormEvent, type ReactNode, useState } from 'react';
import { describeFailure } from '../../api/failures';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { LoadError } from '../../components/LoadError';
import { Ltr } from '../../components/Ltr';
import { Screen } from '../../components/Screen';
import { SkeletonCard } from '../../components/SkeletonCard';
import { copyText } from '../../lib/clipboard';
import { useQrDataUrl } from '../../lib/useQrDataUrl';
import { useNewRecoveryCodes, useSecurityState, useTwoFactorDisable, useTwoFactorEnable, useTwoFactorSetup } from '../../state/queries/security';
import { useSettings } from '../../state/settings';
import { toastFailure, toastSuccess } from '../../state/ui';
import { formatMoment, useSecurityT } from './useSecurityT';
import './security.css';

/** Shown once, right after enrolment or a renewal: only their hashes are kept. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const { t } = useSecurityT();
  const copy = async () => {
    if (await copyText(codes.join('\n'))) toastSuccess(t('twoFactor.copyCodes'));
  };
  return (
    <section className="tf-card" data-testid="tf-recovery">
      <h2 className="tf-card__title">{t('twoFactor.recoveryTitle')}</h2>
      <p className="tf-card__text">{t('twoFactor.recoveryLead')}</p>
      <ul className="tf-codes" dir="ltr" data-testid="tf-recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button variant="secondary" block onClick={copy} data-testid="tf-recovery-copy">
        {t('twoFactor.copyCodes')}
      </Button>
      <Button block onClick={onDone} data-testid="tf-recovery-done">
        {t('twoFactor.saved')}
      </Button>
    </section>
  );
}

/** Enrolment: the QR code and the key by hand, then the first code turns it on. */
function Enrol({ secret, otpauthUri, onEnabled, onCancel }: { secret: string; otpauthUri: string; onEnabled(codes: string[]): void; onCancel(): void }) {
  const { t } = useSecurityT();
  const qr = useQrDataUrl(otpauthUri);
  const enable = useTwoFactorEnable();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setError(t('twoFactor.codeFormat'));
      return;
    }
    enable.mutate(code, {
      onSuccess: (reply) => onEnabled(reply.recoveryCodes),
      onError: async (failed) => {
        const failure = await describeFailure(failed);
        if (failure.code === ErrorCode.TWO_FACTOR_CODE_WRONG) setError(t('twoFactor.wrongCode'));
        else if (failure.text) toastFailure(failure.text);
      },
    });
  };

  return (
    <form className="tf-card" onSubmit={submit} data-testid="tf-enrol">
      <p className="tf-card__step">{t('twoFactor.scan')}</p>
      <div className="tf-qr">{qr ? <img src={qr} alt={t('twoFactor.qrAlt')} data-testid="tf-qr" /> : <span className="tf-qr__blank" />}</div>
      <p className="tf-card__text">{t('twoFactor.manualKey')}</p>
      <p className="tf-key" data-testid="tf-secret">
        <Ltr>{secret.match(/.{1,4}/g)?.join(' ')}</Ltr>
      </p>
      <Button variant="secondary" size="sm" onClick={async () => (await copyText(secret)) && toastSuccess(t('twoFactor.copyKey'))} data-testid="tf-copy-key">
        {t('twoFactor.copyKey')}
      </Button>
      <p className="tf-card__step">{t('twoFactor.enter')}</p>
      <Field
        label={t('twoFactor.code')}
        icon="shield"
        value={code}
        onValueChange={(v) => {
          setCode(v.replace(/\D/g, '').slice(0, 6));
          setError('');
        }}
        inputMode="numeric"
        autoComplete="one-time-code"
        dir="ltr"
        error={error || undefined}
        data-testid="tf-code"
      />
      <div className="tf-card__actions">
        <Button variant="secondary" onClick={onCancel} data-testid="tf-cancel">
          {t('twoFactor.cancel')}
        </Button>
        <Button type="submit" busy={enable.isPending} data-testid="tf-confirm">
          {t('twoFactor.confirm')}
        </Button>
      </div>
    </form>
  );
}

/** PROTECTION.md "Account security": two-factor on or off, enrolment, recovery codes. */
export default function TwoFactorScreen() {
  const { t } = useSecurityT();
  const language = useSettings((s) => s.language);
  const state = useSecurityState();
  const setup = useTwoFactorSetup();
  const renew = useNewRecoveryCodes();
  const disable = useTwoFactorDisable();
  const [enrolling, setEnrolling] = useState<{ secret: string; otpauthUri: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  const twoFactor = state.data?.twoFactor;
  let body: ReactNode;
  if (codes) {
    body = (
      <RecoveryCodes
        codes={codes}
        onDone={() => {
          setCodes(null);
          void state.refetch();
        }}
      />
    );
  } else if (enrolling) {
    body = (
      <Enrol
        {...enrolling}
        onCancel={() => setEnrolling(null)}
        onEnabled={(recoveryCodes) => {
          setEnrolling(null);
          setCodes(recoveryCodes);
          toastSuccess(t('twoFactor.turnedOn'));
        }}
      />
    );
  } else if (state.isPending) {
    body = <SkeletonCard lines={4} />;
  } else if (state.isError || !twoFactor) {
    body = <LoadError onRetry={() => void state.refetch()} testId="tf-error" icon="shield" />;
  } else {
    body = (
      <section className="tf-card" data-testid="tf-state" data-enabled={twoFactor.enabled}>
        <div className="tf-status">
          <span className={`tf-status__badge ${twoFactor.enabled ? 'is-on' : ''}`} data-testid="tf-status">
            {twoFactor.enabled ? t('twoFactor.on') : t('twoFactor.off')}
          </span>
          {twoFactor.enabledAt && <span className="tf-status__since">{t('twoFactor.enabledSince', { at: formatMoment(twoFactor.enabledAt, language) })}</span>}
        </div>
        {twoFactor.enabled ? (
          <>
            <p className="tf-card__text" data-testid="tf-recovery-left">
              {t('twoFactor.recoveryLeft', { count: twoFactor.recoveryCodesLeft })}
            </p>
            <Button
              variant="secondary"
              block
              busy={renew.isPending}
              onClick={() => renew.mutate(undefined, { onSuccess: (reply) => setCodes(reply.recoveryCodes) })}
              data-testid="tf-renew"
            >
              {t('twoFactor.newCodes')}
            </Button>
            <Button
              variant="danger"
              block
              busy={disable.isPending}
              onClick={() => disable.mutate(undefined, { onSuccess: () => toastSuccess(t('twoFactor.turnedOff')) })}
              data-testid="tf-off"
            >
              {t('twoFactor.turnOff')}
            </Button>
          </>
        ) : (
          <Button block busy={setup.isPending} onClick={() => setup.mutate(undefined, { onSuccess: setEnrolling })} data-testid="tf-on">
            {t('twoFactor.turnOn')}
          </Button>
        )}
      </section>
    );
  }

  return (
    <Screen title={t('twoFactor.title')} testId="two-factor" backHref="/safeCenter">
      <p className="trade-hint security-lead">{t('twoFactor.lead')}</p>
      {body}
    </Screen>
  );
}
