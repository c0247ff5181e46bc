import '@ionic/react/css/core.css';
import '@ionic/react/css/normalize.css';
import '@ionic/react/css/structure.css';
import './theme/variables.css';
import './theme/global.css';
import './components/components.css';

import { setupIonicReact } from '@ionic/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadCatalogue } from './api/catalogue';
import { App } from './App';
import { initLaunchParams } from './config/app';
import { runStartupTasks } from './config/startup';
import { initI18n } from './i18n';
import { preventZoomGestures } from './lib/gestures';
import { installRemLayout } from './lib/rem';
import { useSettings } from './state/settings';
import { applyTheme } from './theme/theme';

/** Startup order of SPEC section 4: launch parameters, configuration, then the app. */
async function start() {
  const params = initLaunchParams();
  installRemLayout();
  preventZoomGestures();
  const { language, theme } = useSettings.getState();
  applyTheme(theme);
  setupIonicReact({ mode: 'ios', swipeBackEnabled: true, hardwareBackButton: true });
  await initI18n(language);

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  void runStartupTasks(params);
  // Error texts in the player's language are fetched once the first screen is up, ready before anything can fail.
  const idle = window.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 1500));
  idle(() => void loadCatalogue(useSettings.getState().language).catch(() => undefined));
}

start().catch((error) => {
  // Initialisation failures go to the console only (SPEC section 8); the launch screen steps aside.
  console.error('startup failed', error);
  document.getElementById('launch')?.classList.add('hidden');
});
