/**
 * Country names for ISO 3166-1 alpha-2 codes in the console's language, as the browser's own data
 * has them (Intl.DisplayNames): no table of names to keep. The code stands in where the browser has none.
 */
const displays = new Map<string, Intl.DisplayNames | null>();

export function countryName(code: string, locale: string): string {
  const tag = locale === 'zh' ? 'zh-CN' : 'en';
  let names = displays.get(tag);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([tag], { type: 'region', fallback: 'code' });
    } catch {
      names = null;
    }
    displays.set(tag, names);
  }
  return names?.of(code) ?? code;
}
