import { useIonRouter } from '@ionic/react';
import { ErrorCode } from '@lobby/contract';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { Icon } from '../../components/Icon';
import { Screen } from '../../components/Screen';
import { usePlayer } from '../../state/queries/player';
import { useUpdateFundPassword } from '../../state/queries/wallet';
import { toastSuccess } from '../../state/ui';
import { describeFailure, showFailure } from '../../api/failures';
import { FieldError } from '../../components/FieldError';
import { useTradeT } from '../Trade/useTradeT';
import '../Trade/trade.css';
import './safe.css';
import { Pressable } from '../../components/Pressable';

const PIN_LENGTH = 6;
const PIN = /^\d{6}$/;

type FieldName = 'old' | 'login' | 'password' | 'confirm';
type Errors = Partial<Record<FieldName, string>>;

const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, PIN_LENGTH);

/**
 * Sets the six-digit fund password that every withdrawal asks for, or changes it. Setting it (and
 * changing a forgotten one) proves the player with the login password; a known one is changed with
 * the old fund password.
 */
export default function SetFundPwdScreen() {
  const { t } = useTradeT();
  const router = useIonRouter();
  const { data: player } = usePlayer();
  const update = useUpdateFundPassword();
  const hasPassword = player?.hasFundPassword ?? false;
  const [useLogin, setUseLogin] = useState(false);
  const [old, setOld] = useState('');
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const withLogin = !hasPassword || useLogin;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (withLogin && !login) found.login = t('fundPwd.errors.loginRequired');
    if (!withLogin && !PIN.test(old)) found.old = t('fundPwd.errors.format');
    if (!PIN.test(password)) found.password = t('fundPwd.errors.format');
    else if (!withLogin && password === old) found.password = t('fundPwd.errors.same');
    if (!found.password && confirm !== password) found.confirm = t('fundPwd.errors.mismatch');
    setErrors(found);
    if (Object.keys(found).length) return;
    update.mutate(withLogin ? { loginPassword: login, newPassword: password } : { oldPassword: old, newPassword: password }, {
      onSuccess: () => {
        toastSuccess(t(hasPassword ? 'fundPwd.changed' : 'fundPwd.saved'));
        if (router.canGoBack()) router.goBack();
        else router.push('/safeCenter', 'back', 'replace');
      },
      onError: async (error) => {
        const failure = await describeFailure(error);
        if (failure.code === ErrorCode.LOGIN_PASSWORD_WRONG) setErrors({ login: failure.text || t('fundPwd.errors.loginWrong') });
        else if (failure.code === ErrorCode.ORIGINAL_FUND_PASSWORD_WRONG) setErrors({ old: failure.text || t('fundPwd.errors.oldWrong') });
        else if (failure.code === ErrorCode.NEW_PASSWORD_SAME_AS_OLD) setErrors({ password: failure.text || t('fundPwd.errors.same') });
        else await showFailure(failure, t('common.ok'), t('experience.title'));
      },
    });
  };

  const pinField = (name: 'old' | 'password' | 'confirm', label: string, value: string, set: (v: string) => void) => (
    <>
      <Field
        icon="shield"
        type="password"
        label={label}
        placeholder={t('fundPwd.placeholder')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={PIN_LENGTH}
        value={value}
        onValueChange={(v) => set(digitsOnly(v))}
        className={errors[name] ? 'has-error' : undefined}
        data-testid={`fundpwd-${name === 'password' ? 'new' : name}`}
      />
      <FieldError text={errors[name]} testId={`fundpwd-${name === 'password' ? 'new' : name}-error`} />
    </>
  );

  return (
    <Screen title={t('safe.fundPassword')} testId="set-fund-password" backHref="/safeCenter">
      <form className="safe-form" onSubmit={submit} noValidate data-testid="fundpwd-form" data-mode={hasPassword ? 'change' : 'set'}>
        <div className="safe-mode">
          <span className="safe-mode__icon">
            <Icon name="shield" />
          </span>
          <p>
            <b>{t(hasPassword ? 'fundPwd.changeTitle' : 'fundPwd.setTitle')}</b>
            {t('fundPwd.lead')}
          </p>
        </div>
        {withLogin ? (
          <>
            <Field
              icon="lock"
              type="password"
              label={t('fundPwd.login')}
              value={login}
              onValueChange={setLogin}
              autoComplete="current-password"
              className={errors.login ? 'has-error' : undefined}
              data-testid="fundpwd-login"
            />
            <FieldError text={errors.login} testId="fundpwd-login-error" />
          </>
        ) : (
          pinField('old', t('fundPwd.old'), old, setOld)
        )}
        {hasPassword && (
          <Pressable
            type="button"
            className="text-link safe-switch"
            onClick={() => {
              setUseLogin((v) => !v);
              setErrors({});
            }}
            data-testid="fundpwd-forgot"
          >
            {t(useLogin ? 'fundPwd.useOld' : 'fundPwd.forgot')}
          </Pressable>
        )}
        {pinField('password', t('fundPwd.new'), password, setPassword)}
        {pinField('confirm', t('fundPwd.confirm'), confirm, setConfirm)}
        <Button type="submit" block busy={update.isPending} data-testid="fundpwd-submit">
          {t('common.save')}
        </Button>
      </form>
    </Screen>
  );
}
