import { create } from 'zustand';
import { i18n, loadNamespace } from '../i18n';
import { showConfirm } from '../state/ui';

/**
 * The installable web app: the browser's install offer, kept for the download screen, and the
 * service worker (public/sw.js), registered only by production builds in a browser. The native
 * shells load the app from their own files and need neither.
 */

export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface PwaState {
  /** The browser's install offer, once it has made one (Chrome, Edge, Samsung Internet on Android). */
  installEvent: BeforeInstallPromptEvent | null;
  installed: boolean;
}

export const usePwa = create<PwaState>(() => ({ installEvent: null, installed: false }));

export function isNativeShell(): boolean {
  const capacitor = (window as { Capacitor?: { isNativePlatform?(): boolean } }).Capacitor;
  return Boolean(capacitor?.isNativePlatform?.());
}

/** Running as the installed app: opened from the home screen rather than in a browser tab. */
export function isStandalone(): boolean {
  return isNativeShell() || window.matchMedia?.('(display-mode: standalone)').matches === true || (navigator as { standalone?: boolean }).standalone === true;
}

/** iPhone and iPad (iPadOS presents itself as a Mac with touch): Safari installs only from its Share menu. */
export function isIos(userAgent = navigator.userAgent, touchPoints = navigator.maxTouchPoints ?? 0): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && touchPoints > 1);
}

export function isAndroid(userAgent = navigator.userAgent): boolean {
  return /Android/.test(userAgent);
}

/** Shows the browser's own install dialog; resolves true when the player accepted. */
export async function promptInstall(): Promise<boolean> {
  const event = usePwa.getState().installEvent;
  if (!event) return false;
  await event.prompt();
  const { outcome } = await event.userChoice;
  // The browser offers an event once; after it is used the offer is gone either way.
  usePwa.setState({ installEvent: null, installed: outcome === 'accepted' });
  return outcome === 'accepted';
}

/** The script this page runs, as index.html names it: what the service worker compares a release with. */
function runningEntry(): string | null {
  return document.querySelector<HTMLScriptElement>('script[type="module"][src*="/assets/"]')?.getAttribute('src') ?? null;
}

const UPDATE_CHECK_MS = 15 * 60_000;

async function offerReload(): Promise<void> {
  await loadNamespace('help');
  const t = i18n.getFixedT(null, 'help');
  const reload = await showConfirm({
    title: t('pwa.updateTitle'),
    message: t('pwa.updateText'),
    confirm: t('pwa.reload'),
    cancel: t('pwa.later'),
    testId: 'pwa-update',
    notice: true,
  });
  if (reload) window.location.reload();
}

function registerServiceWorker(): void {
  const container = navigator.serviceWorker;
  let offered = false;
  container.addEventListener('message', (event: MessageEvent<{ type?: string }>) => {
    if (event.data?.type !== 'new-version' || offered) return;
    offered = true;
    void offerReload();
  });
  const check = () => container.controller?.postMessage({ type: 'check', entry: runningEntry() });
  container
    .register('/sw.js', { scope: '/' })
    .then(() => {
      // An app left open for days learns of a release when it comes back to the front, or every 15 minutes.
      document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && check());
      setInterval(check, UPDATE_CHECK_MS);
    })
    .catch((error: unknown) => console.warn('service worker not registered', error));
}

/** Called once at startup, before the browser's install offer can arrive. */
export function startPwa(production = import.meta.env.PROD): void {
  if (isNativeShell()) return;
  window.addEventListener('beforeinstallprompt', (event) => {
    // Kept for the download screen's install button instead of the browser's mini bar.
    event.preventDefault();
    usePwa.setState({ installEvent: event as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => usePwa.setState({ installEvent: null, installed: true }));
  if (production && 'serviceWorker' in navigator) {
    if (document.readyState === 'complete') registerServiceWorker();
    else window.addEventListener('load', registerServiceWorker, { once: true });
  }
}
