import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n, loadNamespace } from '../../i18n';

/** The money screens' texts (deposit, withdrawal, exchange, history, wallet, security, accounts). */
export const TRADE_NS = 'trade';

const pending = new Map<string, Promise<void>>();

function ensureLoaded(language: string): Promise<void> {
  let promise = pending.get(language);
  if (promise) return promise;
  if (i18n.hasResourceBundle(language, TRADE_NS)) {
    // Already in (a language change loads it first): marked as settled so `use` reads it without suspending.
    promise = Object.assign(Promise.resolve(), { status: 'fulfilled' as const, value: undefined });
  } else {
    promise = loadNamespace(TRADE_NS, language as never).catch(() => {
      // Offline: let the next render ask again instead of remembering the failure.
      pending.delete(language);
    });
  }
  pending.set(language, promise);
  return promise;
}

/**
 * The `trade` namespace's translator. The screen suspends (its page shows the loading spinner) until
 * the namespace is in for the current language, so no key ever flashes on screen. `use` runs on
 * every render, so the hook order never changes between a suspended attempt and its replay.
 */
export function useTradeT() {
  const translation = useTranslation(TRADE_NS);
  use(ensureLoaded(translation.i18n.language ?? i18n.language));
  return translation;
}
