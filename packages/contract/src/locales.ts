/** The eight interface languages of the product (SPEC section 1). `ar_EG` is right-to-left. */
export const LANGUAGES = ['zh_CN', 'zh_TW', 'en_US', 'pt_BR', 'vi_VN', 'id_ID', 'th_TH', 'ar_EG'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en_US';
/** The home call's own default when the client sends none (SPEC section 9). */
export const HOME_DEFAULT_LANGUAGE: Language = 'zh_CN';
export const RTL_LANGUAGES: readonly Language[] = ['ar_EG'];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Maps any client spelling (`en`, `en-US`, `zh-TW`, `pt_br`) to a supported language, or undefined. */
export function normalizeLanguage(value: string | undefined | null): Language | undefined {
  if (!value) return undefined;
  const cleaned = value.trim().replace('-', '_');
  const exact = LANGUAGES.find((l) => l.toLowerCase() === cleaned.toLowerCase());
  if (exact) return exact;
  const [base, region] = cleaned.toLowerCase().split('_');
  if (base === 'zh') return region === 'tw' || region === 'hk' || region === 'hant' ? 'zh_TW' : 'zh_CN';
  return LANGUAGES.find((l) => l.split('_')[0].toLowerCase() === base);
}
