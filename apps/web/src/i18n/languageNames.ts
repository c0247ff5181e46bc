import type { Language } from '@lobby/contract';

/** Each language in its own script: a player looks for their language by how it is written. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  zh_CN: '简体中文',
  zh_TW: '繁體中文',
  en_US: 'English',
  pt_BR: 'Português (Brasil)',
  vi_VN: 'Tiếng Việt',
  id_ID: 'Bahasa Indonesia',
  th_TH: 'ไทย',
  ar_EG: 'العربية',
};
