import { useIonRouter } from '@ionic/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { CodeField } from '../../components/CodeField';
import { Screen } from '../../components/Screen';
import { checkCode, checkEmail, type ValidationKey } from '../../lib/validation';
import { usePlayer, useSendBindEmailCode, useSendBoundEmailCode, useUpdateProfile } from '../../state/queries/player';
import { toastSuccess } from '../../state/ui';
import { useCountdown } from '../../components/useCountdown';
import '../Auth/auth.css';

type FieldName = 'oldCode' | 'email' | 'code' | 'password';

/**
 * Binding an email, or changing the bound one: a code is sent to the new address (and, to change it,
 * one to the address bound now), then the profile is updated with the address, the codes and the
 * login password together, so a session alone cannot take over the account.
 */
export default function BindUserInfoScreen() {
  const { t } = useTranslation();
  const router = useIonRouter();
  const { data: player } = usePlayer();
  const bound = player?.email ?? null;
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [oldCode, setOldCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FieldName, ValidationKey>>>({});
  const sendCode = useSendBindEmailCode();
  const sendOldCode = useSendBoundEmailCode();
  const update = useUpdateProfile();
  const countdown = useCountdown();
  const oldCountdown = useCountdown();

  const requestCode = () => {
    const problem = checkEmail(email.trim());
    setErrors({ email: problem });
    if (problem) return;
    sendCode.mutate(email.trim(), {
      onSuccess: (reply) => {
        toastSuccess(t('auth.codeSent'));
        countdown.start(reply.resendIn || 60);
      },
    });
  };

  const requestOldCode = () => {
    sendOldCode.mutate(undefined, {
      onSuccess: (reply) => {
        toastSuccess(t('auth.codeSent'));
        oldCountdown.start(reply.resendIn || 60);
      },
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<FieldName, ValidationKey>> = {
      email: checkEmail(email.trim()),
      code: checkCode(code),
      oldCode: bound ? checkCode(oldCode) : undefined,
      password: password ? undefined : 'validation.required',
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    update.mutate(
      { email: email.trim(), code, password, ...(bound ? { oldCode } : {}) },
      {
        onSuccess: () => {
          toastSuccess(t(bound ? 'bind.changed' : 'bind.done'));
          if (router.canGoBack()) router.goBack();
          else router.push('/UserInfo', 'back', 'replace');
        },
      },
    );
  };

  const title = bound ? t('bind.changeTitle') : t('bind.title');
  return (
    <Screen title={title} testId="bind-email" backHref="/UserInfo">
      <div className="auth">
        <p className="auth__lead">{bound ? t('bind.changeLead') : t('bind.lead')}</p>
        <form className="auth__form" onSubmit={submit} noValidate>
          {bound && (
            <>
              <p className="auth__hint" data-testid="bind-current">
                {t('bind.current', { email: bound })}
              </p>
              <CodeField
                value={oldCode}
                onChange={setOldCode}
                error={errors.oldCode ? t(errors.oldCode) : undefined}
                onSend={requestOldCode}
                secondsLeft={oldCountdown.left}
                sending={sendOldCode.isPending}
                testId="bind-old-code"
                sendTestId="bind-send-old-code"
              />
            </>
          )}
          <Field
            icon="mail"
            type="email"
            label={bound ? t('bind.newEmail') : t('auth.email')}
            placeholder={t('auth.emailPlaceholder')}
            value={email}
            onValueChange={setEmail}
            inputMode="email"
            autoComplete="email"
            error={errors.email ? t(errors.email) : undefined}
            data-testid="bind-email-input"
          />
          <CodeField
            value={code}
            onChange={setCode}
            error={errors.code ? t(errors.code) : undefined}
            onSend={requestCode}
            secondsLeft={countdown.left}
            sending={sendCode.isPending}
            testId="bind-code"
            sendTestId="bind-send-code"
          />
          <Field
            icon="lock"
            type="password"
            label={t('bind.password')}
            placeholder={t('auth.passwordPlaceholder')}
            value={password}
            onValueChange={setPassword}
            autoComplete="current-password"
            maxLength={128}
            error={errors.password ? t(errors.password) : undefined}
            data-testid="bind-password"
          />
          <Button type="submit" block busy={update.isPending} data-testid="bind-submit">
            {bound ? t('bind.changeSubmit') : t('bind.submit')}
          </Button>
        </form>
      </div>
    </Screen>
  );
}
