import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n, loadNamespace } from '../../i18n';

export const HASH_NS = 'hash';

const pending = new Map<string, Promise<void>>();

function ensureLoaded(language: string): Promise<void> {
  let promise = pending.get(language);
  if (!promise) {
    promise = loadNamespace(HASH_NS, language as never).catch(() => undefined);
    pending.set(language, promise);
  }
  return promise;
}

/**
 * The `hash` namespace's translator. The screen suspends (its page shows the loading spinner) until
 * the namespace is in for the current language, so no key ever flashes on screen.
 */
export function useHashT() {
  const translation = useTranslation(HASH_NS);
  const language = translation.i18n.language ?? i18n.language;
  if (language && !translation.i18n.hasResourceBundle(language, HASH_NS)) use(ensureLoaded(language));
  return translation;
}
