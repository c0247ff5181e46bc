import { useIonRouter } from '@ionic/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { Screen } from '../../components/Screen';
import { checkConfirm, checkPassword, checkRequired, type ValidationKey } from '../../lib/validation';
import { useChangeLoginPassword } from '../../state/queries/player';
import { toastSuccess } from '../../state/ui';
import '../Auth/auth.css';

type Errors = Partial<Record<'old' | 'password' | 'confirm', ValidationKey>>;

export default function ModLoginPwdScreen() {
  const { t } = useTranslation();
  const router = useIonRouter();
  const [old, setOld] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const change = useChangeLoginPassword();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = { old: checkRequired(old), password: checkPassword(password), confirm: checkConfirm(confirm, password) };
    const problems = Object.fromEntries(Object.entries(found).filter(([, v]) => v)) as Errors;
    setErrors(problems);
    if (Object.keys(problems).length) return;
    change.mutate(
      { oldPassword: old, newPassword: password },
      {
        onSuccess: () => {
          toastSuccess(t('safe.passwordChanged'));
          if (router.canGoBack()) router.goBack();
          else router.push('/safeCenter', 'back', 'replace');
        },
      },
    );
  };

  const error = (key: keyof Errors) => (errors[key] ? t(errors[key]!) : undefined);

  return (
    <Screen title={t('safe.loginPassword')} testId="mod-login-password" backHref="/safeCenter">
      <div className="auth">
        <form className="auth__form" onSubmit={submit} noValidate>
          <Field
            icon="lock"
            type="password"
            label={t('safe.oldPassword')}
            value={old}
            onValueChange={setOld}
            autoComplete="current-password"
            error={error('old')}
            data-testid="pwd-old"
          />
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
            data-testid="pwd-new"
          />
          <Field
            icon="lock"
            type="password"
            label={t('auth.confirmPassword')}
            value={confirm}
            onValueChange={setConfirm}
            autoComplete="new-password"
            maxLength={32}
            error={error('confirm')}
            data-testid="pwd-confirm"
          />
          <Button type="submit" block busy={change.isPending} data-testid="pwd-submit">
            {t('common.save')}
          </Button>
        </form>
      </div>
    </Screen>
  );
}
