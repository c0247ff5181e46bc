import { LANGUAGES } from '@lobby/contract';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';
import { Screen } from '../../components/Screen';
import { LANGUAGE_NAMES } from '../../i18n/languageNames';
import { useSettings } from '../../state/settings';
import { Pressable } from '../../components/Pressable';

export default function SetLangScreen() {
  const { t } = useTranslation();
  const language = useSettings((s) => s.language);
  const setLanguage = useSettings((s) => s.setLanguage);
  return (
    <Screen title={t('settings.language')} testId="set-lang" backHref="/menu">
      <div className="list-group__body" role="radiogroup" aria-label={t('settings.language')}>
        {LANGUAGES.map((lang) => (
          <Pressable
            key={lang}
            type="button"
            role="radio"
            aria-checked={lang === language}
            className={['list-row', lang === language ? 'is-selected' : ''].filter(Boolean).join(' ')}
            onClick={() => setLanguage(lang)}
            data-testid={`lang-option-${lang}`}
            lang={lang.replace('_', '-')}
          >
            <span className="list-row__label">{LANGUAGE_NAMES[lang]}</span>
            {lang === language && <Icon name="check" className="list-row__check" strokeWidth={2.6} />}
          </Pressable>
        ))}
      </div>
    </Screen>
  );
}
