import { IonLabel, IonRouterOutlet, IonTabBar, IonTabButton, IonTabs } from '@ionic/react';
import { lazy, memo, Suspense, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route } from 'react-router-dom';
import { Icon, type IconName } from '../../components/Icon';
import { Page, RequireAuth } from '../../components/Page';
import { useSession } from '../../state/session';
import { HomeScreen } from '../Home/HomeScreen';
import './tabs.css';

const MenuScreen = lazy(() => import('../Menu/MenuScreen'));
const ActivityScreen = lazy(() => import('../Activity/ActivityScreen'));
const UserProfileScreen = lazy(() => import('../UserProfile/UserProfileScreen'));
const WalletScreen = lazy(() => import('../Wallet/WalletScreen'));
const NotFoundScreen = lazy(() => import('../Info/NotFoundScreen'));
// Loaded after the first paint: the inbox badge is no part of the first download.
const UnreadMailBadge = lazy(() => import('../SiteMessage/UnreadBadge').then((m) => ({ default: m.UnreadMailBadge })));
// The events badge and the lobby's bonus popup, likewise after the first paint.
const ActivityBadge = lazy(() => import('../Activity/ActivityNotice').then((m) => ({ default: m.ActivityBadge })));
const ActivityNotice = lazy(() => import('../Activity/ActivityNotice').then((m) => ({ default: m.ActivityNotice })));

const TABS: { tab: string; icon: IconName; label: string }[] = [
  { tab: 'menu', icon: 'menu', label: 'tabs.menu' },
  { tab: 'home', icon: 'home', label: 'tabs.home' },
  { tab: 'activity', icon: 'gift', label: 'tabs.activity' },
  { tab: 'userProfile', icon: 'user', label: 'tabs.userProfile' },
  { tab: 'walletShow', icon: 'wallet', label: 'tabs.walletShow' },
];

/**
 * The tab layout under `/`: home is part of the first download, the other tabs load when opened.
 * Memoised: the main outlet renders its routes again whenever a page comes or goes, and the tabs
 * (five web components and the lobby) have nothing to redo then.
 */
export const TabsLayout = memo(function TabsLayout() {
  const { t } = useTranslation();
  // The badges and the bonus popup have nothing to show a visitor, whose first download skips them.
  const signedIn = useSession((s) => s.token !== null);
  // Ionic's outlet mounts its page in one synchronous update. The tabs and the lobby are built in
  // the render that follows instead, which React can interrupt, so a slow phone is not blocked for
  // the whole of it (the launch screen covers the frame in between).
  const ready = useDeferredValue(true, false);
  if (!ready) return null;
  return (
    <IonTabs>
      <IonRouterOutlet id="tabs-outlet">
        <Route path="home" element={<HomeScreen />} />
        <Route path="menu" element={<Page><MenuScreen /></Page>} />
        <Route path="activity" element={<Page><ActivityScreen /></Page>} />
        <Route
          path="userProfile"
          element={
            <Page>
              <RequireAuth>
                <UserProfileScreen />
              </RequireAuth>
            </Page>
          }
        />
        <Route path="walletShow" element={<Page><WalletScreen /></Page>} />
        <Route index element={<Navigate to="/home" replace />} />
        <Route path="*" element={<Page><NotFoundScreen /></Page>} />
      </IonRouterOutlet>
      <IonTabBar slot="bottom" className="tab-bar" data-testid="tab-bar">
        {TABS.map(({ tab, icon, label }) => (
          <IonTabButton key={tab} tab={tab} href={`/${tab}`} data-testid={`tab-${tab}`} className={`tab-button tab-button--${tab}`}>
            <span className="tab-button__icon">
              <Icon name={icon} />
              {tab === 'activity' && signedIn && (
                <Suspense fallback={null}>
                  <ActivityBadge />
                </Suspense>
              )}
              {tab === 'userProfile' && signedIn && (
                <Suspense fallback={null}>
                  <UnreadMailBadge variant="tab" testId="tab-userProfile-badge" />
                </Suspense>
              )}
            </span>
            <IonLabel>{t(label)}</IonLabel>
          </IonTabButton>
        ))}
      </IonTabBar>
      {signedIn && (
        <Suspense fallback={null}>
          <ActivityNotice />
        </Suspense>
      )}
    </IonTabs>
  );
});
