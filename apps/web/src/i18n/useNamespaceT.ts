import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n, loadNamespace } from './index';

const pending = new Map<string, Promise<void>>();

function ensureLoaded(namespace: string, language: string): Promise<void> {
  const key = `${namespace}:${language}`;
  let promise = pending.get(key);
  if (promise) return promise;
  if (i18n.hasResourceBundle(language, namespace)) {
    // Already in (a language change loads it first): marked as settled so `use` reads it without suspending.
    promise = Object.assign(Promise.resolve(), { status: 'fulfilled' as const, value: undefined });
  } else {
    promise = loadNamespace(namespace, language).catch(() => {
      // Offline: let the next render ask again instead of remembering the failure.
      pending.delete(key);
    });
  }
  pending.set(key, promise);
  return promise;
}

/**
 * The translator of a lazily loaded namespace. The screen suspends (its page shows the loading
 * spinner) until the namespace is in for the current language, so no key ever flashes on screen.
 * `use` runs on every render, so the hook order never changes between a suspended attempt and its replay.
 */
export function useNamespaceT(namespace: string) {
  const translation = useTranslation(namespace);
  use(ensureLoaded(namespace, translation.i18n.language ?? i18n.language));
  return translation;
}
