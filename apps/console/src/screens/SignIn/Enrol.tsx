import { useTranslate } from '@refinedev/core';
import { Alert, Button, Card, Form, Input, Layout, List, Steps, Typography } from 'antd';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { opsCall, type Response } from '../../api/opsClient.ts';
import { useErrorText } from '../../components/PageState.tsx';
import { LanguagePicker } from '../../components/LanguagePicker.tsx';

/**
 * The one-time link's page (`/console/enrol#token`): set a password, add the TOTP secret to an
 * authenticator and prove it with a first code, then keep the ten recovery codes shown once.
 */
export default function Enrol() {
  const t = useTranslate();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const token = location.hash.replace(/^#/, '');
  const [step, setStep] = useState(0);
  const [secret, setSecret] = useState<Response<'auth', 'enrol'> | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (secret) void QRCode.toDataURL(secret.otpauthUri, { margin: 1, width: 200 }).then(setQr);
  }, [secret]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (refused) {
      setError(errorText(refused));
    } finally {
      setBusy(false);
    }
  };

  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) {
    return (
      <Layout style={{ minHeight: '100vh', alignItems: 'center', justifyContent: 'center', padding: 16 }}>
        <Alert type="error" showIcon message={t('signIn.badLink')} />
      </Layout>
    );
  }

  return (
    <Layout style={{ minHeight: '100vh', alignItems: 'center', justifyContent: 'center', padding: 16 }}>
      <Card style={{ width: '100%', maxWidth: 520 }} title={t('signIn.enrolTitle')} extra={<LanguagePicker />}>
        <Steps
          size="small"
          current={step}
          items={[{ title: t('signIn.password') }, { title: t('signIn.code') }, { title: t('signIn.recoveryCode') }]}
          style={{ marginBottom: 24 }}
        />
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} data-testid="enrol-error" />}
        {step === 0 && (
          <Form
            layout="vertical"
            requiredMark={false}
            onFinish={(form: { password: string }) =>
              run(async () => {
                setSecret(await opsCall<Response<'auth', 'enrol'>>('/ops/v1/auth/enrol', { token, password: form.password }));
                setStep(1);
              })
            }
          >
            <Typography.Paragraph>{t('signIn.enrolIntro')}</Typography.Paragraph>
            <Form.Item name="password" label={t('signIn.newPassword')} rules={[{ required: true, min: 12 }]}>
              <Input.Password autoComplete="new-password" data-testid="new-password" />
            </Form.Item>
            <Form.Item
              name="repeat"
              label={t('signIn.repeatPassword')}
              dependencies={['password']}
              rules={[
                { required: true },
                ({ getFieldValue }) => ({
                  validator: (_, value) => (value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('signIn.mismatch')))),
                }),
              ]}
            >
              <Input.Password autoComplete="new-password" data-testid="repeat-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy} block data-testid="enrol-next">
              {t('signIn.next')}
            </Button>
          </Form>
        )}
        {step === 1 && secret && (
          <Form
            layout="vertical"
            requiredMark={false}
            onFinish={(form: { code: string }) =>
              run(async () => {
                const confirmed = await opsCall<Response<'auth', 'confirmEnrolment'>>('/ops/v1/auth/confirmEnrolment', { token, code: form.code.trim() });
                setCodes(confirmed.recoveryCodes);
                setStep(2);
              })
            }
          >
            <Typography.Paragraph>{t('signIn.scan')}</Typography.Paragraph>
            {qr && <img src={qr} alt="" width={200} height={200} style={{ display: 'block', margin: '0 auto 12px' }} />}
            <Typography.Paragraph>
              {t('signIn.secret')}:{' '}
              <Typography.Text code copyable data-testid="totp-secret">
                {secret.secret}
              </Typography.Text>
            </Typography.Paragraph>
            <Form.Item name="code" label={t('signIn.code')} rules={[{ required: true, pattern: /^\d{6}$/ }]}>
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} data-testid="enrol-code" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy} block data-testid="enrol-confirm">
              {t('signIn.confirmCode')}
            </Button>
          </Form>
        )}
        {step === 2 && (
          <>
            <Typography.Title level={5}>{t('signIn.recoveryTitle')}</Typography.Title>
            <Typography.Paragraph>{t('signIn.recoveryIntro')}</Typography.Paragraph>
            <List
              bordered
              size="small"
              dataSource={codes}
              grid={{ column: 2 }}
              renderItem={(code) => (
                <List.Item>
                  <Typography.Text code data-testid="recovery-code">
                    {code}
                  </Typography.Text>
                </List.Item>
              )}
            />
            <Button type="primary" block style={{ marginTop: 16 }} onClick={() => navigate('/sign-in')} data-testid="enrol-done">
              {t('signIn.done')}
            </Button>
          </>
        )}
      </Card>
    </Layout>
  );
}
