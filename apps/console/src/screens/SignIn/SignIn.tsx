import { useLogin, useTranslate } from '@refinedev/core';
import { Alert, Button, Card, Form, Input, Layout, Typography } from 'antd';
import { useState } from 'react';
import type { SignInForm } from '../../providers/authProvider.ts';
import { LanguagePicker } from '../../components/LanguagePicker.tsx';

/** Password and a two-factor code, or one recovery code when the authenticator is lost. */
export function SignIn() {
  const t = useTranslate();
  const { mutate: login, isPending } = useLogin<SignInForm>();
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = (form: SignInForm) => {
    setError(null);
    login(recovery ? { ...form, code: undefined } : { ...form, recoveryCode: undefined }, {
      onSuccess: (result) => {
        if (!result.success) setError(t('signIn.failed', { message: result.error?.message ?? '' }));
      },
    });
  };

  return (
    <Layout style={{ minHeight: '100vh', alignItems: 'center', justifyContent: 'center', padding: 16 }}>
      <Card style={{ width: '100%', maxWidth: 400 }} title={t('signIn.title')} extra={<LanguagePicker />}>
        <Form layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item name="login" label={t('signIn.login')} rules={[{ required: true }]}>
            <Input autoComplete="username" autoFocus data-testid="login" />
          </Form.Item>
          <Form.Item name="password" label={t('signIn.password')} rules={[{ required: true }]}>
            <Input.Password autoComplete="current-password" data-testid="password" />
          </Form.Item>
          {recovery ? (
            <Form.Item name="recoveryCode" label={t('signIn.recoveryCode')} rules={[{ required: true }]}>
              <Input autoComplete="off" data-testid="recovery-code" />
            </Form.Item>
          ) : (
            <Form.Item name="code" label={t('signIn.code')} rules={[{ required: true, pattern: /^\d{6}$/ }]}>
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} data-testid="code" />
            </Form.Item>
          )}
          {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} data-testid="sign-in-error" />}
          <Button type="primary" htmlType="submit" block loading={isPending} data-testid="sign-in">
            {t('signIn.submit')}
          </Button>
          <Typography.Link style={{ display: 'block', marginTop: 12 }} onClick={() => setRecovery(!recovery)}>
            {recovery ? t('signIn.useCode') : t('signIn.useRecovery')}
          </Typography.Link>
        </Form>
      </Card>
    </Layout>
  );
}
