import { useGetLocale, useSetLocale, useTranslate } from '@refinedev/core';
import { Select } from 'antd';

/** English or Simplified Chinese, kept for this browser. */
export function LanguagePicker() {
  const t = useTranslate();
  const locale = useGetLocale()();
  const setLocale = useSetLocale();
  return (
    <Select
      size="small"
      value={locale}
      aria-label={t('app.language')}
      onChange={(next) => setLocale(next)}
      options={[
        { value: 'en', label: 'English' },
        { value: 'zh', label: '简体中文' },
      ]}
      data-testid="language"
    />
  );
}
