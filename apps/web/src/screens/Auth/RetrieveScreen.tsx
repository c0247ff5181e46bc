import { useIonRouter } from '@ionic/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { CodeField } from '../../components/CodeField';
import { Screen } from '../../components/Screen';
import { LOGIN_PATH } from '../../lib/navigation';
import { checkCode, checkConfirm, checkPassword, checkRequired, type ValidationKey } from '../../lib/validation';
import { useResetForgottenPassword, useSendResetCode } from '../../state/queries/player';
import { showActivityPopup, toastSuccess } from '../../state/ui';
import { useCountdown } from '../../components/useCountdown';
import './auth.css';

type Errors = Partial<Record<'account' | 'code' | 'password' | 'confirm', ValidationKey>>;

/** Forgotten password: a code goes to the email linked to the account, then a new password is set. */
export default function RetrieveScreen() {
  const { t } = useTranslation();
  const router = useIonRouter();
  const [account, setAccount] = useState('');
  const [maskedEmail, setMaskedEmail] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const sendCode = useSendResetCode();
  const reset = useResetForgottenPassword();
  const countdown = useCountdown();

  const requestCode = () => {
    const problem = checkRequired(account);
    setErrors({ account: problem });
    if (problem) return;
    sendCode.mutate(account.trim(), {
      onSuccess: (reply) => {
        setMaskedEmail(reply.maskedEmail);
        toastSuccess(t('auth.codeSent'));
        countdown.start(reply.resendIn || 60);
      },
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {
      account: checkRequired(account),
      code: checkCode(code),
      password: checkPassword(password),
      confirm: checkConfirm(confirm, password),
    };
    const problems = Object.fromEntries(Object.entries(found).filter(([, v]) => v)) as Errors;
    setErrors(problems);
    if (Object.keys(problems).length) return;
    reset.mutate(
      { account: account.trim(), code, password },
      {
        onSuccess: async () => {
          await showActivityPopup({
            title: t('retrieve.doneTitle'),
            message: t('retrieve.done'),
            button: t('auth.login'),
            testId: 'retrieve-done',
          });
          router.push(LOGIN_PATH, 'back', 'replace');
        },
      },
    );
  };

  const error = (key: keyof Errors) => (errors[key] ? t(errors[key]!) : undefined);

  return (
    <Screen title={t('retrieve.title')} testId="retrieve" backHref={LOGIN_PATH}>
      <div className="auth">
        <p className="auth__lead">{t('retrieve.lead')}</p>
        <form className="auth__form" onSubmit={submit} noValidate>
          <Field
            icon="user"
            label={t('retrieve.account')}
            placeholder={t('retrieve.accountPlaceholder')}
            value={account}
            onValueChange={setAccount}
            autoCapitalize="off"
            spellCheck={false}
            error={error('account')}
            data-testid="retrieve-account"
          />
          <CodeField
            value={code}
            onChange={setCode}
            error={error('code')}
            onSend={requestCode}
            secondsLeft={countdown.left}
            sending={sendCode.isPending}
            testId="retrieve-code"
            sendTestId="retrieve-send"
          />
          {maskedEmail && (
            <p className="auth__hint" data-testid="retrieve-masked-email">
              {t('retrieve.sentTo', { email: maskedEmail })}
            </p>
          )}
          <Field
            icon="lock"
            type="password"
            label={t('retrieve.newPassword')}
            placeholder={t('auth.passwordRule')}
            value={password}
            onValueChange={setPassword}
            autoComplete="new-password"
            maxLength={32}
            error={error('password')}
            data-testid="retrieve-password"
          />
          <Field
            icon="lock"
            type="password"
            label={t('auth.confirmPassword')}
            placeholder={t('auth.confirmPlaceholder')}
            value={confirm}
            onValueChange={setConfirm}
            autoComplete="new-password"
            maxLength={32}
            error={error('confirm')}
            data-testid="retrieve-confirm"
          />
          <Button type="submit" block busy={reset.isPending} data-testid="retrieve-submit">
            {t('retrieve.submit')}
          </Button>
        </form>
      </div>
    </Screen>
  );
}
