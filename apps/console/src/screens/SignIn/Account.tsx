import { useGetIdentity, useTranslate } from '@refinedev/core';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { opsCall } from '../../api/opsClient.ts';
import { useErrorText } from '../../components/PageState.tsx';

/** The member's own account: who they are, and a new password (their other sessions end). */
export default function Account() {
  const t = useTranslate();
  const errorText = useErrorText();
  const { data: identity } = useGetIdentity<{ name: string }>();
  const [form] = Form.useForm();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = async (values: { oldPassword: string; newPassword: string }) => {
    try {
      await opsCall('/ops/v1/auth/changePassword', { oldPassword: values.oldPassword, newPassword: values.newPassword });
      form.resetFields();
      setResult({ ok: true, text: t('signIn.changed') });
    } catch (refused) {
      setResult({ ok: false, text: errorText(refused) });
    }
  };

  return (
    <Card title={t('nav.account')} style={{ maxWidth: 520 }}>
      <Typography.Paragraph>{identity ? t('app.signedInAs', { name: identity.name }) : null}</Typography.Paragraph>
      <Typography.Title level={5}>{t('signIn.changePassword')}</Typography.Title>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item name="oldPassword" label={t('signIn.oldPassword')} rules={[{ required: true }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="newPassword" label={t('signIn.newPassword')} rules={[{ required: true, min: 12 }]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        {result && <Alert type={result.ok ? 'success' : 'error'} showIcon message={result.text} style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit">
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  );
}
