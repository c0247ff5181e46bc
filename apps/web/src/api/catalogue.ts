import { ErrorCode, type Language } from '@lobby/contract';
import type { Catalogue } from 'virtual:lobby-messages/en_US';

// One chunk per language (build/contractMessages.ts): a player downloads the texts they read.
const loaders: Record<Language, () => Promise<{ default: Catalogue }>> = {
  zh_CN: () => import('virtual:lobby-messages/zh_CN'),
  zh_TW: () => import('virtual:lobby-messages/zh_TW'),
  en_US: () => import('virtual:lobby-messages/en_US'),
  pt_BR: () => import('virtual:lobby-messages/pt_BR'),
  vi_VN: () => import('virtual:lobby-messages/vi_VN'),
  id_ID: () => import('virtual:lobby-messages/id_ID'),
  th_TH: () => import('virtual:lobby-messages/th_TH'),
  ar_EG: () => import('virtual:lobby-messages/ar_EG'),
};

const loading = new Map<Language, Promise<Catalogue>>();

/** Starts loading a language's catalogue; called once the app is idle so the first error toast is instant. */
export function loadCatalogue(language: Language): Promise<Catalogue> {
  let pending = loading.get(language);
  if (!pending) {
    pending = loaders[language]().then((module) => module.default);
    // A failed download (offline) is tried again next time rather than remembered.
    pending.catch(() => loading.delete(language));
    loading.set(language, pending);
  }
  return pending;
}

/** The catalogue's text for a code in the player's language, or the fallback if it cannot be loaded. */
export async function catalogueMessage(code: number, language: Language, fallback: string): Promise<string> {
  try {
    const { errors } = await loadCatalogue(language);
    // Like the contract's errorMessage: a code the catalogue does not know yet reads as the generic failure.
    return (Object.hasOwn(errors, code) ? errors[code] : errors[ErrorCode.FAILURE]) || fallback;
  } catch {
    return fallback;
  }
}

export async function experienceMessage(key: 'unsettledOrders' | 'goldNotUsedUp', language: Language): Promise<string> {
  const { experience } = await loadCatalogue(language);
  return experience[key];
}
