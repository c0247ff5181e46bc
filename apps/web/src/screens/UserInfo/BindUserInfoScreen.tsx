import { useIonRouter } from '@ionic/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Field } from '../../components/Field';
import { CodeField } from '../Auth/CodeField';
import { Screen } from '../../components/Screen';
import { checkCode, checkEmail, type ValidationKey } from '../../lib/validation';
import { usePlayer, useSendBindEmailCode, useUpdateProfile } from '../../state/queries/player';
import { toastSuccess } from '../../state/ui';
import { useCountdown } from '../Auth/useCountdown';
import '../Auth/auth.css';

/** Binding an email: a code is sent to it, then the profile is updated with email and code together. */
export default function BindUserInfoScreen() {
  const { t } = useTranslation();
  const router = useIonRouter();
  const { data: player } = usePlayer();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'email' | 'code', ValidationKey>>>({});
  const sendCode = useSendBindEmailCode();
  const update = useUpdateProfile();
  const countdown = useCountdown();

  if (player?.email) {
    return (
      <Screen title={t('bind.title')} testId="bind-email" backHref="/UserInfo">
        <EmptyState icon="mail" title={t('bind.already')} text={player.email} testId="bind-already" />
      </Screen>
    );
  }

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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = { email: checkEmail(email.trim()), code: checkCode(code) };
    setErrors(found);
    if (found.email || found.code) return;
    update.mutate(
      { email: email.trim(), code },
      {
        onSuccess: () => {
          toastSuccess(t('bind.done'));
          if (router.canGoBack()) router.goBack();
          else router.push('/UserInfo', 'back', 'replace');
        },
      },
    );
  };

  return (
    <Screen title={t('bind.title')} testId="bind-email" backHref="/UserInfo">
      <div className="auth">
        <p className="auth__lead">{t('bind.lead')}</p>
        <form className="auth__form" onSubmit={submit} noValidate>
          <Field
            icon="mail"
            type="email"
            label={t('auth.email')}
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
          <Button type="submit" block busy={update.isPending} data-testid="bind-submit">
            {t('bind.submit')}
          </Button>
        </form>
      </div>
    </Screen>
  );
}
