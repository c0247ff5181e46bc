import { COUNTRY_CODES } from '@lobby/contract';
import { useGetLocale, usePermissions, useTranslate } from '@refinedev/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Select, Space, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { call } from '../../api/opsClient.ts';
import { countryName } from '../../components/countries.ts';
import { PageState } from '../../components/PageState.tsx';
import { useSaveWithMessage } from '../../components/submitting.ts';
import { mayCall } from '../../state/me.ts';

const BLOCKED_KEY = ['ops', 'site', 'blockedCountries'] as const;

/**
 * PROTECTION.md "Jurisdictions": the countries whose requests are refused registration, sign-in,
 * deposit addresses, bets and game entry (withdrawals stay open). Countries are picked by name in the
 * console's language or by code; saving replaces the list, and every server refuses them at once.
 */
export default function BlockedCountries() {
  const t = useTranslate();
  const { data: permissions } = usePermissions<string[]>({});
  const editable = mayCall(permissions, 'site.setBlockedCountries');
  const blocked = useQuery({ queryKey: BLOCKED_KEY, queryFn: () => call('site', 'blockedCountries', {}) });
  return (
    <Card title={t('settings.jurisdiction.title')} size="small" data-testid="site-blocked-countries" style={{ marginTop: 16 }}>
      <Typography.Paragraph type="secondary">{t('settings.jurisdiction.hint')}</Typography.Paragraph>
      <PageState loading={blocked.isLoading} error={blocked.error} onRetry={() => void blocked.refetch()}>
        {blocked.data && <CountriesForm value={blocked.data.countries} editable={editable} />}
      </PageState>
    </Card>
  );
}

function CountriesForm({ value, editable }: { value: string[]; editable: boolean }) {
  const t = useTranslate();
  const locale = useGetLocale()() ?? 'en';
  const client = useQueryClient();
  const [form] = Form.useForm<{ countries: string[] }>();
  const { busy, save } = useSaveWithMessage();
  const saved = value.join(',');
  useEffect(() => form.setFieldsValue({ countries: saved ? saved.split(',') : [] }), [form, saved]);
  const options = useMemo(
    () =>
      COUNTRY_CODES.map((code) => ({ value: code, label: `${countryName(code, locale)} (${code})` })).sort((a, b) =>
        a.label.localeCompare(b.label, locale === 'zh' ? 'zh-CN' : 'en'),
      ),
    [locale],
  );

  const submit = ({ countries }: { countries: string[] }) =>
    void save(async () => {
      const result = await call('site', 'setBlockedCountries', { countries: countries ?? [] });
      client.setQueryData(BLOCKED_KEY, result);
      return result.countries.length === 0 ? t('settings.jurisdiction.savedNone') : t('settings.jurisdiction.saved', { count: result.countries.length });
    });

  return (
    <Form form={form} layout="vertical" disabled={!editable} initialValues={{ countries: value }} onFinish={submit}>
      <Form.Item name="countries" label={t('settings.jurisdiction.label')}>
        <Select
          mode="multiple"
          allowClear
          showSearch
          options={options}
          optionFilterProp="label"
          placeholder={t('settings.jurisdiction.placeholder')}
          notFoundContent={t('settings.jurisdiction.noMatch')}
          aria-label={t('settings.jurisdiction.label')}
          data-testid="blocked-countries-select"
        />
      </Form.Item>
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="save-blocked-countries">
          {t('common.save')}
        </Button>
      </Space>
    </Form>
  );
}
