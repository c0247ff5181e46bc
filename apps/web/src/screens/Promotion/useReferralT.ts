import { useNamespaceT } from '../../i18n/useNamespaceT';

/** The texts of the promotion, team, performance and report screens. */
export const REFERRAL_NS = 'referral';

export function useReferralT() {
  return useNamespaceT(REFERRAL_NS);
}
