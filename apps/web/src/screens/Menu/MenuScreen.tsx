import { useIonRouter } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../components/BrandLogo';
import { CATEGORY_ICONS, Icon } from '../../components/Icon';
import { ListGroup, ListRow } from '../../components/ListRow';
import { Screen } from '../../components/Screen';
import { LANGUAGE_NAMES } from '../../i18n/languageNames';
import { visibleCategories } from '../../lib/games';
import { useHomeState } from '../../state/home';
import { useHomeData } from '../../state/queries/home';
import { useSettings } from '../../state/settings';
import { ThemeRow } from '../../components/ThemeRow';
import { UnreadMailBadge } from '../SiteMessage/UnreadBadge';
import { RESPONSIBLE_GAMING_PATH } from '../ResponsibleGaming/useProtectionT';
import './menu.css';
import { Pressable } from '../../components/Pressable';

export default function MenuScreen() {
  const { t } = useTranslation();
  const router = useIonRouter();
  const language = useSettings((s) => s.language);
  const { data: home } = useHomeData();
  const setActiveNav = useHomeState((s) => s.setActiveNav);
  const categories = visibleCategories(home?.navbar).filter((c) => c.key !== 'home');

  const openCategory = (navId: number) => {
    setActiveNav(navId);
    router.push('/home', 'none');
  };

  return (
    <Screen title={t('tabs.menu')} testId="menu" root>
      <div className="menu-brand">
        <BrandLogo />
      </div>
      {categories.length > 0 && (
        <div className="menu-categories" data-testid="menu-categories">
          {categories.map((c) => (
            <Pressable
              key={c.navId}
              type="button"
              className={`menu-category menu-category--${c.key}`}
              onClick={() => openCategory(c.navId)}
              data-testid={`menu-category-${c.key}`}
            >
              <span className="menu-category__icon">
                <Icon name={CATEGORY_ICONS[c.key]} />
              </span>
              <span>{t(`category.${c.key}`)}</span>
            </Pressable>
          ))}
        </div>
      )}
      <ListGroup title={t('menu.discover')}>
        <ListRow icon="promotion" label={t('screens.promotion')} to="/promotion" testId="menu-promotion" />
        <ListRow
          icon="mail"
          label={t('screens.siteMessage')}
          value={<UnreadMailBadge variant="row" testId="menu-messages-badge" />}
          to="/siteMessage"
          testId="menu-messages"
        />
        <ListRow icon="record" label={t('screens.autoBet')} to="/autoBet" testId="menu-autobet" />
        <ListRow icon="vip" label={t('screens.vip')} to="/vip" testId="menu-vip" />
        <ListRow icon="refund" label={t('screens.rebate')} to="/newFanshui" testId="menu-rebate" />
        <ListRow icon="team" label={t('screens.proxyPartner')} to="/proxyPartner" testId="menu-partner" />
      </ListGroup>
      <ListGroup title={t('menu.help')}>
        <ListRow icon="service" label={t('screens.service')} to="/detail/service" testId="menu-service" />
        <ListRow icon="heart" label={t('screens.responsibleGaming')} to={RESPONSIBLE_GAMING_PATH} testId="menu-responsible-gaming" />
        <ListRow icon="help" label={t('screens.helpCenter')} to="/helpCenter" testId="menu-help" />
        <ListRow icon="book" label={t('screens.tutorial')} to="/tutorial" testId="menu-tutorial" />
        <ListRow icon="tron" label={t('screens.tronIntroduce')} to="/tronIntroduce" testId="menu-tron" />
        <ListRow icon="download" label={t('screens.appDownload')} to="/appDownload" testId="menu-download" />
      </ListGroup>
      <ListGroup title={t('menu.settings')}>
        <ListRow icon="globe" label={t('settings.language')} value={LANGUAGE_NAMES[language]} to="/detail/setLang" testId="menu-language" />
        <ThemeRow />
      </ListGroup>
    </Screen>
  );
}
