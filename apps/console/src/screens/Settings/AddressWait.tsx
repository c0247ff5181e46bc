import { ADDRESS_WAIT_MAX_HOURS } from '@lobby/contract';
import { usePermissions, useTranslate } from '@refinedev/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, InputNumber, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { call } from '../../api/opsClient.ts';
import { PageState } from '../../components/PageState.tsx';
import { useSaveWithMessage } from '../../components/submitting.ts';
import { mayCall } from '../../state/me.ts';

const SECURITY_KEY = ['ops', 'accountSecurity', 'settings'] as const;

/**
 * PROTECTION.md "Account security": a withdrawal address a player adds (or types in) waits this many
 * hours before withdrawals may use it, so whoever takes over an account cannot empty it at once. The
 * change applies at once, to addresses already waiting too.
 */
export default function AddressWait() {
  const t = useTranslate();
  const { data: permissions } = usePermissions<string[]>({});
  const editable = mayCall(permissions, 'accountSecurity.setAddressWait');
  const settings = useQuery({ queryKey: SECURITY_KEY, queryFn: () => call('accountSecurity', 'settings', {}) });
  return (
    <Card title={t('settings.addressWait.title')} size="small" data-testid="site-address-wait" style={{ marginTop: 16 }}>
      <Typography.Paragraph type="secondary">{t('settings.addressWait.hint', { max: ADDRESS_WAIT_MAX_HOURS })}</Typography.Paragraph>
      <PageState loading={settings.isLoading} error={settings.error} onRetry={() => void settings.refetch()}>
        {settings.data && <AddressWaitForm hours={settings.data.addressWaitHours} editable={editable} />}
      </PageState>
    </Card>
  );
}

function AddressWaitForm({ hours, editable }: { hours: number; editable: boolean }) {
  const t = useTranslate();
  const client = useQueryClient();
  const [form] = Form.useForm<{ hours: number }>();
  const { busy, save } = useSaveWithMessage();
  useEffect(() => form.setFieldsValue({ hours }), [form, hours]);

  const submit = (values: { hours: number }) =>
    void save(async () => {
      const result = await call('accountSecurity', 'setAddressWait', { hours: values.hours });
      client.setQueryData(SECURITY_KEY, result);
      return result.addressWaitHours === 0 ? t('settings.addressWait.savedNone') : t('settings.addressWait.saved', { hours: result.addressWaitHours });
    });

  return (
    <Form form={form} layout="inline" disabled={!editable} initialValues={{ hours }} onFinish={submit}>
      <Form.Item
        name="hours"
        label={t('settings.addressWait.label')}
        rules={[
          { required: true, type: 'integer', min: 0, max: ADDRESS_WAIT_MAX_HOURS, message: t('settings.addressWait.range', { max: ADDRESS_WAIT_MAX_HOURS }) },
        ]}
      >
        <InputNumber precision={0} addonAfter={t('settings.addressWait.unit')} data-testid="address-wait-hours" />
      </Form.Item>
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="save-address-wait">
          {t('common.save')}
        </Button>
      </Space>
    </Form>
  );
}
