import { usePermissions, useTranslate } from '@refinedev/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Col, Form, Input, Modal, Popconfirm, Row, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { call, type Response } from '../../api/opsClient.ts';
import { dateTime } from '../../components/format.ts';
import { PageState, useErrorText } from '../../components/PageState.tsx';
import { useSubmit } from '../../components/submitting.ts';
import { mayCall } from '../../state/me.ts';
import { PendingGrant, ShownOnce, required, useRefetchOnApproval, type ApprovalRequest } from './shared.tsx';

type Member = Response<'staff', 'list'>['members'][number];
type Role = Response<'staff', 'roles'>['roles'][number];
type Permission = Role['permissions'][number];

const MEMBERS_KEY = ['ops', 'staff', 'list'] as const;
const ROLES_KEY = ['ops', 'staff', 'roles'] as const;
const LIVE_KEYS = [MEMBERS_KEY, ROLES_KEY] as const;

const STATUS_COLOURS: Record<Member['status'], string> = { active: 'green', invited: 'blue', disabled: 'default' };

/** Staff members and roles: invitations, role changes, disabling, two-factor resets and the role matrix. */
export default function Staff() {
  const t = useTranslate();
  const { data: permissions } = usePermissions<string[]>({});
  const showRoles = mayCall(permissions, 'staff.roles');
  return (
    <div data-testid="staff-page">
      <Typography.Title level={3}>{t('settings.staff.title')}</Typography.Title>
      <Tabs
        items={[
          { key: 'members', label: t('settings.staff.members'), children: <Members /> },
          ...(showRoles ? [{ key: 'roles', label: <span data-testid="roles-tab">{t('settings.roles.title')}</span>, children: <RolesMatrix /> }] : []),
        ]}
      />
    </div>
  );
}

function useRoles() {
  return useQuery({ queryKey: ROLES_KEY, queryFn: () => call('staff', 'roles', {}) });
}

function Members() {
  const t = useTranslate();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const client = useQueryClient();
  const { data: permissions } = usePermissions<string[]>({});
  const members = useQuery({ queryKey: MEMBERS_KEY, queryFn: () => call('staff', 'list', {}) });
  const roles = useRoles();
  useRefetchOnApproval(LIVE_KEYS);
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<Member | null>(null);
  const [shown, setShown] = useState<{ title: string; link: string; expiresAt: string; request?: ApprovalRequest } | null>(null);
  const [grant, setGrant] = useState<{ request: ApprovalRequest | null } | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: MEMBERS_KEY });

  const act = async (member: Member, action: 'disable' | 'enable' | 'resetTwoFactor') => {
    setBusy(member.id);
    try {
      if (action === 'resetTwoFactor') {
        const reset = await call('staff', 'resetTwoFactor', { staffId: member.id });
        setShown({ title: t('settings.staff.resetLinkTitle', { login: member.login }), link: reset.link, expiresAt: reset.expiresAt });
      } else {
        await call('staff', action, { staffId: member.id });
        message.success(t(`settings.staff.${action}d`, { login: member.login }));
      }
      refresh();
    } catch (error) {
      message.error(errorText(error));
    } finally {
      setBusy(null);
    }
  };

  const roleNames = (roles.data?.roles ?? []).map((role) => role.name);
  const manage = mayCall(permissions, 'staff.invite');

  return (
    <PageState loading={members.isLoading} error={members.error} onRetry={() => void members.refetch()}>
      <Row justify="space-between" style={{ marginBottom: 12 }} gutter={[8, 8]}>
        <Col>
          <Typography.Text type="secondary">{t('settings.staff.membersHint')}</Typography.Text>
        </Col>
        <Col>
          <Space>
            <Button onClick={refresh}>{t('common.refresh')}</Button>
            {manage && (
              <Button type="primary" onClick={() => setInviting(true)} data-testid="invite-open">
                {t('settings.staff.invite')}
              </Button>
            )}
          </Space>
        </Col>
      </Row>
      {grant && (
        <div style={{ marginBottom: 12 }}>
          <PendingGrant request={grant.request} what={grant.request ? t('settings.staff.rolesPending', { id: grant.request.id }) : undefined} />
        </div>
      )}
      <Table<Member>
        rowKey="id"
        size="middle"
        dataSource={members.data?.members ?? []}
        scroll={{ x: true }}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        locale={{ emptyText: t('settings.staff.none') }}
        onRow={(member) => ({ 'data-testid': `member-${member.login}` }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          {
            title: t('settings.staff.login'),
            dataIndex: 'login',
            render: (login: string) => (
              <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
                {login}
              </Typography.Text>
            ),
          },
          {
            title: t('common.status'),
            dataIndex: 'status',
            render: (status: Member['status']) => (
              <Tag color={STATUS_COLOURS[status]} data-testid="member-status">
                {t(`settings.staff.status.${status}`)}
              </Tag>
            ),
          },
          {
            title: t('settings.staff.roles'),
            dataIndex: 'roles',
            render: (list: string[]) =>
              list.length ? (
                list.map((role) => <Tag key={role}>{role}</Tag>)
              ) : (
                <Typography.Text type="secondary">{t('settings.staff.noRoles')}</Typography.Text>
              ),
          },
          {
            title: <span style={{ whiteSpace: 'nowrap' }}>{t('settings.staff.twoFactor')}</span>,
            dataIndex: 'twoFactorEnrolled',
            render: (yes: boolean) => (yes ? t('common.yes') : t('common.no')),
          },
          {
            title: t('settings.staff.createdAt'),
            dataIndex: 'createdAt',
            render: (at: string) => <span style={{ whiteSpace: 'nowrap' }}>{dateTime(at)}</span>,
          },
          {
            title: t('settings.staff.lastLogin'),
            dataIndex: 'lastLoginAt',
            render: (at: string | null) => <span style={{ whiteSpace: 'nowrap' }}>{dateTime(at)}</span>,
          },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_: unknown, member: Member) =>
              manage && (
                <Space wrap size={4}>
                  <Button size="small" onClick={() => setEditing(member)} data-testid="edit-roles">
                    {t('settings.staff.editRoles')}
                  </Button>
                  {member.status === 'disabled' ? (
                    <Button size="small" loading={busy === member.id} onClick={() => void act(member, 'enable')}>
                      {t('settings.staff.enable')}
                    </Button>
                  ) : (
                    <Popconfirm title={t('settings.staff.disableConfirm', { login: member.login })} onConfirm={() => act(member, 'disable')}>
                      <Button size="small" danger loading={busy === member.id}>
                        {t('settings.staff.disable')}
                      </Button>
                    </Popconfirm>
                  )}
                  <Popconfirm title={t('settings.staff.resetConfirm', { login: member.login })} onConfirm={() => act(member, 'resetTwoFactor')}>
                    <Button size="small">{t('settings.staff.resetTwoFactor')}</Button>
                  </Popconfirm>
                </Space>
              ),
          },
        ]}
      />
      <InviteDialog
        open={inviting}
        roleNames={roleNames}
        onClose={() => setInviting(false)}
        onInvited={(invited) => {
          setInviting(false);
          setShown({
            title: t('settings.staff.inviteLinkTitle', { login: invited.staff.login }),
            link: invited.link,
            expiresAt: invited.expiresAt,
            request: invited.request,
          });
          refresh();
        }}
      />
      <RolesDialog
        member={editing}
        roleNames={roleNames}
        onClose={() => setEditing(null)}
        onSaved={(request) => {
          setEditing(null);
          setGrant({ request });
          refresh();
        }}
      />
      <ShownOnce
        title={shown?.title ?? ''}
        secret={shown?.link ?? null}
        hint={t('settings.staff.linkHint', { time: dateTime(shown?.expiresAt) })}
        testId="one-time-link"
        onClose={() => setShown(null)}
      >
        {shown?.request && <PendingGrant request={shown.request} what={t('settings.staff.invitePending', { id: shown.request.id })} />}
      </ShownOnce>
    </PageState>
  );
}

function InviteDialog({
  open,
  roleNames,
  onClose,
  onInvited,
}: {
  open: boolean;
  roleNames: string[];
  onClose: () => void;
  onInvited: (invited: Response<'staff', 'invite'>) => void;
}) {
  const t = useTranslate();
  const [form] = Form.useForm<{ login: string; roles: string[]; reason?: string }>();
  const { busy, error, submit: run } = useSubmit();
  const submit = (values: { login: string; roles: string[]; reason?: string }) =>
    run(async () => {
      const invited = await call('staff', 'invite', {
        login: values.login.trim(),
        roles: values.roles,
        ...(values.reason?.trim() ? { reason: values.reason.trim() } : {}),
      });
      form.resetFields();
      onInvited(invited);
    });
  return (
    <Modal
      open={open}
      title={t('settings.staff.invite')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('settings.staff.inviteSubmit')}
      okButtonProps={{ loading: busy, id: 'invite-submit' }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ roles: [] }}>
        <Form.Item
          name="login"
          label={t('settings.staff.login')}
          extra={t('settings.staff.loginHint')}
          rules={[required(t('settings.required')), { pattern: /^[a-z0-9][a-z0-9._@-]{2,63}$/, message: t('settings.staff.loginRule') }]}
        >
          <Input autoComplete="off" data-testid="invite-login" />
        </Form.Item>
        <Form.Item name="roles" label={t('settings.staff.roles')} rules={[{ required: true, type: 'array', min: 1, message: t('settings.staff.rolesRule') }]}>
          <Checkbox.Group options={roleNames.map((name) => ({ value: name, label: name }))} data-testid="invite-roles" />
        </Form.Item>
        <Form.Item name="reason" label={t('common.reason')} extra={t('common.reasonHint')} rules={[{ min: 3, max: 500, message: t('settings.reasonRule') }]}>
          <Input.TextArea rows={2} data-testid="invite-reason" />
        </Form.Item>
        <Typography.Text type="secondary">{t('settings.staff.inviteNote')}</Typography.Text>
        {error && (
          <Typography.Paragraph type="danger" data-testid="invite-error">
            {error}
          </Typography.Paragraph>
        )}
      </Form>
    </Modal>
  );
}

function RolesDialog({
  member,
  roleNames,
  onClose,
  onSaved,
}: {
  member: Member | null;
  roleNames: string[];
  onClose: () => void;
  onSaved: (request: ApprovalRequest | null) => void;
}) {
  const t = useTranslate();
  const [roles, setRoles] = useState<string[]>([]);
  const [reason, setReason] = useState('');
  const { busy, error, setError, submit } = useSubmit();
  const [shownFor, setShownFor] = useState<number | null>(null);
  if (member && shownFor !== member.id) {
    setShownFor(member.id);
    setRoles(member.roles);
    setReason('');
    setError(null);
  }
  const adding = member ? roles.some((role) => !member.roles.includes(role)) : false;
  const save = async () => {
    if (!member) return;
    await submit(async () => {
      const saved = await call('staff', 'setMemberRoles', { staffId: member.id, roles, ...(reason.trim() ? { reason: reason.trim() } : {}) });
      setShownFor(null);
      onSaved(saved.request);
    });
  };
  return (
    <Modal
      open={member !== null}
      title={t('settings.staff.editRolesOf', { login: member?.login ?? '' })}
      onCancel={() => {
        setShownFor(null);
        onClose();
      }}
      onOk={() => void save()}
      okText={t('common.save')}
      okButtonProps={{ loading: busy, id: 'roles-save', disabled: reason.trim().length > 0 && reason.trim().length < 3 }}
    >
      <Checkbox.Group
        value={roles}
        onChange={(value) => setRoles(value as string[])}
        options={roleNames.map((name) => ({ value: name, label: name }))}
        data-testid="member-roles"
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        {adding ? t('settings.staff.addingWaits') : t('settings.staff.removingApplies')}
      </Typography.Paragraph>
      <Input.TextArea rows={2} placeholder={t('common.reasonHint')} value={reason} onChange={(event) => setReason(event.target.value)} maxLength={500} />
      {error && <Typography.Paragraph type="danger">{error}</Typography.Paragraph>}
    </Modal>
  );
}

/** Roles down the top, permissions down the side: an owner ticks what each role holds. */
function RolesMatrix() {
  const t = useTranslate();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const client = useQueryClient();
  const roles = useRoles();
  const [drafts, setDrafts] = useState<Record<string, Permission[]>>({});
  const [reason, setReason] = useState('');
  const [newRole, setNewRole] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [grant, setGrant] = useState<{ request: ApprovalRequest | null } | null>(null);

  const columns = useMemo(() => {
    const known = roles.data?.roles ?? [];
    const fresh = Object.keys(drafts)
      .filter((name) => !known.some((role) => role.name === name))
      .map((name): Role => ({ name, permissions: [], shipped: false, updatedAt: '' }));
    return [...known, ...fresh];
  }, [roles.data, drafts]);

  const held = (role: Role) => drafts[role.name] ?? role.permissions;
  const changed = (role: Role) => {
    const draft = drafts[role.name];
    if (!draft) return false;
    return draft.length !== role.permissions.length || draft.some((permission) => !role.permissions.includes(permission)) || role.updatedAt === '';
  };
  const toggle = (role: Role, permission: Permission, on: boolean) => {
    const current = held(role);
    setDrafts({ ...drafts, [role.name]: on ? [...current, permission] : current.filter((name) => name !== permission) });
  };
  const save = async (role: Role) => {
    setBusy(role.name);
    try {
      const saved = await call('staff', 'setRole', {
        name: role.name,
        permissions: held(role),
        ...(reason.trim().length >= 3 ? { reason: reason.trim() } : {}),
      });
      const { [role.name]: _saved, ...rest } = drafts;
      setDrafts(rest);
      setGrant({ request: saved.request });
      await client.invalidateQueries({ queryKey: ROLES_KEY });
    } catch (error) {
      message.error(errorText(error));
    } finally {
      setBusy(null);
    }
  };

  const permissions = roles.data?.permissions ?? [];
  return (
    <PageState loading={roles.isLoading} error={roles.error} onRetry={() => void roles.refetch()}>
      <Typography.Paragraph type="secondary">{t('settings.roles.hint')}</Typography.Paragraph>
      {grant && (
        <div style={{ marginBottom: 12 }}>
          <PendingGrant request={grant.request} what={grant.request ? t('settings.roles.pending', { id: grant.request.id }) : undefined} />
        </div>
      )}
      <Space wrap style={{ marginBottom: 12 }}>
        <Input
          placeholder={t('settings.roles.newRole')}
          value={newRole}
          onChange={(event) => setNewRole(event.target.value)}
          style={{ width: 200 }}
          data-testid="new-role"
        />
        <Button
          disabled={!/^[a-z][a-z0-9_-]{1,31}$/.test(newRole.trim()) || columns.some((role) => role.name === newRole.trim())}
          onClick={() => {
            setDrafts({ ...drafts, [newRole.trim()]: [] });
            setNewRole('');
          }}
        >
          {t('settings.roles.add')}
        </Button>
        <Input
          placeholder={t('common.reasonHint')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          style={{ width: 360, maxWidth: '100%' }}
          maxLength={500}
        />
      </Space>
      {columns.some(changed) && (
        <Space wrap style={{ marginBottom: 12 }}>
          {columns.filter(changed).map((role) => (
            <Button key={role.name} type="primary" loading={busy === role.name} onClick={() => void save(role)} data-testid={`save-role-${role.name}`}>
              {t('settings.roles.save', { role: role.name })}
            </Button>
          ))}
          <Button onClick={() => setDrafts({})}>{t('settings.roles.discard')}</Button>
        </Space>
      )}
      <Table<Permission>
        rowKey={(permission) => permission}
        size="small"
        dataSource={permissions}
        pagination={false}
        scroll={{ x: true }}
        data-testid="roles-matrix"
        columns={[
          {
            title: t('settings.roles.permission'),
            key: 'permission',
            fixed: 'left',
            render: (_: unknown, permission: Permission) => <Typography.Text code>{permission}</Typography.Text>,
          },
          ...columns.map((role) => ({
            key: role.name,
            align: 'center' as const,
            title: <span style={{ whiteSpace: 'nowrap' }}>{changed(role) ? `${role.name} *` : role.name}</span>,
            render: (_: unknown, permission: Permission) => (
              <Checkbox
                checked={role.name === 'owner' || held(role).includes(permission)}
                disabled={role.name === 'owner'}
                onChange={(event) => toggle(role, permission, event.target.checked)}
                aria-label={`${role.name} ${permission}`}
              />
            ),
          })),
        ]}
      />
    </PageState>
  );
}
