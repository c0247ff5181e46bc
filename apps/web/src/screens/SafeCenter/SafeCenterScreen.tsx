import { useTranslation } from 'react-i18next';
import { ListGroup, ListRow } from '../../components/ListRow';
import { Screen } from '../../components/Screen';
import { usePlayer } from '../../state/queries/player';

export default function SafeCenterScreen() {
  const { t } = useTranslation();
  const { data: player } = usePlayer();
  return (
    <Screen title={t('safe.title')} testId="safe-center" backHref="/userProfile">
      <ListGroup>
        <ListRow icon="lock" label={t('safe.loginPassword')} to="/safeCenter/modLoginPwd" testId="safe-login-password" />
        <ListRow
          icon="shield"
          label={t('safe.fundPassword')}
          value={t(player?.hasFundPassword ? 'safe.set' : 'safe.notSet')}
          to="/safeCenter/setFundPwd"
          testId="safe-fund-password"
        />
        <ListRow icon="wallet" label={t('screens.wdAddrManage')} to="/safeCenter/wdAddrManage" testId="safe-addresses" />
        <ListRow icon="card" label={t('screens.withdrawAccounts')} to="/WithdrawAccountMgr" testId="safe-accounts" />
        <ListRow
          icon="mail"
          label={t('userInfo.email')}
          value={player?.email ?? t('userInfo.bindEmail')}
          to={player?.email ? undefined : '/UserInfo/BindUserInfo'}
          testId="safe-email"
        />
      </ListGroup>
    </Screen>
  );
}
