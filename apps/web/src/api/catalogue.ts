import type { Language } from '@lobby/contract';

type Messages = typeof import('./messages');

let loading: Promise<Messages> | undefined;

/** Starts loading the catalogue; called once the app is idle so the first error toast is instant. */
export function loadCatalogue(): Promise<Messages> {
  loading ??= import('./messages');
  return loading;
}

/** The catalogue's text for a code in the player's language, or the fallback if it cannot be loaded. */
export async function catalogueMessage(code: number, language: Language, fallback: string): Promise<string> {
  try {
    const { errorMessage } = await loadCatalogue();
    return errorMessage(code, language) || fallback;
  } catch {
    return fallback;
  }
}

export async function experienceMessage(key: 'unsettledOrders' | 'goldNotUsedUp', language: Language): Promise<string> {
  const { EXPERIENCE_MESSAGES } = await loadCatalogue();
  return EXPERIENCE_MESSAGES[key][language];
}
