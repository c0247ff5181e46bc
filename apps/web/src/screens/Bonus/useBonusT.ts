import { useNamespaceT } from '../../i18n/useNamespaceT';
import { BONUS_NS } from './terms';

export function useBonusT() {
  return useNamespaceT(BONUS_NS);
}
