import { useIonRouter } from '@ionic/react';
import { LoginKind } from '@lobby/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { BrandMark } from '../../components/BrandLogo';
import { Button } from '../../components/Button';
import { Field, Segmented } from '../../components/Field';
import { CodeField } from '../../components/CodeField';
import { Screen } from '../../components/Screen';
import { getInviteCode } from '../../config/app';
import { LOGIN_PATH, SIGNUP_PATH } from '../../lib/navigation';
import { checkAccount, checkCode, checkConfirm, checkEmail, checkPassword, checkRequired, type ValidationKey } from '../../lib/validation';
import { useReportSignUpPageOpened } from '../../state/queries/keypoint';
import { useLogin, useRegister, useSendRegisterCode } from '../../state/queries/player';
import { useSettings } from '../../state/settings';
import { toastSuccess } from '../../state/ui';
import { useCountdown } from '../../components/useCountdown';
import './auth.css';

type Kind = 1 | 2;
type Errors = Partial<Record<'account' | 'email' | 'password' | 'confirm' | 'code', ValidationKey>>;

/** `/register?type=1` is the login entry; plain `/register` is sign-up. Both offer account or email. */
export default function AuthScreen() {
  const { t } = useTranslation();
  const router = useIonRouter();
  const location = useLocation();
  const [params] = useSearchParams();
  const isLogin = params.get('type') === '1';
  const from = (location.state as { from?: string } | null)?.from;

  const [kind, setKind] = useState<Kind>(LoginKind.ACCOUNT);
  const [account, setAccount] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [code, setCode] = useState('');
  const [inviteCode, setInviteCode] = useState(getInviteCode() ?? '');
  const [errors, setErrors] = useState<Errors>({});

  const login = useLogin();
  const register = useRegister();
  const sendCode = useSendRegisterCode();
  const countdown = useCountdown();

  useReportSignUpPageOpened(!isLogin);

  useEffect(() => {
    setErrors({});
  }, [isLogin, kind]);

  const done = () => {
    toastSuccess(t(isLogin ? 'auth.welcomeBack' : 'auth.welcome'));
    const target = from && !from.startsWith('/register') ? from : '/home';
    router.push(target, 'root', 'replace');
  };

  const validate = (): Errors => {
    const next: Errors = {};
    if (isLogin) {
      if (kind === 1) next.account = checkRequired(account);
      else next.email = checkEmail(email);
      next.password = checkRequired(password);
    } else {
      if (kind === 1) next.account = checkAccount(account);
      else {
        next.email = checkEmail(email);
        next.code = checkCode(code);
      }
      next.password = checkPassword(password);
      next.confirm = checkConfirm(confirm, password);
    }
    return Object.fromEntries(Object.entries(next).filter(([, v]) => v)) as Errors;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length) return;
    const lang = useSettings.getState().language;
    const invite = inviteCode.trim() || undefined;
    if (isLogin) {
      const body = kind === 1 ? { kind: 1 as const, account: account.trim(), password } : { kind: 2 as const, email: email.trim(), password };
      login.mutate(body, { onSuccess: done });
    } else if (kind === 1) {
      register.mutate({ kind: 1, account: account.trim(), password, inviteCode: invite, lang }, { onSuccess: done });
    } else {
      register.mutate({ kind: 2, email: email.trim(), code: code.trim(), password, inviteCode: invite, lang }, { onSuccess: done });
    }
  };

  const requestCode = () => {
    const problem = checkEmail(email.trim());
    setErrors((e) => ({ ...e, email: problem }));
    if (problem) return;
    sendCode.mutate(email.trim(), {
      onSuccess: (reply) => {
        toastSuccess(t('auth.codeSent'));
        countdown.start(reply.resendIn || 60);
      },
    });
  };

  const error = (key: keyof Errors) => (errors[key] ? t(errors[key]!) : undefined);
  const busy = login.isPending || register.isPending;

  return (
    <Screen title={t(isLogin ? 'auth.login' : 'auth.signup')} testId={isLogin ? 'login' : 'signup'}>
      <div className="auth">
        <div className="auth__hero">
          <BrandMark size="1.2rem" />
          <h2>{t(isLogin ? 'auth.loginHeadline' : 'auth.signupHeadline')}</h2>
          <p>{t(isLogin ? 'auth.loginSubline' : 'auth.signupSubline')}</p>
        </div>

        <Segmented<Kind>
          className="auth__kinds"
          label={t('auth.method')}
          value={kind}
          onValueChange={setKind}
          options={[
            { value: 1, label: t('auth.byAccount'), testId: 'auth-kind-account' },
            { value: 2, label: t('auth.byEmail'), testId: 'auth-kind-email' },
          ]}
        />

        <form className="auth__form" onSubmit={submit} noValidate>
          {kind === 1 ? (
            <Field
              icon="user"
              label={t('auth.account')}
              placeholder={t(isLogin ? 'auth.accountPlaceholder' : 'auth.accountRule')}
              value={account}
              onValueChange={setAccount}
              autoComplete="username"
              autoCapitalize="off"
              spellCheck={false}
              maxLength={20}
              error={error('account')}
              data-testid="auth-account"
            />
          ) : (
            <Field
              icon="mail"
              type="email"
              label={t('auth.email')}
              placeholder={t('auth.emailPlaceholder')}
              value={email}
              onValueChange={setEmail}
              autoComplete="email"
              inputMode="email"
              error={error('email')}
              data-testid="auth-email"
            />
          )}
          {!isLogin && kind === 2 && (
            <CodeField
              value={code}
              onChange={setCode}
              error={error('code')}
              onSend={requestCode}
              secondsLeft={countdown.left}
              sending={sendCode.isPending}
              testId="auth-code"
              sendTestId="auth-send-code"
            />
          )}
          <Field
            icon="lock"
            type="password"
            label={t('auth.password')}
            placeholder={t(isLogin ? 'auth.passwordPlaceholder' : 'auth.passwordRule')}
            value={password}
            onValueChange={setPassword}
            autoComplete={isLogin ? 'current-password' : 'new-password'}
            maxLength={32}
            error={error('password')}
            data-testid="auth-password"
          />
          {!isLogin && (
            <>
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
                data-testid="auth-confirm"
              />
              <Field
                icon="gift"
                label={t('auth.inviteCode')}
                placeholder={t('auth.optional')}
                value={inviteCode}
                onValueChange={setInviteCode}
                maxLength={32}
                data-testid="auth-invite"
              />
            </>
          )}

          {isLogin && (
            <div className="auth__row-end">
              <Link to="/retrieveMode" className="text-link" data-testid="auth-forgot">
                {t('auth.forgot')}
              </Link>
            </div>
          )}

          <Button type="submit" block busy={busy} data-testid="auth-submit">
            {t(isLogin ? 'auth.login' : 'auth.signup')}
          </Button>
        </form>

        <p className="auth__switch">
          {t(isLogin ? 'auth.noAccount' : 'auth.haveAccount')}{' '}
          <Link to={isLogin ? SIGNUP_PATH : LOGIN_PATH} replace state={location.state} className="text-link" data-testid="auth-switch">
            {t(isLogin ? 'auth.signup' : 'auth.login')}
          </Link>
        </p>
      </div>
    </Screen>
  );
}
