import { useIonRouter } from '@ionic/react';
import { ErrorCode } from '@lobby/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { Screen } from '../../components/Screen';
import { checkConfirm, checkPassword, checkRequired } from '../../lib/validation';
import { useChangeLoginPassword } from '../../state/queries/player';
import { toastSuccess } from '../../state/ui';
import { describeFailure, showFailure } from '../../api/failures';
import { FieldError } from '../../components/FieldError';
import { useTradeT } from '../Trade/useTradeT';
import './safe.css';

type Errors = Partial<Record<'old' | 'password' | 'confirm', string>>;

/** Changes the login password knowing the current one (/v1/player/resetpwd). */
export default function ModLoginPwdScreen() {
  const { t } = useTradeT();
  const { t: tMain } = useTranslation();
  const router = useIonRouter();
  const [old, setOld] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const change = useChangeLoginPassword();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const keys = { old: checkRequired(old), password: checkPassword(password), confirm: checkConfirm(confirm, password) };
    const found: Errors = {};
    for (const [field, key] of Object.entries(keys)) if (key) found[field as keyof Errors] = tMain(key);
    if (!found.password && password === old) found.password = t('loginPwd.sameAsOld');
    setErrors(found);
    if (Object.keys(found).length) return;
    change.mutate(
      { oldPassword: old, newPassword: password },
      {
        onSuccess: () => {
          toastSuccess(t('loginPwd.changed'));
          if (router.canGoBack()) router.goBack();
          else router.push('/safeCenter', 'back', 'replace');
        },
        onError: async (error) => {
          const failure = await describeFailure(error);
          if (failure.code === ErrorCode.WRONG_PASSWORD || failure.code === ErrorCode.LOGIN_PASSWORD_WRONG) {
            setErrors({ old: failure.text || t('loginPwd.wrongOld') });
          } else if (failure.code === ErrorCode.NEW_PASSWORD_SAME_AS_OLD) {
            setErrors({ password: failure.text || t('loginPwd.sameAsOld') });
          } else {
            await showFailure(failure, t('common.ok'), t('experience.title'));
          }
        },
      },
    );
  };

  return (
    <Screen title={t('safe.loginPassword')} testId="mod-login-password" backHref="/safeCenter">
      <form className="safe-form" onSubmit={submit} noValidate>
        <p className="trade-hint">{t('loginPwd.lead')}</p>
        <Field
          icon="lock"
          type="password"
          label={t('loginPwd.old')}
          value={old}
          onValueChange={setOld}
          autoComplete="current-password"
          className={errors.old ? 'has-error' : undefined}
          data-testid="pwd-old"
        />
        <FieldError text={errors.old} testId="pwd-old-error" />
        <Field
          icon="lock"
          type="password"
          label={t('loginPwd.new')}
          placeholder={t('loginPwd.rule')}
          value={password}
          onValueChange={setPassword}
          autoComplete="new-password"
          maxLength={32}
          className={errors.password ? 'has-error' : undefined}
          data-testid="pwd-new"
        />
        <FieldError text={errors.password} testId="pwd-new-error" />
        <Field
          icon="lock"
          type="password"
          label={t('loginPwd.confirm')}
          value={confirm}
          onValueChange={setConfirm}
          autoComplete="new-password"
          maxLength={32}
          className={errors.confirm ? 'has-error' : undefined}
          data-testid="pwd-confirm"
        />
        <FieldError text={errors.confirm} testId="pwd-confirm-error" />
        <Button type="submit" block busy={change.isPending} data-testid="pwd-submit">
          {t('common.save')}
        </Button>
      </form>
    </Screen>
  );
}
