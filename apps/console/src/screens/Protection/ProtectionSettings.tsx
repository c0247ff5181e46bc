import { usePermissions, useTranslate } from '@refinedev/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, InputNumber, Select, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { call, type Response } from '../../api/opsClient.ts';
import { PageState } from '../../components/PageState.tsx';
import { useSaveWithMessage } from '../../components/submitting.ts';
import { mayCall } from '../../state/me.ts';

type Settings = Response<'protection', 'settings'>['settings'];

const SETTINGS_KEY = ['ops', 'protection', 'settings'] as const;
const REALITY_CHECK_MINUTES = [0, 15, 30, 60] as const;
/** The contract's rule for the fallback rate: up to 6 digits, up to 6 decimals, above zero. */
const RATE = /^\d{1,6}(\.\d{1,6})?$/;

/** The IANA zones this browser knows, with the zone in force kept even if the browser does not list it. */
function zoneOptions(current: string): { value: string; label: string }[] {
  const zones = new Set<string>(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []);
  zones.add('UTC');
  zones.add(current);
  return [...zones].sort().map((zone) => ({ value: zone, label: zone }));
}

/**
 * PROTECTION.md's operator choices: the zone limit periods run in, the default reality-check interval,
 * the cooling-off of a raised limit and of a return from self-exclusion, and the TRX rate limits fall
 * back on. Whoever reads players sees them; site.config changes them, at once on every instance.
 */
export default function ProtectionSettings() {
  const t = useTranslate();
  const { data: permissions } = usePermissions<string[]>({});
  const editable = mayCall(permissions, 'protection.setSettings');
  const client = useQueryClient();
  const { message } = App.useApp();
  const { busy, save } = useSaveWithMessage();
  const [form] = Form.useForm<Settings>();
  const query = useQuery({ queryKey: SETTINGS_KEY, queryFn: () => call('protection', 'settings', {}) });
  const settings = query.data?.settings;
  const saved = JSON.stringify(settings ?? null);
  // Only a change of the saved settings resets the form: a refetch of the same ones leaves edits alone.
  useEffect(() => {
    if (saved !== 'null') form.setFieldsValue(JSON.parse(saved));
  }, [form, saved]);
  const zones = useMemo(() => zoneOptions(settings?.periodZone ?? 'Asia/Shanghai'), [settings?.periodZone]);

  const submit = (values: Settings) => {
    if (!settings) return;
    const next = { ...values, fallbackTrxPerUsdt: values.fallbackTrxPerUsdt.trim() };
    const changes = Object.fromEntries(Object.entries(next).filter(([key, value]) => settings[key as keyof Settings] !== value)) as Partial<Settings>;
    if (Object.keys(changes).length === 0) {
      message.info(t('protection.settings.unchanged'));
      return;
    }
    void save(async () => {
      const answer = await call('protection', 'setSettings', { settings: changes });
      client.setQueryData(SETTINGS_KEY, answer);
      return t('protection.settings.saved');
    });
  };

  return (
    <div data-testid="protection-settings">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('protection.settings.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('protection.settings.hint')}</Typography.Paragraph>
      <PageState loading={query.isLoading} error={query.error} onRetry={() => void query.refetch()}>
        {settings && (
          <Card size="small" style={{ maxWidth: 720 }}>
            {!editable && (
              <Alert
                type="info"
                showIcon
                message={t('protection.settings.readOnly')}
                style={{ marginBottom: 12 }}
                data-testid="protection-settings-read-only"
              />
            )}
            <Form<Settings> form={form} layout="vertical" disabled={!editable} initialValues={settings} onFinish={submit}>
              <Form.Item
                name="periodZone"
                label={t('protection.settings.periodZone')}
                extra={t('protection.settings.periodZoneHint')}
                rules={[{ required: true, message: t('protection.settings.required') }]}
              >
                <Select showSearch options={zones} optionFilterProp="label" style={{ maxWidth: 360 }} data-testid="period-zone" />
              </Form.Item>
              <Form.Item
                name="realityCheckDefaultMinutes"
                label={t('protection.settings.realityCheckDefault')}
                extra={t('protection.settings.realityCheckDefaultHint')}
                rules={[{ required: true }]}
              >
                <Select
                  style={{ maxWidth: 240 }}
                  options={REALITY_CHECK_MINUTES.map((minutes) => ({
                    value: minutes,
                    label: minutes === 0 ? t('protection.off') : t('protection.minutes', { minutes }),
                  }))}
                  data-testid="reality-check-default"
                />
              </Form.Item>
              <Form.Item
                name="coolingOffHours"
                label={t('protection.settings.coolingOffHours')}
                extra={t('protection.settings.coolingOffHoursHint')}
                rules={[{ required: true, type: 'integer', min: 24, max: 168, message: t('protection.settings.coolingOffHoursHint') }]}
              >
                <InputNumber min={24} max={168} precision={0} style={{ width: 160 }} data-testid="cooling-off-hours" />
              </Form.Item>
              <Form.Item
                name="returnCoolingOffDays"
                label={t('protection.settings.returnCoolingOffDays')}
                extra={t('protection.settings.returnCoolingOffDaysHint')}
                rules={[{ required: true, type: 'integer', min: 7, max: 90, message: t('protection.settings.returnCoolingOffDaysHint') }]}
              >
                <InputNumber min={7} max={90} precision={0} style={{ width: 160 }} data-testid="return-cooling-off-days" />
              </Form.Item>
              <Form.Item
                name="fallbackTrxPerUsdt"
                label={t('protection.settings.fallbackTrxPerUsdt')}
                extra={t('protection.settings.fallbackTrxPerUsdtHint')}
                rules={[
                  { required: true, message: t('protection.settings.required') },
                  {
                    validator: async (_, value: string | undefined) => {
                      const text = value?.trim() ?? '';
                      if (text && (!RATE.test(text) || /^[0.]+$/.test(text))) throw new Error(t('protection.settings.fallbackRule'));
                    },
                  },
                ]}
              >
                <Input inputMode="decimal" autoComplete="off" style={{ width: 160 }} data-testid="fallback-trx-per-usdt" />
              </Form.Item>
              {editable && (
                <Button type="primary" htmlType="submit" loading={busy} data-testid="save-protection-settings">
                  {t('common.save')}
                </Button>
              )}
            </Form>
          </Card>
        )}
      </PageState>
    </div>
  );
}
