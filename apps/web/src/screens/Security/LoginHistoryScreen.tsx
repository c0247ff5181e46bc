import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { Ltr } from '../../components/Ltr';
import { Screen } from '../../components/Screen';
import { SkeletonCard } from '../../components/SkeletonCard';
import { localeTag } from '../../lib/format';
import { type LoginRecord, useEndOtherSessions, useLoginHistory } from '../../state/queries/security';
import { useSettings } from '../../state/settings';
import { showConfirm, toastSuccess } from '../../state/ui';
import { formatMoment, useSecurityT } from './useSecurityT';
import './security.css';

/** A country code (ISO 3166) as the player's language names it; the code itself where the browser cannot. */
function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([localeTag(language)], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The server names browsers and systems ("Chrome on Android"); a sign-in without a user agent is unknown. */
const UNKNOWN_DEVICE = 'Unknown device';

function LoginRow({ login }: { login: LoginRecord }) {
  const { t } = useSecurityT();
  const language = useSettings((s) => s.language);
  return (
    <li className="login-row" data-testid="login-row" data-current={login.current} data-active={login.active}>
      <div className="login-row__head">
        <b className="login-row__device">{login.device === UNKNOWN_DEVICE ? t('logins.unknownDevice') : <Ltr>{login.device}</Ltr>}</b>
        {login.current ? (
          <span className="login-row__tag is-current">{t('logins.current')}</span>
        ) : (
          <span className={`login-row__tag ${login.active ? 'is-active' : ''}`}>{login.active ? t('logins.active') : t('logins.ended')}</span>
        )}
      </div>
      <div className="login-row__meta">
        <span data-testid="login-row-ip">
          <Ltr>{login.ip}</Ltr>
        </span>
        <span data-testid="login-row-country">{login.country ? countryName(login.country, language) : t('logins.unknownCountry')}</span>
        <time dateTime={login.at}>{formatMoment(login.at, language)}</time>
      </div>
    </li>
  );
}

/** PROTECTION.md "Account security": the last 50 sign-ins and "end other sessions". */
export default function LoginHistoryScreen() {
  const { t } = useSecurityT();
  const history = useLoginHistory();
  const end = useEndOtherSessions();

  const endOthers = async () => {
    const ok = await showConfirm({
      message: t('logins.endConfirm'),
      confirm: t('logins.endOthers'),
      cancel: t('twoFactor.cancel'),
      testId: 'logins-end-confirm',
    });
    if (!ok) return;
    end.mutate(undefined, { onSuccess: (reply) => toastSuccess(t('logins.endedToast', { count: reply.ended })) });
  };

  const list = history.data ?? [];
  return (
    <Screen title={t('logins.title')} testId="login-history" backHref="/safeCenter">
      <p className="trade-hint security-lead">{t('logins.lead')}</p>
      {history.isPending ? (
        <SkeletonCard lines={4} />
      ) : history.isError ? (
        <LoadError onRetry={() => void history.refetch()} testId="logins-error" icon="clock" />
      ) : list.length === 0 ? (
        <EmptyState icon="clock" title={t('logins.empty')} testId="logins-empty" />
      ) : (
        <>
          <ul className="login-list" data-testid="login-list">
            {list.map((login) => (
              <LoginRow key={login.id} login={login} />
            ))}
          </ul>
          <div className="sticky-action">
            <Button variant="danger" block busy={end.isPending} onClick={endOthers} data-testid="logins-end-others">
              {t('logins.endOthers')}
            </Button>
          </div>
        </>
      )}
    </Screen>
  );
}
