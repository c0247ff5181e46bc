import { ListGroup, ListRow } from '../../components/ListRow';
import { Screen } from '../../components/Screen';
import { usePlayer } from '../../state/queries/player';
import { useSecurityState } from '../../state/queries/security';
import { useCashoutAccounts, useCashoutAddresses } from '../../state/queries/wallet';
import { LOGIN_HISTORY_PATH, TWO_FACTOR_PATH, useSecurityT } from '../Security/useSecurityT';
import '../Trade/trade.css';
import { useTradeT } from '../Trade/useTradeT';

export default function SafeCenterScreen() {
  const { t } = useTradeT();
  const { data: player } = usePlayer();
  const { data: addresses } = useCashoutAddresses();
  const { data: accounts } = useCashoutAccounts();
  const { t: ts } = useSecurityT();
  const { data: security } = useSecurityState();
  return (
    <Screen title={t('safe.title')} testId="safe-center" backHref="/userProfile">
      <p className="trade-hint safe-lead">{t('safe.lead')}</p>
      <ListGroup title={t('safe.passwords')}>
        <ListRow icon="lock" label={t('safe.loginPassword')} value={t('safe.change')} to="/safeCenter/modLoginPwd" testId="safe-login-password" />
        <ListRow
          icon="shield"
          label={t('safe.fundPassword')}
          value={<span data-testid="safe-fund-password-state">{t(player?.hasFundPassword ? 'safe.set' : 'safe.notSet')}</span>}
          to="/safeCenter/setFundPwd"
          testId="safe-fund-password"
        />
      </ListGroup>
      <ListGroup title={ts('group')}>
        <ListRow
          icon="shield"
          label={ts('twoFactor.row')}
          value={security ? <span data-testid="safe-two-factor-state">{ts(security.twoFactor.enabled ? 'twoFactor.on' : 'twoFactor.off')}</span> : undefined}
          to={TWO_FACTOR_PATH}
          testId="safe-two-factor"
        />
        <ListRow icon="clock" label={ts('logins.row')} to={LOGIN_HISTORY_PATH} testId="safe-login-history" />
      </ListGroup>
      <ListGroup title={t('safe.withdrawal')}>
        <ListRow
          icon="wallet"
          label={t('safe.addresses')}
          value={addresses ? String(addresses.length) : undefined}
          to="/safeCenter/wdAddrManage"
          testId="safe-addresses"
        />
        <ListRow
          icon="card"
          label={t('safe.accounts')}
          value={accounts ? String(accounts.length) : undefined}
          to="/WithdrawAccountMgr"
          testId="safe-accounts"
        />
      </ListGroup>
      <ListGroup title={t('safe.contact')}>
        <ListRow
          icon="mail"
          label={t('safe.email')}
          value={player?.email ?? t('safe.bindEmail')}
          to={player?.email ? undefined : '/UserInfo/BindUserInfo'}
          testId="safe-email"
        />
      </ListGroup>
    </Screen>
  );
}
