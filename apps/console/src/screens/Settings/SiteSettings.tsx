import { usePermissions, useTranslate } from '@refinedev/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Form, Input, Row, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { call, type Response } from '../../api/opsClient.ts';
import { PageState } from '../../components/PageState.tsx';
import { useSaveWithMessage } from '../../components/submitting.ts';
import { mayCall } from '../../state/me.ts';
import { required } from './shared.tsx';

type Settings = Response<'site', 'settings'>;
type BuyLink = Settings['items']['buyCryptoLinks'][number];
type AppDownload = Settings['items']['appDownload'];

const SETTINGS_KEY = ['ops', 'site', 'settings'] as const;

/** The same rule the server applies: an https address, or a path on this server (an APK served beside the app). */
const LINK = /^https:\/\/[^\s"'<>]+$|^\/(?!\/)[^\s"'<>]*$/i;

/**
 * The public site settings operators change, one form per setting: saving one moves the configuration
 * version, so players' apps pick it up at their next configSync, without a restart.
 */
export default function SiteSettings() {
  const t = useTranslate();
  const { data: permissions } = usePermissions<string[]>({});
  const settings = useQuery({ queryKey: SETTINGS_KEY, queryFn: () => call('site', 'settings', {}) });
  const editable = mayCall(permissions, 'site.config');
  return (
    <div data-testid="site-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('settings.site.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('settings.site.hint')} {settings.data && t('settings.site.version', { version: settings.data.version })}
      </Typography.Paragraph>
      <PageState loading={settings.isLoading} error={settings.error} onRetry={() => void settings.refetch()}>
        {settings.data && (
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={14}>
              <BuyCryptoLinks value={settings.data.items.buyCryptoLinks} editable={editable} />
            </Col>
            <Col xs={24} xl={10}>
              <AppDownloadForm value={settings.data.items.appDownload} editable={editable} />
            </Col>
          </Row>
        )}
      </PageState>
    </div>
  );
}

function useSave() {
  const t = useTranslate();
  const client = useQueryClient();
  const { busy, save: run } = useSaveWithMessage();
  const save = (body: Parameters<typeof call<'site', 'config'>>[2]) =>
    run(async () => {
      const saved = await call('site', 'config', body);
      void client.invalidateQueries({ queryKey: SETTINGS_KEY });
      return t('settings.site.saved', { version: saved.version });
    });
  return { busy, save };
}

function BuyCryptoLinks({ value, editable }: { value: BuyLink[]; editable: boolean }) {
  const t = useTranslate();
  const [form] = Form.useForm<{ links: BuyLink[] }>();
  const { busy, save } = useSave();
  // Only a change of this setting resets its form: saving the other setting leaves unsaved edits here alone.
  const saved = JSON.stringify(value);
  useEffect(() => form.setFieldsValue({ links: JSON.parse(saved) }), [form, saved]);
  const linkRule = { pattern: LINK, message: t('settings.site.linkRule') };
  return (
    <Card title={t('settings.site.buyCrypto')} size="small" data-testid="site-buy-crypto">
      <Typography.Paragraph type="secondary">{t('settings.site.buyCryptoHint')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        disabled={!editable}
        initialValues={{ links: value }}
        onFinish={(values) =>
          void save({
            key: 'buyCryptoLinks',
            value: (values.links ?? []).map((link) => ({
              name: link.name.trim(),
              url: link.url.trim(),
              ...(link.note?.trim() ? { note: link.note.trim() } : {}),
            })),
          })
        }
      >
        <Form.List name="links">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Row key={field.key} gutter={8} wrap={false} align="top">
                  <Col flex="140px">
                    <Form.Item name={[field.name, 'name']} rules={[required(t('settings.required')), { max: 60 }]}>
                      <Input placeholder={t('settings.site.exchange')} />
                    </Form.Item>
                  </Col>
                  <Col flex="auto">
                    <Form.Item name={[field.name, 'url']} rules={[required(t('settings.required')), linkRule, { max: 2000 }]}>
                      <Input placeholder="https://" />
                    </Form.Item>
                  </Col>
                  <Col flex="160px">
                    <Form.Item name={[field.name, 'note']} rules={[{ max: 120 }]}>
                      <Input placeholder={t('settings.site.note')} />
                    </Form.Item>
                  </Col>
                  <Col flex="none">
                    <Button onClick={() => remove(field.name)} aria-label={t('settings.site.remove')}>
                      ×
                    </Button>
                  </Col>
                </Row>
              ))}
              <Space>
                <Button onClick={() => add({ name: '', url: '' })} disabled={fields.length >= 12}>
                  {t('settings.site.addLink')}
                </Button>
                <Button type="primary" htmlType="submit" loading={busy} data-testid="save-buy-crypto">
                  {t('common.save')}
                </Button>
              </Space>
            </>
          )}
        </Form.List>
      </Form>
    </Card>
  );
}

function AppDownloadForm({ value, editable }: { value: AppDownload; editable: boolean }) {
  const t = useTranslate();
  const [form] = Form.useForm<{ androidApkUrl?: string | null; androidVersion?: string | null; iosAppUrl?: string | null }>();
  const { busy, save } = useSave();
  const saved = JSON.stringify(value);
  useEffect(() => form.setFieldsValue(JSON.parse(saved)), [form, saved]);
  const linkRule = { pattern: LINK, message: t('settings.site.linkRule') };
  const orNull = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);
  return (
    <Card title={t('settings.site.appDownload')} size="small" data-testid="site-app-download">
      <Typography.Paragraph type="secondary">{t('settings.site.appDownloadHint')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        disabled={!editable}
        initialValues={value}
        onFinish={(values) =>
          void save({
            key: 'appDownload',
            value: { androidApkUrl: orNull(values.androidApkUrl), androidVersion: orNull(values.androidVersion), iosAppUrl: orNull(values.iosAppUrl) },
          })
        }
      >
        <Form.Item name="androidApkUrl" label={t('settings.site.androidApkUrl')} rules={[linkRule, { max: 2000 }]} extra={t('settings.site.emptyNone')}>
          <Input placeholder="https:// or /downloads/app.apk" data-testid="android-apk-url" />
        </Form.Item>
        <Form.Item name="androidVersion" label={t('settings.site.androidVersion')} rules={[{ max: 40 }]}>
          <Input placeholder="1.4.0" />
        </Form.Item>
        <Form.Item name="iosAppUrl" label={t('settings.site.iosAppUrl')} rules={[linkRule, { max: 2000 }]}>
          <Input placeholder="https://apps.apple.com/…" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="save-app-download">
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  );
}
