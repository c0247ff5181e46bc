import type { ThemeName } from '@lobby/contract';

const THEME_COLORS: Record<ThemeName, string> = { dark: '#0b0d17', light: '#f3f4fa' };

/** Themes are CSS variable sets switched by `data-theme` on <html> (see theme/variables.css). */
export function applyTheme(theme: ThemeName, doc: Document = document): void {
  doc.documentElement.dataset.theme = theme;
  doc.documentElement.style.colorScheme = theme;
  doc.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[theme]);
}
