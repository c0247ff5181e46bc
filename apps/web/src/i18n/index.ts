import { DEFAULT_LANGUAGE, LANGUAGES, RTL_LANGUAGES, type Language } from '@lobby/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setNumberLanguage } from '../lib/format';

type Messages = Record<string, unknown>;

// Each language is its own chunk: a player downloads the one they read, not all eight.
const loaders = import.meta.glob<{ default: Messages }>('../locales/*.json');

const loaded = new Set<Language>();

// Feature namespaces (locales/<namespace>/<lang>.json) load with the screens that use them, and
// follow every later language change.
const namespaceLoaders = import.meta.glob<{ default: Messages }>('../locales/*/*.json');
const namespaces = new Set<string>();

// Any tag i18next holds is accepted: a language without a file for the namespace simply loads nothing.
export async function loadNamespace(namespace: string, language: string = i18n.language): Promise<void> {
  namespaces.add(namespace);
  if (i18n.hasResourceBundle(language, namespace)) return;
  const load = namespaceLoaders[`../locales/${namespace}/${language}.json`];
  if (load) i18n.addResourceBundle(language, namespace, (await load()).default, true, true);
}

async function loadLanguage(language: Language): Promise<void> {
  await Promise.all([...namespaces].map((namespace) => loadNamespace(namespace, language)));
  if (loaded.has(language)) return;
  const load = loaders[`../locales/${language}.json`];
  if (!load) return;
  const module = await load();
  i18n.addResourceBundle(language, 'translation', module.default, true, true);
  loaded.add(language);
}

/** `zh_CN` → `zh-CN` for the html lang attribute; `ar_EG` turns the whole document right-to-left. */
export function applyDocumentLanguage(language: Language, doc: Document = document): void {
  doc.documentElement.lang = language.replace('_', '-');
  doc.documentElement.dir = RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr';
  setNumberLanguage(language);
}

export async function initI18n(language: Language): Promise<void> {
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'currentOnly',
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
  await loadLanguage(language);
  applyDocumentLanguage(language);
  await i18n.changeLanguage(language);
}

export async function changeLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  // i18next announces a change even to the current language, and every translated component then
  // renders again: at startup, the whole app right after its first render.
  // Amounts take the new separators in the renders the change starts.
  setNumberLanguage(language);
  if (i18n.language !== language) await i18n.changeLanguage(language);
  applyDocumentLanguage(language);
}

export { i18n };
