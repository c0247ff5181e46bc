import { DEFAULT_LANGUAGE, DEFAULT_THEME, isLanguage, normalizeLanguage, type Language, type ThemeName } from '@lobby/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const SETTINGS_STORAGE_KEY = 'lobby.settings';

/** The browser's first language the product speaks, else English (SPEC section 9). */
export function detectLanguage(languages: readonly string[] | undefined = globalThis.navigator?.languages): Language {
  for (const candidate of languages ?? []) {
    const language = normalizeLanguage(candidate);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

interface SettingsState {
  language: Language;
  theme: ThemeName;
  setLanguage(language: Language): void;
  setTheme(theme: ThemeName): void;
  toggleTheme(): void;
}

export const useSettings = create<SettingsState>()(
  persist(
    (set, get) => ({
      language: detectLanguage(),
      theme: DEFAULT_THEME as ThemeName,
      setLanguage: (language) => set({ language }),
      setTheme: (theme) => set({ theme }),
      toggleTheme: () => set({ theme: get().theme === 'dark' ? 'light' : 'dark' }),
    }),
    {
      name: SETTINGS_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ language, theme }) => ({ language, theme }),
      // A stored value from an older build may name a language or theme we no longer ship.
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as Partial<SettingsState>;
        return {
          ...current,
          language: isLanguage(saved.language) ? saved.language : current.language,
          theme: saved.theme === 'light' || saved.theme === 'dark' ? saved.theme : current.theme,
        };
      },
    },
  ),
);
