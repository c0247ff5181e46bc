import { IonApp } from '@ionic/react';
import { IonReactRouter } from '@ionic/react-router';
import { LAUNCH_SCREEN_HIDE_MS } from '@lobby/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { AutoBetPanelHost } from './components/AutoBetPanelHost';
import { BulletinBoard, LoadingOverlay, PopupHost, ToastHost } from './components/Overlays';
import { changeLanguage } from './i18n';
import { useRoute } from './state/busy';
import { setNavigator } from './lib/navigation';
import { AppRoutes } from './routes';
import { RegionBlockedHost } from './screens/Region/RegionBlockedHost';
import { RealityCheckHost } from './screens/ResponsibleGaming/RealityCheckHost';
import { TwoFactorHost } from './screens/Security/TwoFactorHost';
import { LevelUpNotice } from './screens/Vip/LevelUpNotice';
import { useHeartbeat } from './state/queries/heartbeat';
import { useHomeData } from './state/queries/home';
import { queryClient } from './state/queryClient';
import { useSettings } from './state/settings';
import { applyTheme } from './theme/theme';

function NavigationBridge() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => {
    useRoute.setState({ pathname, search });
  }, [pathname, search]);
  useEffect(() => {
    setNavigator((to, options) => navigate(to, options));
    return () => setNavigator(undefined);
  }, [navigate]);
  return null;
}

function hideLaunchScreen() {
  document.getElementById('launch')?.classList.add('hidden');
}

/**
 * The launch screen leaves 1 s after the lobby data arrives. If the lobby cannot be loaded it leaves
 * at once: the player gets the (empty) app rather than an endless splash.
 */
function LaunchScreen() {
  const { isSuccess, isError } = useHomeData();
  useEffect(() => {
    if (isError) hideLaunchScreen();
    if (!isSuccess) return;
    const timer = setTimeout(hideLaunchScreen, LAUNCH_SCREEN_HIDE_MS);
    return () => clearTimeout(timer);
  }, [isSuccess, isError]);
  return null;
}

function SettingsEffects() {
  const language = useSettings((s) => s.language);
  const theme = useSettings((s) => s.theme);
  useEffect(() => {
    void changeLanguage(language);
  }, [language]);
  useEffect(() => {
    applyTheme(theme);
  }, [theme]);
  return null;
}

function SessionEffects() {
  useHeartbeat();
  return null;
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <IonApp>
        <IonReactRouter>
          <NavigationBridge />
          <AppRoutes />
        </IonReactRouter>
        <LaunchScreen />
        <SettingsEffects />
        <SessionEffects />
        <LevelUpNotice />
        <AutoBetPanelHost />
        <RealityCheckHost />
        <TwoFactorHost />
        <RegionBlockedHost />
        <BulletinBoard />
        <PopupHost />
        <ToastHost />
        <LoadingOverlay />
      </IonApp>
    </QueryClientProvider>
  );
}
