import { usePermissions, useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { call, type Response } from '../../api/opsClient.ts';
import { dateTime, money } from '../../components/format.ts';
import { PageState } from '../../components/PageState.tsx';
import { loadMe, mayCall } from '../../state/me.ts';
import { AdjustmentRequest } from './AdjustmentRequest.tsx';
import { PageHeading, PlayerLink, ReasonModal, useLiveRefetch, type ReasonAsk } from './shared.tsx';

type Page = Response<'approvals', 'list'>;
type Request = Page['list'][number];
type Status = Request['status'];

const STATUSES: Status[] = ['pending', 'approved', 'rejected', 'withdrawn', 'failed'];
/** Each kind's message key (the kinds have dots, message keys may not). */
const KIND_KEYS: Record<string, string> = {
  'balance.adjust': 'balanceAdjust',
  'withdrawal.approve': 'withdrawalApprove',
  'heldWin.release': 'heldWinRelease',
  'staff.roles': 'staffRoles',
  'staff.role': 'staffRole',
  'staff.key': 'staffKey',
};
const STATUS_COLOR: Record<Status, string> = { pending: 'gold', approved: 'green', rejected: 'red', withdrawn: 'default', failed: 'volcano' };
const PAGE_SIZE = 20;

type Payload = Record<string, unknown>;
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const list = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/**
 * The four-eyes queue: requests the member may decide or made, pending first. Each says what it would
 * do in words (who, which currency, which way, how much); another person approves or rejects it with
 * a reason, and its requester may take it back while it waits.
 */
export default function Approvals() {
  const t = useTranslate();
  const { message } = App.useApp();
  const [status, setStatus] = useState<Status | undefined>(undefined);
  const [kind, setKind] = useState<string | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [ask, setAsk] = useState<ReasonAsk | null>(null);
  const [adjusting, setAdjusting] = useState(false);
  const { data: permissions } = usePermissions<string[]>({});
  const mayRequestAdjustment = mayCall(permissions, 'approvals.requestAdjustment');
  const me = useQuery({ queryKey: ['ops', 'auth', 'me'], queryFn: () => loadMe() });
  const query = useQuery({
    queryKey: ['ops', 'approvals', 'list', status, kind, page],
    queryFn: () => call('approvals', 'list', { page, pageSize: PAGE_SIZE, ...(status ? { status } : {}), ...(kind ? { kind } : {}) }),
  });
  useLiveRefetch(['approval.changed'], () => void query.refetch());

  const kindName = (value: string) => (KIND_KEYS[value] ? t(`finance.approvals.kinds.${KIND_KEYS[value]}`) : value);
  const mine = (request: Request) => {
    const who = me.data;
    if (!who) return false;
    return request.requestedBy.kind === who.kind && (who.staff ? request.requestedBy.id === who.staff.id : request.requestedBy.name === who.name);
  };

  const describe = (request: Request) => {
    const p = (request.payload ?? {}) as Payload;
    switch (request.kind) {
      case 'balance.adjust':
        return (
          <span data-testid="approval-what">
            <Tag color={p.direction === 'debit' ? 'red' : 'green'}>{t(`finance.approvals.${p.direction === 'debit' ? 'debit' : 'credit'}`)}</Tag>
            <Typography.Text strong>{money(text(p.amount), text(p.currency))}</Typography.Text> · {t('common.player')} <PlayerLink id={Number(p.playerId)} />
          </span>
        );
      case 'withdrawal.approve':
        return (
          <span data-testid="approval-what">
            {t('finance.approvals.withdrawal', {
              id: text(p.withdrawalId),
              amount: money(text(p.amount), text(p.currency)),
              playerId: text(p.playerId),
              address: text(p.toAddress),
            })}
          </span>
        );
      case 'heldWin.release':
        return (
          <span data-testid="approval-what">
            {t('finance.approvals.heldWin', {
              id: text(p.heldWinId),
              amount: money(text(p.amount), text(p.currency)),
              playerId: text(p.playerId),
              aggregator: text(p.aggregator),
              game: text(p.gameCode),
              round: text(p.round),
            })}
          </span>
        );
      case 'staff.roles': {
        const none = t('finance.approvals.none');
        return (
          <span data-testid="approval-what">
            {t('finance.approvals.roles', { login: text(p.login), before: list(p.rolesBefore).join(', ') || none, after: list(p.roles).join(', ') || none })}
          </span>
        );
      }
      case 'staff.role': {
        const after = list(p.permissions);
        if (p.permissionsBefore === null || p.permissionsBefore === undefined)
          return <span data-testid="approval-what">{t('finance.approvals.newRole', { name: text(p.name), count: after.length })}</span>;
        const before = list(p.permissionsBefore);
        const added = after.filter((name) => !before.includes(name));
        const removed = before.filter((name) => !after.includes(name));
        const none = t('finance.approvals.none');
        return (
          <span data-testid="approval-what">
            {t('finance.approvals.role', { name: text(p.name), added: added.join(', ') || none, removed: removed.join(', ') || none })}
          </span>
        );
      }
      case 'staff.key':
        return (
          <span data-testid="approval-what">
            {t('finance.approvals.key', { name: text(p.name), count: list(p.permissions).length })}
            <br />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {list(p.permissions).join(', ')}
            </Typography.Text>
          </span>
        );
      default:
        return (
          <Typography.Text code style={{ fontSize: 12, wordBreak: 'break-all' }} data-testid="approval-what">
            {JSON.stringify(request.payload)}
          </Typography.Text>
        );
    }
  };

  const decide = (request: Request, approve: boolean) =>
    setAsk({
      title: t(approve ? 'finance.approvals.approveTitle' : 'finance.approvals.rejectTitle', { id: request.id, kind: kindName(request.kind) }),
      body: (
        <>
          {describe(request)}
          <br />
          <Typography.Text type="secondary">{t(approve ? 'finance.approvals.approveBody' : 'finance.approvals.rejectBody')}</Typography.Text>
        </>
      ),
      okText: t(approve ? 'finance.approve' : 'finance.reject'),
      danger: !approve,
      submit: async (reason) => {
        const decided = await call('approvals', 'decide', { id: request.id, approve, reason });
        if (decided.status === 'failed') message.error({ content: t('finance.approvals.failedNow', { result: JSON.stringify(decided.result) }), duration: 10 });
        else message.success(t(decided.status === 'approved' ? 'finance.approvals.approvedNow' : 'finance.approvals.rejectedNow'));
        await query.refetch();
      },
    });

  const withdraw = (request: Request) =>
    setAsk({
      title: t('finance.approvals.withdrawTitle', { id: request.id }),
      body: describe(request),
      okText: t('finance.approvals.withdraw'),
      optional: true,
      submit: async (reason) => {
        await call('approvals', 'withdraw', { id: request.id, ...(reason ? { reason } : {}) });
        message.success(t('finance.approvals.withdrawnNow'));
        await query.refetch();
      },
    });

  const rows = query.data?.list ?? [];

  return (
    <div data-testid="approvals">
      <PageHeading
        title={t('finance.approvals.title')}
        intro={t('finance.approvals.intro')}
        extra={
          <>
            {mayRequestAdjustment && (
              <Button onClick={() => setAdjusting(true)} data-testid="request-adjustment">
                {t('finance.approvals.newAdjustment')}
              </Button>
            )}
            <Button onClick={() => void query.refetch()}>{t('common.refresh')}</Button>
          </>
        }
      />
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          allowClear
          placeholder={`${t('common.status')}: ${t('common.all')}`}
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
          options={STATUSES.map((value) => ({ value, label: t(`finance.approvals.statuses.${value}`) }))}
          style={{ width: 170 }}
          data-testid="approvals-status"
        />
        <Select
          allowClear
          placeholder={`${t('finance.approvals.kind')}: ${t('common.all')}`}
          value={kind}
          onChange={(value) => {
            setKind(value);
            setPage(1);
          }}
          options={Object.keys(KIND_KEYS).map((value) => ({ value, label: kindName(value) }))}
          style={{ width: 200 }}
          data-testid="approvals-kind"
        />
      </Space>
      <PageState
        loading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={query.data?.total === 0}
        emptyText={t('finance.approvals.empty')}
      >
        <Table<Request>
          rowKey="id"
          size="small"
          dataSource={rows}
          scroll={{ x: true }}
          onRow={(request) =>
            ({ 'data-testid': `approval-${request.id}`, 'data-kind': request.kind, 'data-status': request.status }) as React.HTMLAttributes<HTMLElement>
          }
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: query.data?.total ?? 0,
            onChange: setPage,
            showTotal: (total) => t('common.total', { count: total }),
          }}
          columns={[
            { title: t('finance.id'), dataIndex: 'id', width: 60 },
            { title: t('finance.approvals.kind'), dataIndex: 'kind', render: (value: string) => <Tag color="blue">{kindName(value)}</Tag> },
            {
              title: t('finance.approvals.what'),
              key: 'what',
              render: (_, request) => <div style={{ minWidth: 180, maxWidth: 340, wordBreak: 'break-word' }}>{describe(request)}</div>,
            },
            {
              title: t('finance.approvals.requester'),
              key: 'requester',
              render: (_, request) => (
                <div style={{ minWidth: 150, maxWidth: 260 }}>
                  <span>
                    {request.requestedBy.name} {mine(request) && <Tag color="cyan">{t('finance.approvals.mine')}</Tag>}
                  </span>
                  <br />
                  <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                    {dateTime(request.requestedAt)}
                  </Typography.Text>
                  <Typography.Paragraph style={{ margin: '4px 0 0' }} data-testid="approval-reason">
                    {request.reason}
                  </Typography.Paragraph>
                </div>
              ),
            },
            {
              title: t('common.status'),
              key: 'status',
              render: (_, request) => (
                <Space direction="vertical" size={0} style={{ minWidth: 150, maxWidth: 240 }}>
                  <Tag color={STATUS_COLOR[request.status]} data-testid="approval-status">
                    {t(`finance.approvals.statuses.${request.status}`)}
                  </Tag>
                  {request.decidedBy && (
                    <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                      {request.decidedBy.name} · {dateTime(request.decidedAt)}
                    </Typography.Text>
                  )}
                  {request.decisionReason && <Typography.Text style={{ fontSize: 12 }}>{request.decisionReason}</Typography.Text>}
                  {request.status === 'failed' && request.result !== undefined && (
                    <Typography.Text type="danger" style={{ fontSize: 12 }}>
                      {JSON.stringify(request.result)}
                    </Typography.Text>
                  )}
                </Space>
              ),
            },
            {
              title: t('common.actions'),
              onHeaderCell: () => ({ style: { whiteSpace: 'nowrap' } }),
              key: 'actions',
              render: (_, request) =>
                request.status === 'pending' &&
                (mine(request) ? (
                  <Button size="small" onClick={() => withdraw(request)} data-testid="withdraw-approval">
                    {t('finance.approvals.withdraw')}
                  </Button>
                ) : (
                  <Space wrap>
                    <Button size="small" type="primary" onClick={() => decide(request, true)} data-testid="approve-approval">
                      {t('finance.approve')}
                    </Button>
                    <Button size="small" danger onClick={() => decide(request, false)} data-testid="reject-approval">
                      {t('finance.reject')}
                    </Button>
                  </Space>
                )),
            },
          ]}
        />
      </PageState>
      <ReasonModal ask={ask} onClose={() => setAsk(null)} />
      <AdjustmentRequest
        open={adjusting}
        onClose={() => setAdjusting(false)}
        onFiled={(request) => {
          message.warning({ content: t('finance.fourEyesFiled', { id: request.id }), duration: 8 });
          void query.refetch();
        }}
      />
    </div>
  );
}
