import { useIonRouter } from '@ionic/react';
import { lazy, memo, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { Pressable } from '../../components/Pressable';
import { Icon, type IconName } from '../../components/Icon';
import { useSession } from '../../state/session';
import './tabs.css';

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

const TAB_PATHS = new Set(TABS.map(({ tab }) => `/${tab}`));

/** Whether a path is one of the five tabs, under which the tab bar shows. */
export const isTabPath = (pathname: string) => TAB_PATHS.has(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/**
 * The tab bar under the five tab screens, and nowhere else (a game, a form, a record list take the
 * whole screen). Plain buttons rather than Ionic's tabs: a tap is a plain step in the one history of
 * the app. Ionic's tab bar filed every screen opened from a tab under that tab, and the browser's back
 * from such a screen (a game) was then turned into a step forward to it again. Memoised: it has
 * nothing to redo when the outlet renders its routes again.
 */
export const TabBar = memo(function TabBar() {
  const { t } = useTranslation();
  const router = useIonRouter();
  const { pathname } = useLocation();
  // The badges and the bonus popup have nothing to show a visitor, whose first download skips them.
  const signedIn = useSession((s) => s.token !== null);
  const current = TABS.find(({ tab }) => pathname === `/${tab}` || pathname.startsWith(`/${tab}/`))?.tab;
  return (
    <>
      <nav className={isTabPath(pathname) ? 'tab-bar' : 'tab-bar tab-bar--off'} data-testid="tab-bar">
        {TABS.map(({ tab, icon, label }) => (
          <Pressable
            key={tab}
            className={tab === current ? `tab-button tab-button--${tab} tab-selected` : `tab-button tab-button--${tab}`}
            aria-current={tab === current ? 'page' : undefined}
            onClick={() => {
              if (tab !== current) router.push(`/${tab}`, 'none');
            }}
            data-testid={`tab-${tab}`}
          >
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
            <span className="tab-button__label">{t(label)}</span>
          </Pressable>
        ))}
      </nav>
      {signedIn && (
        <Suspense fallback={null}>
          <ActivityNotice />
        </Suspense>
      )}
    </>
  );
});
