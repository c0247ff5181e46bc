import { useNamespaceT } from '../../i18n/useNamespaceT';
import { localeTag } from '../../lib/format';

/** The texts of two-factor, the login history and the code prompt. */
export const SECURITY_NS = 'security';

export const TWO_FACTOR_PATH = '/safeCenter/twoFactor';
export const LOGIN_HISTORY_PATH = '/safeCenter/loginHistory';

export function useSecurityT() {
  return useNamespaceT(SECURITY_NS);
}

/** A moment in the player's language and time zone, to the minute. */
export function formatMoment(iso: string, language: string): string {
  return new Date(iso).toLocaleString(localeTag(language), { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}
