import { useNamespaceT } from '../../i18n/useNamespaceT';

/** The texts of the VIP, rebate and bonus-record screens. */
export const VIP_NS = 'vip';

export function useVipT() {
  return useNamespaceT(VIP_NS);
}
