import { useNamespaceT } from '../../i18n/useNamespaceT';

/** The texts of the support chat. */
export const CHAT_NS = 'chat';

export function useChatT() {
  return useNamespaceT(CHAT_NS);
}
