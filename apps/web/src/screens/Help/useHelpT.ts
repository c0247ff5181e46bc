import { useNamespaceT } from '../../i18n/useNamespaceT';

/** The texts of the help and app-download screens (their pages themselves are Markdown files). */
export const HELP_NS = 'help';

export function useHelpT() {
  return useNamespaceT(HELP_NS);
}
