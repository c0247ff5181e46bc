import { publicIpSettled } from '../config/public-ip';
import { deviceCode } from '../lib/deviceCode';
import { i18n } from '../i18n';
import { currentPath, LOGIN_PATH, navigateTo } from '../lib/navigation';
import { queryClient } from '../state/queryClient';
import { useRegion } from '../state/region';
import { clearSession, useSession } from '../state/session';
import { useSettings } from '../state/settings';
import { beginLoading, showActivityPopup, showConfirm, showToast } from '../state/ui';
import { catalogueMessage } from './catalogue';
import { createApiClient, type SessionEndReason } from './client';

export { ApiError } from './client';
export type { CallOptions } from './client';

/**
 * In-app browsers (WeChat, Facebook, Instagram, Line, Telegram, UC) keep stale connections after a
 * timeout; a reload is the reliable cure there, so they get a popup offering one instead of a toast.
 */
function prefersReloadOnTimeout(userAgent = navigator.userAgent): boolean {
  return /MicroMessenger|FBAN|FBAV|Instagram|Line\/|Telegram|UCBrowser/i.test(userAgent);
}

let endingSession = false;

/** A catalogue toast: the contract's text for the code in the player's language, else the server's. */
export function toastCode(code: number, fallback: string): void {
  void catalogueMessage(code, useSettings.getState().language, fallback).then((text) => showToast(text));
}

/** Logs out and, unless the player is on home, sends them to the login screen. */
export function endSession(reason: SessionEndReason | 'logout', code?: number, message?: string): void {
  const hadSession = useSession.getState().token !== null;
  clearSession();
  // Every player-scoped query key starts with 'player' (state/queries), so one call drops them all.
  queryClient.removeQueries({ queryKey: ['player'] });
  // 10032 says why the session ended (another device logged in); the others end quietly.
  if (reason === 'elsewhere' && code !== undefined) toastCode(code, message ?? '');
  if (reason === 'logout' || !hadSession || endingSession) return;
  endingSession = true;
  // Several calls in flight may all report the ended session; one redirect is enough.
  setTimeout(() => {
    endingSession = false;
  }, 1000);
  if (currentPath() !== '/home') navigateTo(LOGIN_PATH, { replace: true });
}

export const api = createApiClient({
  getToken: () => useSession.getState().token,
  getClientIp: () => useSession.getState().clientIp,
  getDeviceCode: deviceCode,
  clientIpReady: publicIpSettled,
  getLanguage: () => useSettings.getState().language,
  events: {
    businessError: (code, message) => toastCode(code, message),
    sessionEnded: (reason, code, message) => endSession(reason, code, message),
    httpError: (status) => showToast(i18n.t('errors.httpStatus', { status })),
    maintenance: () => {
      void showActivityPopup({
        title: i18n.t('errors.maintenanceTitle'),
        message: i18n.t('errors.maintenance'),
        button: i18n.t('common.ok'),
        testId: 'maintenance-popup',
      }).then(() => navigateTo('/home', { replace: true }));
    },
    timeout: () => {
      if (prefersReloadOnTimeout()) {
        void showConfirm({
          message: i18n.t('errors.timeoutReload'),
          confirm: i18n.t('common.refresh'),
          cancel: i18n.t('common.cancel'),
        }).then((reload) => reload && window.location.reload());
      } else {
        showToast(i18n.t('errors.timeout'));
      }
    },
    networkError: () => showToast(i18n.t('errors.network')),
    beginLoading,
    // Its texts and the popup load when a limit or a pause first refuses something.
    protectionRefusal: (code, data) => void import('../screens/ResponsibleGaming/refusal').then((m) => m.showProtectionRefusal(code, data)),
    regionBlocked: (data) => {
      const country = (data as { country?: unknown } | null)?.country;
      useRegion.getState().refused(typeof country === 'string' ? country : null);
    },
  },
});
