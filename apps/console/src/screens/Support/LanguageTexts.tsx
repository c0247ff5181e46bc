import type { Language } from '@lobby/contract';
import { useTranslate } from '@refinedev/core';
import { Alert, Checkbox, Form, Input, Tabs, Typography } from 'antd';

/** The players' eight languages, by their own names (the contract's list; English is the default). */
export const PLAYER_LANGUAGES = [
  ['en_US', 'English'],
  ['zh_CN', '简体中文'],
  ['zh_TW', '繁體中文'],
  ['pt_BR', 'Português'],
  ['vi_VN', 'Tiếng Việt'],
  ['id_ID', 'Bahasa Indonesia'],
  ['th_TH', 'ไทย'],
  ['ar_EG', 'العربية'],
] as const satisfies readonly (readonly [Language, string])[];

export const DEFAULT_TEXT_LANGUAGE: Language = 'en_US';
const NAME = Object.fromEntries(PLAYER_LANGUAGES) as Record<Language, string>;

export type Texts = Partial<Record<Language, { title: string; content: string }>>;

export function emptyTexts(): Texts {
  return { [DEFAULT_TEXT_LANGUAGE]: { title: '', content: '' } };
}

/** Whether the default language has both a title and a text (the server needs all eight; the rest are filled from it). */
export function defaultTextGiven(texts: Texts): boolean {
  const main = texts[DEFAULT_TEXT_LANGUAGE];
  return !!main && main.title.trim() !== '' && main.content.trim() !== '';
}

/** All eight languages for the call: each language written as given, every other one the default's text. */
export function everyLanguage(texts: Texts): { title: Record<Language, string>; content: Record<Language, string> } {
  const main = texts[DEFAULT_TEXT_LANGUAGE] ?? { title: '', content: '' };
  const title = {} as Record<Language, string>;
  const content = {} as Record<Language, string>;
  for (const [lang] of PLAYER_LANGUAGES) {
    const own = texts[lang];
    title[lang] = own?.title.trim() ? own.title.trim() : main.title.trim();
    content[lang] = own?.content.trim() ? own.content.trim() : main.content.trim();
  }
  return { title, content };
}

/**
 * A title and a text in one or more of the players' languages: the default language always, the
 * others when the member ticks them; the ones left out are sent with the default's words.
 */
export function LanguageTexts({
  value,
  onChange,
  titleMax,
  contentMax,
  showError,
}: {
  value: Texts;
  onChange: (next: Texts) => void;
  titleMax: number;
  contentMax: number;
  showError?: boolean;
}) {
  const t = useTranslate();
  const chosen = PLAYER_LANGUAGES.map(([lang]) => lang).filter((lang) => value[lang] !== undefined);
  const setLanguages = (languages: Language[]) => {
    const next: Texts = {};
    for (const lang of new Set<Language>([DEFAULT_TEXT_LANGUAGE, ...languages])) next[lang] = value[lang] ?? { title: '', content: '' };
    onChange(next);
  };
  const setText = (lang: Language, field: 'title' | 'content', text: string) =>
    onChange({ ...value, [lang]: { ...(value[lang] ?? { title: '', content: '' }), [field]: text } });

  return (
    <div data-testid="language-texts">
      <Form.Item label={t('support.languages.write')} style={{ marginBottom: 8 }}>
        <Checkbox.Group
          value={chosen}
          onChange={(languages) => setLanguages(languages as Language[])}
          options={PLAYER_LANGUAGES.map(([lang, name]) => ({
            value: lang,
            label: lang === DEFAULT_TEXT_LANGUAGE ? t('support.languages.defaultRequired', { language: name }) : name,
            disabled: lang === DEFAULT_TEXT_LANGUAGE,
          }))}
        />
      </Form.Item>
      <Alert type="info" showIcon style={{ marginBottom: 8 }} message={t('support.languages.fillNote', { language: NAME[DEFAULT_TEXT_LANGUAGE] })} />
      <Tabs
        size="small"
        items={chosen.map((lang) => ({
          key: lang,
          label: NAME[lang],
          forceRender: true,
          children: (
            <div dir={lang === 'ar_EG' ? 'rtl' : undefined}>
              <Form.Item
                label={t('support.languages.title')}
                required={lang === DEFAULT_TEXT_LANGUAGE}
                validateStatus={showError && lang === DEFAULT_TEXT_LANGUAGE && !value[lang]?.title.trim() ? 'error' : undefined}
                style={{ marginBottom: 8 }}
              >
                <Input
                  value={value[lang]?.title ?? ''}
                  maxLength={titleMax}
                  onChange={(event) => setText(lang, 'title', event.target.value)}
                  data-testid={`text-title-${lang}`}
                />
              </Form.Item>
              <Form.Item
                label={t('support.languages.content')}
                required={lang === DEFAULT_TEXT_LANGUAGE}
                validateStatus={showError && lang === DEFAULT_TEXT_LANGUAGE && !value[lang]?.content.trim() ? 'error' : undefined}
                help={showError && lang === DEFAULT_TEXT_LANGUAGE && !defaultTextGiven(value) ? t('support.languages.titleRequired') : undefined}
                style={{ marginBottom: 8 }}
              >
                <Input.TextArea
                  value={value[lang]?.content ?? ''}
                  maxLength={contentMax}
                  autoSize={{ minRows: 3, maxRows: 10 }}
                  onChange={(event) => setText(lang, 'content', event.target.value)}
                  data-testid={`text-content-${lang}`}
                />
              </Form.Item>
            </div>
          ),
        }))}
      />
    </div>
  );
}

/** A sent title and text in each of its languages, one under the other (right to left where the language reads so). */
export function LanguageTextsView({ title, content }: { title: Record<string, string>; content: Record<string, string> }) {
  return (
    <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {Object.entries(title).map(([lang, text]) => (
        <div key={lang} style={{ marginBottom: 6 }} dir={lang === 'ar_EG' ? 'rtl' : undefined}>
          <Typography.Text code>{lang}</Typography.Text> <Typography.Text strong>{text}</Typography.Text>
          <div>{content[lang]}</div>
        </div>
      ))}
    </div>
  );
}
