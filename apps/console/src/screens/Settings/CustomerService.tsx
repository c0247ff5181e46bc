import { usePermissions, useTranslate } from '@refinedev/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Form, Input, Row, Select, Space, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { call, type Request, type Response } from '../../api/opsClient.ts';
import { PageState } from '../../components/PageState.tsx';
import { useSaveWithMessage } from '../../components/submitting.ts';
import { mayCall } from '../../state/me.ts';
import { required } from './shared.tsx';

type Contact = Response<'site', 'customerService'>['list'][number];
type Entry = Request<'site', 'setCustomerService'>['list'][number];

/** The kinds the player app has an icon and a word for (the contract's list). */
const KINDS = ['online', 'telegram', 'whatsapp', 'official', 'skype'] as const satisfies readonly Entry['kind'][];

const CONTACTS_KEY = ['ops', 'site', 'customerService'] as const;
/** The server's limit on the list. */
const MAX = 20;
/** The same rule the server applies: an https address, or a path of the player app such as /chat. */
const LINK = /^https:\/\/[^\s"'<>]+$|^\/(?!\/)[^\s"'<>]*$/i;

/**
 * The customer-service contacts the player app's service screen lists, in this order: a kind, a name in
 * English (and Chinese), the address it opens, and a switch. Saving replaces the whole list; players see
 * it on their next visit to the screen. Names in other languages are kept as they are.
 */
export default function CustomerService() {
  const t = useTranslate();
  const { data: permissions } = usePermissions<string[]>({});
  const editable = mayCall(permissions, 'site.setCustomerService');
  const contacts = useQuery({ queryKey: CONTACTS_KEY, queryFn: () => call('site', 'customerService', {}) });
  return (
    <Card title={t('settings.contacts.title')} size="small" data-testid="site-customer-service" style={{ marginTop: 16 }}>
      <Typography.Paragraph type="secondary">{t('settings.contacts.hint', { max: MAX })}</Typography.Paragraph>
      <PageState loading={contacts.isLoading} error={contacts.error} onRetry={() => void contacts.refetch()}>
        {contacts.data && <ContactsForm value={contacts.data.list} editable={editable} />}
      </PageState>
    </Card>
  );
}

function ContactsForm({ value, editable }: { value: Contact[]; editable: boolean }) {
  const t = useTranslate();
  const client = useQueryClient();
  const [form] = Form.useForm<{ list: Entry[] }>();
  const { busy, save } = useSaveWithMessage();
  const saved = JSON.stringify(value.map(({ kind, name, url, enabled }) => ({ kind, name, url, enabled })));
  useEffect(() => form.setFieldsValue({ list: JSON.parse(saved) }), [form, saved]);
  const linkRule = { pattern: LINK, message: t('settings.contacts.linkRule') };
  const kinds = KINDS.map((kind) => ({ value: kind, label: t(`settings.contacts.kind.${kind}`) }));

  const submit = () => {
    // Every field, the names in languages this form does not show included.
    const list = ((form.getFieldsValue(true) as { list?: Entry[] }).list ?? []).map((entry) => {
      const name: Record<string, string> = {};
      for (const [language, text] of Object.entries(entry.name ?? {})) if (typeof text === 'string' && text.trim()) name[language] = text.trim();
      return { kind: entry.kind, name: name as Entry['name'], url: entry.url.trim(), enabled: entry.enabled !== false };
    });
    void save(async () => {
      const result = await call('site', 'setCustomerService', { list });
      client.setQueryData(CONTACTS_KEY, result);
      return t('settings.contacts.saved', { count: result.list.filter((entry) => entry.enabled).length });
    });
  };

  return (
    <Form form={form} disabled={!editable} initialValues={{ list: JSON.parse(saved) }} onFinish={submit}>
      <Form.List
        name="list"
        rules={[
          {
            validator: async (_, list: unknown[] | undefined) => {
              if (!list || list.length === 0) throw new Error(t('settings.contacts.atLeastOne'));
            },
          },
        ]}
      >
        {(fields, { add, remove, move }, { errors }) => (
          <>
            {fields.length === 0 && <Empty description={t('settings.contacts.none')} image={Empty.PRESENTED_IMAGE_SIMPLE} />}
            {fields.map((field, index) => (
              <Row key={field.key} gutter={8} wrap={false} align="top" data-testid={`contact-${index}`}>
                <Col flex="0 0 120px">
                  <Form.Item name={[field.name, 'kind']} rules={[required(t('settings.required'))]}>
                    <Select options={kinds} aria-label={t('settings.contacts.kindLabel')} data-testid="contact-kind" />
                  </Form.Item>
                </Col>
                <Col flex="1 1 120px">
                  <Form.Item name={[field.name, 'name', 'en_US']} rules={[required(t('settings.required')), { max: 60 }]}>
                    <Input placeholder={t('settings.contacts.nameEn')} data-testid="contact-name-en" />
                  </Form.Item>
                </Col>
                <Col flex="1 1 100px">
                  <Form.Item name={[field.name, 'name', 'zh_CN']} rules={[{ max: 60 }]}>
                    <Input placeholder={t('settings.contacts.nameZh')} data-testid="contact-name-zh" />
                  </Form.Item>
                </Col>
                <Col flex="2 1 160px">
                  <Form.Item name={[field.name, 'url']} rules={[required(t('settings.required')), linkRule, { max: 2000 }]}>
                    <Input placeholder="https:// or /chat" data-testid="contact-url" />
                  </Form.Item>
                </Col>
                <Col flex="none">
                  <Space size={4}>
                    <Form.Item name={[field.name, 'enabled']} valuePropName="checked">
                      <Switch aria-label={t('settings.contacts.enabled')} data-testid="contact-enabled" />
                    </Form.Item>
                    <Form.Item>
                      <Button onClick={() => move(index, index - 1)} disabled={index === 0} aria-label={t('settings.contacts.up')}>
                        ↑
                      </Button>
                    </Form.Item>
                    <Form.Item>
                      <Button onClick={() => move(index, index + 1)} disabled={index === fields.length - 1} aria-label={t('settings.contacts.down')}>
                        ↓
                      </Button>
                    </Form.Item>
                    <Form.Item>
                      <Button onClick={() => remove(field.name)} aria-label={t('settings.site.remove')} data-testid="contact-remove">
                        ×
                      </Button>
                    </Form.Item>
                  </Space>
                </Col>
              </Row>
            ))}
            <Form.ErrorList errors={errors} />
            <Space wrap>
              <Button
                onClick={() => add({ kind: 'official', name: { en_US: '' }, url: '', enabled: true })}
                disabled={fields.length >= MAX}
                data-testid="contact-add"
              >
                {t('settings.contacts.add')}
              </Button>
              <Button type="primary" htmlType="submit" loading={busy} data-testid="save-customer-service">
                {t('common.save')}
              </Button>
            </Space>
          </>
        )}
      </Form.List>
    </Form>
  );
}
