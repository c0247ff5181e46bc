import { useNamespaceT } from '../../i18n/useNamespaceT';

export const HASH_NS = 'hash';

/** The hash-game screens' texts (rounds, bets, records, verifier). */
export function useHashT() {
  return useNamespaceT(HASH_NS);
}
