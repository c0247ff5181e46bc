import { useNamespaceT } from '../../i18n/useNamespaceT';

/** The texts of the site-message screens and the unread badge. */
export const MAIL_NS = 'mail';

export function useMailT() {
  return useNamespaceT(MAIL_NS);
}
