import { usePermissions, useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Col, Descriptions, Row, Space, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { call, type Response } from '../../api/opsClient.ts';
import { dateTime, money } from '../../components/format.ts';
import { PageState } from '../../components/PageState.tsx';
import { mayCall } from '../../state/me.ts';
import { PageHeading, PlayerLink, ReasonModal, useLiveRefetch, type ReasonAsk } from './shared.tsx';

type Queue = Response<'finance', 'withdrawalQueue'>;
type Entry = Queue['list'][number];
type Context = Entry['context'];

const PAGE_SIZE = 20;

/**
 * Withdrawals waiting for review, oldest first, each opened onto the player's context: what they put
 * in and took out, wagering still owed, the week's play, accounts linked to theirs and risk flags.
 * Approving a large one files a four-eyes request; the row then says it waits for a second person.
 */
export default function Withdrawals() {
  const t = useTranslate();
  const { message } = App.useApp();
  const { data: permissions } = usePermissions<string[]>({});
  const mayReview = mayCall(permissions, 'withdrawals.review');
  const [page, setPage] = useState(1);
  const [ask, setAsk] = useState<ReasonAsk | null>(null);
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());

  const queue = useQuery({
    queryKey: ['ops', 'finance', 'withdrawalQueue', page],
    queryFn: () => call('finance', 'withdrawalQueue', { page, pageSize: PAGE_SIZE }),
  });
  // Approvals of large withdrawals still waiting for a second person, to say so on their rows.
  const waiting = useQuery({
    queryKey: ['ops', 'approvals', 'list', 'withdrawal.approve', 'pending'],
    queryFn: () => call('approvals', 'list', { status: 'pending', kind: 'withdrawal.approve', page: 1, pageSize: 100 }),
  });
  useLiveRefetch(['withdrawal.state', 'approval.changed'], () => {
    void queue.refetch();
    void waiting.refetch();
  });

  const requestOf = useMemo(() => {
    const map = new Map<string, number>();
    for (const request of waiting.data?.list ?? []) {
      const payload = request.payload as { withdrawalId?: number | string } | null;
      if (payload?.withdrawalId !== undefined) map.set(String(payload.withdrawalId), request.id);
    }
    return map;
  }, [waiting.data]);

  const rows = queue.data?.list ?? [];
  const expanded = rows.map((row) => row.id).filter((id) => !collapsed.has(id));

  const review = (row: Entry, approve: boolean) => {
    const amount = money(row.amount, row.currency);
    setAsk({
      title: t(approve ? 'finance.withdrawals.approveTitle' : 'finance.withdrawals.rejectTitle', { id: row.id, amount }),
      body: approve ? t('finance.withdrawals.approveBody', { address: row.toAddress }) : t('finance.withdrawals.rejectBody'),
      okText: t(approve ? 'finance.approve' : 'finance.reject'),
      danger: !approve,
      submit: async (reason) => {
        const result = await call('withdrawals', 'review', { id: row.id, approve, reason });
        if (result.approvalRequest) message.warning({ content: t('finance.fourEyesFiled', { id: result.approvalRequest.id }), duration: 8 });
        else message.success(approve ? t('finance.withdrawals.sent', { id: row.id }) : t('finance.withdrawals.rejected'));
        await Promise.all([queue.refetch(), waiting.refetch()]);
      },
    });
  };

  return (
    <div data-testid="withdrawal-queue">
      <PageHeading
        title={t('finance.withdrawals.title')}
        intro={t('finance.withdrawals.intro')}
        extra={<Button onClick={() => void queue.refetch()}>{t('common.refresh')}</Button>}
      />
      <PageState
        loading={queue.isLoading}
        error={queue.error}
        onRetry={() => void queue.refetch()}
        empty={queue.data?.total === 0}
        emptyText={t('finance.withdrawals.empty')}
      >
        <Table<Entry>
          rowKey="id"
          size="small"
          dataSource={rows}
          scroll={{ x: true }}
          onRow={(row) => ({ 'data-testid': `withdrawal-${row.id}` }) as React.HTMLAttributes<HTMLElement>}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: queue.data?.total ?? 0,
            onChange: setPage,
            showTotal: (total) => t('common.total', { count: total }),
          }}
          expandable={{
            expandedRowKeys: expanded,
            onExpand: (open, row) =>
              setCollapsed((previous) => {
                const next = new Set(previous);
                if (open) next.delete(row.id);
                else next.add(row.id);
                return next;
              }),
            expandedRowRender: (row) => <PlayerContext context={row.context} />,
          }}
          columns={[
            { title: t('finance.id'), dataIndex: 'id', width: 70 },
            {
              title: t('common.player'),
              key: 'player',
              render: (_, row) => (
                <Space direction="vertical" size={0}>
                  <PlayerLink id={row.playerId} />
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {row.account ?? row.nickname}
                  </Typography.Text>
                </Space>
              ),
            },
            {
              title: t('common.amount'),
              key: 'amount',
              align: 'right',
              render: (_, row) => (
                <span data-testid="withdrawal-amount" style={{ whiteSpace: 'nowrap' }}>
                  {money(row.amount, row.currency)}
                </span>
              ),
            },
            { title: t('finance.fee'), key: 'fee', align: 'right', render: (_, row) => money(row.fee) },
            {
              title: t('finance.withdrawals.toAddress'),
              dataIndex: 'toAddress',
              render: (value: string) => (
                <Typography.Text copyable={{ text: value }} style={{ fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all' }}>
                  {value}
                </Typography.Text>
              ),
            },
            {
              title: t('finance.requestedAt'),
              dataIndex: 'requestedAt',
              render: (value: string) => <span style={{ whiteSpace: 'nowrap' }}>{dateTime(value)}</span>,
            },
            { title: t('finance.withdrawals.riskFlags'), key: 'flags', render: (_, row) => <FlagTags context={row.context} /> },
            {
              title: t('common.actions'),
              onHeaderCell: () => ({ style: { whiteSpace: 'nowrap' } }),
              key: 'actions',
              render: (_, row) => {
                const requestId = requestOf.get(row.id);
                return (
                  <Space direction="vertical" size={4}>
                    {requestId !== undefined && (
                      <Tag color="gold" data-testid="awaiting-second" style={{ whiteSpace: 'normal' }}>
                        {t('finance.withdrawals.awaitingSecond', { id: requestId })}
                      </Tag>
                    )}
                    {mayReview && (
                      <Space wrap>
                        {requestId === undefined && (
                          <Button size="small" type="primary" onClick={() => review(row, true)} data-testid="approve-withdrawal">
                            {t('finance.approve')}
                          </Button>
                        )}
                        <Button size="small" danger onClick={() => review(row, false)} data-testid="reject-withdrawal">
                          {t('finance.reject')}
                        </Button>
                      </Space>
                    )}
                  </Space>
                );
              },
            },
          ]}
        />
      </PageState>
      <ReasonModal ask={ask} onClose={() => setAsk(null)} />
    </div>
  );
}

function FlagTags({ context }: { context: Context }) {
  const t = useTranslate();
  const flags = context.riskFlags;
  const tags = [
    flags.frozen && (
      <Tag key="frozen" color="red">
        {t('finance.withdrawals.frozen')}
      </Tag>
    ),
    flags.selfReferral && (
      <Tag key="self" color="orange">
        {t('finance.withdrawals.selfReferral', {
          matched: flags.selfReferral.matched,
          status: flags.selfReferral.status,
          inviterId: flags.selfReferral.inviterId,
        })}
      </Tag>
    ),
    flags.heldInvitees > 0 && (
      <Tag key="invitees" color="orange">
        {t('finance.withdrawals.heldInvitees', { count: flags.heldInvitees })}
      </Tag>
    ),
    ...flags.heldWins.map((win) => (
      <Tag key={`held-${win.currency}`} color="volcano">
        {t('finance.withdrawals.heldWins', { count: win.count, amount: money(win.amount, win.currency) })}
      </Tag>
    )),
    context.linkedAccounts.total > 0 && <Tag key="linked" color="purple">{`${t('finance.withdrawals.linked')}: ${context.linkedAccounts.total}`}</Tag>,
  ].filter(Boolean);
  if (tags.length === 0) return <Tag color="green">{t('finance.withdrawals.noFlags')}</Tag>;
  return (
    <Space size={[0, 4]} wrap style={{ maxWidth: 260 }}>
      {tags}
    </Space>
  );
}

/** The player's context beside a withdrawal, per currency where money is concerned. */
function PlayerContext({ context }: { context: Context }) {
  const t = useTranslate();
  const linked = context.linkedAccounts;
  const small = { size: 'small' as const, styles: { body: { padding: 8 } } };
  return (
    <Row gutter={[12, 12]} data-testid="withdrawal-context">
      <Col xs={24} md={12} xl={6}>
        <Card {...small} title={t('finance.withdrawals.netDeposits')} data-testid="context-net-deposits">
          {context.netDeposits.length === 0 ? (
            <Typography.Text type="secondary">—</Typography.Text>
          ) : (
            context.netDeposits.map((entry) => (
              <Descriptions key={entry.currency} size="small" column={1} title={entry.currency} style={{ marginBottom: 4 }}>
                <Descriptions.Item label={t('finance.withdrawals.deposited')}>{money(entry.deposited)}</Descriptions.Item>
                <Descriptions.Item label={t('finance.withdrawals.withdrawn')}>{money(entry.withdrawn)}</Descriptions.Item>
                <Descriptions.Item label={t('finance.withdrawals.net')}>
                  <Typography.Text strong type={entry.net.startsWith('-') ? 'danger' : undefined}>
                    {money(entry.net, entry.currency)}
                  </Typography.Text>
                </Descriptions.Item>
              </Descriptions>
            ))
          )}
        </Card>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Card {...small} title={t('finance.withdrawals.wagering')} data-testid="context-wagering">
          {context.wagering.length === 0 ? (
            <Typography.Text type="secondary">{t('finance.withdrawals.noWagering')}</Typography.Text>
          ) : (
            context.wagering.map((entry) => (
              <Descriptions key={entry.currency} size="small" column={1} title={entry.currency}>
                <Descriptions.Item label={t('finance.withdrawals.outstanding')}>{money(entry.outstanding)}</Descriptions.Item>
                <Descriptions.Item label={t('finance.withdrawals.required')}>{money(entry.required)}</Descriptions.Item>
              </Descriptions>
            ))
          )}
        </Card>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Card {...small} title={t('finance.withdrawals.recentPlay')} data-testid="context-recent-play">
          {context.recentPlay.length === 0 ? (
            <Typography.Text type="secondary">{t('finance.withdrawals.noPlay')}</Typography.Text>
          ) : (
            context.recentPlay.map((entry) => (
              <Descriptions key={entry.currency} size="small" column={1} title={entry.currency}>
                <Descriptions.Item label={t('finance.withdrawals.bets')}>{entry.bets}</Descriptions.Item>
                <Descriptions.Item label={t('finance.withdrawals.stakes')}>{money(entry.stakes)}</Descriptions.Item>
                <Descriptions.Item label={t('finance.withdrawals.payouts')}>{money(entry.payouts)}</Descriptions.Item>
                <Descriptions.Item label={t('finance.withdrawals.playerNet')}>{money(entry.net)}</Descriptions.Item>
              </Descriptions>
            ))
          )}
        </Card>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Card {...small} title={t('finance.withdrawals.linked')} data-testid="context-linked">
          {linked.total === 0 ? (
            <Typography.Text type="secondary">{t('finance.withdrawals.noLinked')}</Typography.Text>
          ) : (
            <>
              <Typography.Paragraph style={{ marginBottom: 4 }}>{t('finance.withdrawals.linkedCounts', linked)}</Typography.Paragraph>
              <Space wrap>
                {linked.playerIds.map((id) => (
                  <PlayerLink key={id} id={id} />
                ))}
              </Space>
            </>
          )}
          <Typography.Title level={5} style={{ marginTop: 8, fontSize: 14 }}>
            {t('finance.withdrawals.riskFlags')}
          </Typography.Title>
          <FlagTags context={context} />
        </Card>
      </Col>
    </Row>
  );
}
