import { useTranslation } from 'react-i18next';
import { ListRow } from './ListRow';
import { useSettings } from '../state/settings';

/** Dark and light: one tap switches, and the choice is remembered. */
export function ThemeRow() {
  const { t } = useTranslation();
  const theme = useSettings((s) => s.theme);
  const toggle = useSettings((s) => s.toggleTheme);
  return (
    <ListRow
      icon={theme === 'dark' ? 'moon' : 'sun'}
      label={t('settings.theme')}
      value={<span data-testid="theme-value">{t(theme === 'dark' ? 'settings.dark' : 'settings.light')}</span>}
      onClick={toggle}
      testId="theme-toggle"
    />
  );
}
