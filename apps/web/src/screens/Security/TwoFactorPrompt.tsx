import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { Pressable } from '../../components/Pressable';
import type { TwoFactorReason } from './twoFactor';
import { useSecurityT } from './useSecurityT';
import './security.css';

/**
 * The one prompt for a two-factor code, wherever the server asks for one (sign-in on a new device, a
 * withdrawal, a new address, a password, e-mail or fund password change, managing two-factor): the
 * six digits of the authenticator app, or one of the recovery codes.
 */
export function TwoFactorPrompt({ reason, wrong, onDone }: { reason: TwoFactorReason; wrong: boolean; onDone(code: string | null): void }) {
  const { t } = useSecurityT();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState(wrong ? t('prompt.wrong') : '');

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onDone(null);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onDone]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const given = code.trim();
    if (recovery ? given.replace(/[^a-z0-9]/gi, '').length !== 16 : !/^\d{6}$/.test(given)) {
      setError(recovery ? t('prompt.recoveryHint') : t('prompt.hint'));
      return;
    }
    onDone(given);
  };

  return (
    <div className="popup-layer" role="presentation">
      <form
        className="popup tf-prompt"
        role="dialog"
        aria-modal="true"
        aria-labelledby="tf-prompt-title"
        onSubmit={submit}
        data-testid="two-factor-prompt"
        data-reason={reason}
      >
        <h2 className="popup__title" id="tf-prompt-title">
          {t('prompt.title')}
        </h2>
        <p className="tf-prompt__reason">{t(`prompt.reason.${reason}`)}</p>
        <p className="tf-prompt__hint">{recovery ? t('prompt.recoveryHint') : t('prompt.hint')}</p>
        <Field
          label={t('prompt.codeLabel')}
          icon="shield"
          value={code}
          onValueChange={(v) => {
            setCode(recovery ? v.slice(0, 24) : v.replace(/\D/g, '').slice(0, 6));
            setError('');
          }}
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          autoFocus
          dir="ltr"
          error={error || undefined}
          data-testid="two-factor-code"
        />
        <Pressable
          type="button"
          className="text-link tf-prompt__switch"
          onClick={() => {
            setRecovery((r) => !r);
            setCode('');
            setError('');
          }}
          data-testid="two-factor-switch"
        >
          {recovery ? t('prompt.useApp') : t('prompt.useRecovery')}
        </Pressable>
        <div className="tf-prompt__actions">
          <Button variant="secondary" onClick={() => onDone(null)} data-testid="two-factor-cancel">
            {t('prompt.cancel')}
          </Button>
          <Button type="submit" data-testid="two-factor-submit">
            {t('prompt.confirm')}
          </Button>
        </div>
      </form>
    </div>
  );
}

export default TwoFactorPrompt;
