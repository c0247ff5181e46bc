import { useIonRouter } from '@ionic/react';
import { ExperienceType, SpecialInviteType } from '@lobby/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { Icon, type IconName } from '../../components/Icon';
import { ListGroup, ListRow } from '../../components/ListRow';
import { Screen } from '../../components/Screen';
import { LANGUAGE_NAMES } from '../../i18n/languageNames';
import { formatAmount } from '../../lib/format';
import { useLogout, usePlayer } from '../../state/queries/player';
import { useSettings } from '../../state/settings';
import { showConfirm } from '../../state/ui';
import { ThemeRow } from '../../components/ThemeRow';
import './userProfile.css';
import { useBalances } from '../../state/queries/balances';
import { useVipDetail } from '../../state/queries/vip';
import { UnreadMailBadge } from '../SiteMessage/UnreadBadge';
import { LimitOffer } from '../ResponsibleGaming/LimitOffer';
import { RESPONSIBLE_GAMING_PATH } from '../ResponsibleGaming/useProtectionT';

const QUICK_LINKS: { key: string; to: string; icon: IconName; label: string }[] = [
  { key: 'recharge', to: '/trade/Recharge', icon: 'recharge', label: 'wallet.recharge' },
  { key: 'withdraw', to: '/trade/Withdraw', icon: 'withdraw', label: 'wallet.withdraw' },
  { key: 'exchange', to: '/trade/Exchange', icon: 'exchange', label: 'wallet.exchange' },
  { key: 'tradeHis', to: '/trade/TradeHis', icon: 'record', label: 'wallet.tradeRecord' },
];

export default function UserProfileScreen() {
  const { t } = useTranslation();
  const router = useIonRouter();
  const language = useSettings((s) => s.language);
  const { data: player } = usePlayer();
  const { data: balances } = useBalances();
  const { data: vip } = useVipDetail();
  const logout = useLogout();

  const confirmLogout = async () => {
    const ok = await showConfirm({
      title: t('profile.logoutTitle'),
      message: t('profile.logoutConfirm'),
      confirm: t('profile.logout'),
      cancel: t('common.cancel'),
      testId: 'logout-confirm',
    });
    if (!ok) return;
    // Home first: a guarded screen still in view when the session ends sends the player to log in.
    router.navigateRoot('/home');
    await logout.mutateAsync().catch(() => undefined);
  };

  return (
    <Screen title={t('tabs.userProfile')} testId="user-profile" root>
      <section className="profile-card" data-testid="profile-card">
        <Link to="/UserInfo" className="profile-card__who" data-testid="profile-info">
          <Avatar id={player?.avatar} size="1.2rem" />
          <span className="profile-card__names">
            <b data-testid="profile-nickname">{player?.nickname ?? ''}</b>
            <small>
              ID <span dir="ltr">{player?.id ?? ''}</span>
            </small>
          </span>
          <span className="vip-chip" data-testid="profile-vip-level" dir="ltr">
            VIP {vip?.vipLevel ?? player?.vipLevel ?? 0}
          </span>
          <Icon name="chevronRight" className="flip-rtl profile-card__chevron" />
        </Link>
        <div className="profile-card__balances">
          <div>
            <small>USDT</small>
            <b dir="ltr" data-testid="profile-usdt">
              {formatAmount(balances?.usdt)}
            </b>
          </div>
          <div>
            <small>TRX</small>
            <b dir="ltr" data-testid="profile-trx">
              {formatAmount(balances?.trx)}
            </b>
          </div>
        </div>
        <nav className="quick-links">
          {QUICK_LINKS.map((q) => (
            <Link key={q.key} to={q.to} className="quick-link" data-testid={`quick-${q.key}`}>
              <span className="quick-link__icon">
                <Icon name={q.icon} />
              </span>
              <span>{t(q.label)}</span>
            </Link>
          ))}
        </nav>
      </section>

      <LimitOffer moment="registration" />

      <ListGroup>
        <ListRow icon="user" label={t('userInfo.title')} to="/UserInfo" testId="profile-user-info" />
        <ListRow icon="shield" label={t('safe.title')} to="/safeCenter" testId="profile-safe-center" />
        <ListRow icon="heart" label={t('screens.responsibleGaming')} to={RESPONSIBLE_GAMING_PATH} testId="profile-responsible-gaming" />
        <ListRow
          icon="mail"
          label={t('screens.siteMessage')}
          value={<UnreadMailBadge variant="row" testId="profile-messages-badge" />}
          to="/siteMessage"
          testId="profile-messages"
        />
      </ListGroup>
      <ListGroup>
        <ListRow icon="record" label={t('screens.betRecord')} to="/betRecord" testId="profile-bet-record" />
        <ListRow icon="gift" label={t('screens.bonusRecord')} to="/bonusRecord" testId="profile-bonus-record" />
        <ListRow icon="chart" label={t('screens.report')} to="/report" testId="profile-report" />
        <ListRow icon="vip" label={t('screens.vip')} to="/vip" testId="profile-vip" />
        {player?.experienceType === ExperienceType.EXPERIENCE && (
          <ListRow icon="star" label={t('rules.experience.title')} to="/userProfile/ExperienceRule" testId="profile-experience-rule" />
        )}
        {player?.accountType === SpecialInviteType.SPECIAL && (
          <ListRow icon="star" label={t('rules.special.title')} to="/SpecialInviteRule" testId="profile-special-rule" />
        )}
      </ListGroup>
      <ListGroup>
        <ListRow icon="globe" label={t('settings.language')} value={LANGUAGE_NAMES[language]} to="/detail/setLang" testId="profile-language" />
        <ThemeRow />
        <ListRow icon="service" label={t('screens.service')} to="/detail/service" testId="profile-service" />
      </ListGroup>
      <div className="screen-actions">
        <Button variant="danger" block onClick={confirmLogout} busy={logout.isPending} data-testid="logout">
          <Icon name="logout" className="flip-rtl" /> {t('profile.logout')}
        </Button>
      </div>
    </Screen>
  );
}
