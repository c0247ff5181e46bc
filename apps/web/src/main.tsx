import '@ionic/react/css/core.css';
import '@ionic/react/css/normalize.css';
import '@ionic/react/css/structure.css';
import './theme/variables.css';
import './theme/global.css';
import './components/components.css';

import { setupIonicReact } from '@ionic/react';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadCatalogue } from './api/catalogue';
import { App } from './App';
import { initLaunchParams } from './config/app';
import { startDebugConsole } from './config/debug-console';
import { startPublicIpLookup } from './config/public-ip';
import { runStartupTasks } from './config/startup';
import { initI18n } from './i18n';
import { preventZoomGestures } from './lib/gestures';
import { startPwa } from './lib/pwa';
import { installRemLayout } from './lib/rem';
import { homeQuery } from './state/queries/home';
import { queryClient } from './state/queryClient';
import { useSettings } from './state/settings';
import { applyTheme } from './theme/theme';

const idle = (task: () => void) => (window.requestIdleCallback ? window.requestIdleCallback(task, { timeout: 3000 }) : setTimeout(task, 1500));

/**
 * The Chinese and Thai faces (src/theme/fonts.ts), from a stylesheet that holds up nothing: at once
 * for a player reading Chinese or Thai, once the browser is idle for the others, who meet those
 * scripts only in language names and other players' names.
 */
function loadShippedFonts(language: string) {
  const load = () => void import('./theme/fonts').catch(() => undefined);
  if (/^(zh|th)_/.test(language)) load();
  else idle(load);
}

/** Startup order of SPEC section 4: launch parameters, configuration, then the app. */
async function start() {
  const params = initLaunchParams();
  // Before the app mounts (SPEC section 4), neither holding it up: the console unless the debug type is
  // official, the public address outside official and preview builds (calls wait for it briefly).
  void startDebugConsole(params.debugType);
  void startPublicIpLookup();
  startPwa();
  installRemLayout();
  preventZoomGestures();
  const { language, theme } = useSettings.getState();
  applyTheme(theme);
  loadShippedFonts(language);
  setupIonicReact({ mode: 'ios', swipeBackEnabled: true, hardwareBackButton: true });
  // The lobby is what the launch screen waits for: ask for it while the texts are still loading.
  void queryClient.prefetchQuery(homeQuery(language));
  await initI18n(language);

  const root = createRoot(document.getElementById('root')!);
  // A transition lets React render the first screen in slices, so a slow phone stays responsive.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
  // Nothing below is needed for the first screen, so it waits until the browser has time to spare.
  idle(() => void runStartupTasks(params));
  // Error texts in the player's language, ready before anything can fail.
  idle(() => void loadCatalogue(useSettings.getState().language).catch(() => undefined));
}

start().catch((error) => {
  // Initialisation failures go to the console only (SPEC section 8); the launch screen steps aside.
  console.error('startup failed', error);
  document.getElementById('launch')?.classList.add('hidden');
});
