import { useNamespaceT } from '../../i18n/useNamespaceT';

/** The money screens' texts (deposit, withdrawal, exchange, history, wallet, security, accounts). */
export const TRADE_NS = 'trade';

export function useTradeT() {
  return useNamespaceT(TRADE_NS);
}
