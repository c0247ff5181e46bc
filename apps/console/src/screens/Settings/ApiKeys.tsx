import { usePermissions, useTranslate } from '@refinedev/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Col, Form, Input, InputNumber, Modal, Popconfirm, Row, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { call, type Response } from '../../api/opsClient.ts';
import { dateTime } from '../../components/format.ts';
import { PageState, useErrorText } from '../../components/PageState.tsx';
import { useSubmit } from '../../components/submitting.ts';
import { mayCall } from '../../state/me.ts';
import { PendingGrant, ShownOnce, required, useRefetchOnApproval, type ApprovalRequest } from './shared.tsx';

type KeyInfo = Response<'staff', 'keys'>['keys'][number];
type Created = Response<'staff', 'createKey'>;

const KEYS_KEY = ['ops', 'staff', 'keys'] as const;
const LIVE_KEYS = [KEYS_KEY] as const;

function keyState(key: KeyInfo, now: number): 'revoked' | 'expired' | 'waiting' | 'active' {
  if (key.revokedAt) return 'revoked';
  if (Date.parse(key.expiresAt) <= now) return 'expired';
  if (!key.approvedAt) return 'waiting';
  return 'active';
}

const NOWRAP = { whiteSpace: 'nowrap' } as const;

const STATE_COLOURS = { revoked: 'default', expired: 'default', waiting: 'orange', active: 'green' } as const;

/** API keys for automation: created with some of the creator's permissions, shown once, usable once a second person approves. */
export default function ApiKeys() {
  const t = useTranslate();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const client = useQueryClient();
  const { data: permissions } = usePermissions<string[]>({});
  const keys = useQuery({ queryKey: KEYS_KEY, queryFn: () => call('staff', 'keys', {}) });
  useRefetchOnApproval(LIVE_KEYS);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  const [request, setRequest] = useState<ApprovalRequest | null>(null);
  const now = Date.now();
  const refresh = () => void client.invalidateQueries({ queryKey: KEYS_KEY });

  const revoke = async (key: KeyInfo) => {
    try {
      await call('staff', 'revokeKey', { id: key.id });
      message.success(t('settings.keys.revoked', { name: key.name }));
      refresh();
    } catch (error) {
      message.error(errorText(error));
    }
  };

  const list = keys.data?.keys ?? [];
  return (
    <div data-testid="keys-page">
      <Row justify="space-between" align="middle" gutter={[8, 8]} style={{ marginBottom: 12 }}>
        <Col>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('settings.keys.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('settings.keys.hint')}</Typography.Text>
        </Col>
        <Col>
          <Space>
            <Button onClick={refresh}>{t('common.refresh')}</Button>
            {mayCall(permissions, 'staff.createKey') && (
              <Button type="primary" onClick={() => setCreating(true)} data-testid="key-create-open">
                {t('settings.keys.create')}
              </Button>
            )}
          </Space>
        </Col>
      </Row>
      {request && (
        <div style={{ marginBottom: 12 }}>
          <PendingGrant request={request} what={t('settings.keys.pending', { id: request.id })} />
        </div>
      )}
      <PageState loading={keys.isLoading} error={keys.error} onRetry={() => void keys.refetch()} empty={list.length === 0} emptyText={t('settings.keys.none')}>
        <Table<KeyInfo>
          rowKey="id"
          size="middle"
          dataSource={list}
          scroll={{ x: true }}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          onRow={(key) => ({ 'data-testid': `key-${key.name}` }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            {
              title: t('settings.keys.name'),
              dataIndex: 'name',
              render: (name: string) => (
                <Typography.Text strong style={NOWRAP}>
                  {name}
                </Typography.Text>
              ),
            },
            {
              title: t('common.status'),
              key: 'state',
              render: (_: unknown, key: KeyInfo) => {
                const state = keyState(key, now);
                return (
                  <Space size={4} wrap>
                    <Tag color={STATE_COLOURS[state]} data-testid="key-state">
                      {t(`settings.keys.state.${state}`)}
                    </Tag>
                    {state === 'waiting' && <Link to="/finance/approvals">{t('settings.seeApprovals')}</Link>}
                  </Space>
                );
              },
            },
            {
              title: t('settings.keys.permissions'),
              dataIndex: 'permissions',
              render: (names: string[]) => (
                <Tooltip title={names.join(', ')}>
                  <span>
                    {names.slice(0, 3).map((name) => (
                      <Tag key={name}>{name}</Tag>
                    ))}
                    {names.length > 3 && <Tag>+{names.length - 3}</Tag>}
                  </span>
                </Tooltip>
              ),
            },
            {
              title: t('settings.keys.approvedAt'),
              dataIndex: 'approvedAt',
              render: (at: string | null) => <span style={NOWRAP}>{at ? dateTime(at) : t('settings.waitingApproval')}</span>,
            },
            { title: t('settings.staff.createdAt'), dataIndex: 'createdAt', render: (at: string | null) => <span style={NOWRAP}>{dateTime(at)}</span> },
            { title: t('settings.keys.expiresAt'), dataIndex: 'expiresAt', render: (at: string | null) => <span style={NOWRAP}>{dateTime(at)}</span> },
            { title: t('settings.keys.lastUsedAt'), dataIndex: 'lastUsedAt', render: (at: string | null) => <span style={NOWRAP}>{dateTime(at)}</span> },
            {
              title: t('common.actions'),
              key: 'actions',
              render: (_: unknown, key: KeyInfo) =>
                !key.revokedAt &&
                mayCall(permissions, 'staff.revokeKey') && (
                  <Popconfirm title={t('settings.keys.revokeConfirm', { name: key.name })} onConfirm={() => revoke(key)}>
                    <Button size="small" danger data-testid="key-revoke">
                      {t('settings.keys.revoke')}
                    </Button>
                  </Popconfirm>
                ),
            },
          ]}
        />
      </PageState>
      <CreateKeyDialog
        open={creating}
        permissions={permissions ?? []}
        onClose={() => setCreating(false)}
        onCreated={(result) => {
          setCreating(false);
          setCreated(result);
          setRequest(result.request);
          refresh();
        }}
      />
      <ShownOnce
        title={t('settings.keys.createdTitle', { name: created?.info.name ?? '' })}
        secret={created?.key ?? null}
        hint={t('settings.keys.keyHint')}
        testId="api-key"
        onClose={() => setCreated(null)}
      >
        {created && <PendingGrant request={created.request} what={t('settings.keys.pending', { id: created.request.id })} />}
      </ShownOnce>
    </div>
  );
}

function CreateKeyDialog({
  open,
  permissions,
  onClose,
  onCreated,
}: {
  open: boolean;
  permissions: string[];
  onClose: () => void;
  onCreated: (created: Created) => void;
}) {
  const t = useTranslate();
  const [form] = Form.useForm<{ name: string; permissions: string[]; days: number; reason?: string }>();
  const { busy, error, submit: run } = useSubmit();
  const submit = (values: { name: string; permissions: string[]; days: number; reason?: string }) =>
    run(async () => {
      const result = await call('staff', 'createKey', {
        name: values.name.trim(),
        permissions: values.permissions as never,
        days: values.days,
        ...(values.reason?.trim() ? { reason: values.reason.trim() } : {}),
      });
      form.resetFields();
      onCreated(result);
    });
  return (
    <Modal
      open={open}
      title={t('settings.keys.create')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('settings.keys.createSubmit')}
      okButtonProps={{ loading: busy, id: 'key-create-submit' }}
      width={720}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ days: 90, permissions: [] }}>
        <Form.Item
          name="name"
          label={t('settings.keys.name')}
          rules={[required(t('settings.required')), { pattern: /^[A-Za-z0-9][A-Za-z0-9 ._-]{2,63}$/, message: t('settings.keys.nameRule') }]}
        >
          <Input autoComplete="off" data-testid="key-name" />
        </Form.Item>
        <Form.Item
          name="permissions"
          label={t('settings.keys.permissions')}
          extra={t('settings.keys.permissionsHint')}
          rules={[{ required: true, type: 'array', min: 1, message: t('settings.keys.permissionsRule') }]}
        >
          <Checkbox.Group
            data-testid="key-permissions"
            style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 4 }}
            options={permissions.map((name) => ({ value: name, label: name }))}
          />
        </Form.Item>
        <Form.Item name="days" label={t('settings.keys.days')} rules={[required(t('settings.required'))]}>
          <InputNumber min={1} max={366} precision={0} data-testid="key-days" />
        </Form.Item>
        <Form.Item name="reason" label={t('common.reason')} extra={t('common.reasonHint')} rules={[{ min: 3, max: 500, message: t('settings.reasonRule') }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
        {error && (
          <Typography.Paragraph type="danger" data-testid="key-error">
            {error}
          </Typography.Paragraph>
        )}
      </Form>
    </Modal>
  );
}
