import { usePermissions, useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { App, Button, InputNumber, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { call, type Response } from '../../api/opsClient.ts';
import { dateTime, downloadCsv, money, toCsv } from '../../components/format.ts';
import { PageState } from '../../components/PageState.tsx';
import { mayCall } from '../../state/me.ts';
import { PageHeading, PlayerLink, ReasonModal, useLiveRefetch, type ReasonAsk } from './shared.tsx';

/** A held win as heldWins.list answers it. */
type HeldWin = Response<'heldWins', 'list'>['list'][number];
type Status = HeldWin['status'];

const FIRST_LIMIT = 100;
const MAX_LIMIT = 500;

/**
 * Third-party wins held as implausible, by status, oldest first: release one (a request a second
 * person decides) or reject it back to the aggregator's settlement, each with a reason.
 */
export default function HeldWins() {
  const t = useTranslate();
  const { message } = App.useApp();
  const { data: permissions } = usePermissions<string[]>({});
  const mayDecide = mayCall(permissions, 'heldWins.release');
  const [status, setStatus] = useState<Status>('held');
  const [playerId, setPlayerId] = useState<number | null>(null);
  const [limit, setLimit] = useState(FIRST_LIMIT);
  const [ask, setAsk] = useState<ReasonAsk | null>(null);

  const query = useQuery({
    queryKey: ['ops', 'heldWins', 'list', status, playerId, limit],
    queryFn: async () => (await call('heldWins', 'list', { status, limit, ...(playerId ? { playerId } : {}) })).list,
  });
  useLiveRefetch(['win.held', 'approval.changed'], () => void query.refetch());
  const rows = query.data ?? [];

  const decide = (win: HeldWin, release: boolean) => {
    const amount = money(win.amount, win.currency);
    setAsk({
      title: t(release ? 'finance.heldWins.releaseTitle' : 'finance.heldWins.rejectTitle', { id: win.id, amount }),
      body: t(release ? 'finance.heldWins.releaseBody' : 'finance.heldWins.rejectBody'),
      okText: t(release ? 'finance.heldWins.release' : 'finance.reject'),
      danger: !release,
      submit: async (reason) => {
        if (release) {
          const result = await call('heldWins', 'release', { id: win.id, reason });
          if (result.approvalRequest) message.warning({ content: t('finance.fourEyesFiled', { id: result.approvalRequest.id }), duration: 8 });
          else message.success(t('finance.done'));
        } else {
          await call('heldWins', 'reject', { id: win.id, reason });
          message.success(t('finance.done'));
        }
        await query.refetch();
      },
    });
  };

  const exportCsv = () => {
    const header = [
      'id',
      'playerId',
      'aggregator',
      'gameCode',
      'round',
      'currency',
      'amount',
      'stakes',
      'reason',
      'status',
      'decidedBy',
      'decisionReason',
      'decidedAt',
      'createdAt',
    ];
    downloadCsv(
      `held-wins-${status}.csv`,
      toCsv(
        header,
        rows.map((win) => header.map((key) => win[key as keyof HeldWin])),
      ),
    );
  };

  return (
    <div data-testid="held-wins">
      <PageHeading
        title={t('finance.heldWins.title')}
        intro={t('finance.heldWins.intro')}
        extra={
          <Button onClick={exportCsv} disabled={rows.length === 0}>
            {t('common.exportCsv')}
          </Button>
        }
      />
      <Space wrap style={{ marginBottom: 16 }}>
        <Segmented
          value={status}
          onChange={(value) => {
            setStatus(value as Status);
            setLimit(FIRST_LIMIT);
          }}
          options={(['held', 'released', 'rejected'] as const).map((value) => ({ value, label: t(`finance.heldWins.statuses.${value}`) }))}
          data-testid="held-wins-status"
        />
        <InputNumber
          min={1}
          precision={0}
          placeholder={t('finance.payments.playerId')}
          value={playerId}
          onChange={(value) => setPlayerId(value ?? null)}
          style={{ width: 140 }}
        />
      </Space>
      <PageState
        loading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={query.isSuccess && rows.length === 0}
        emptyText={t('finance.heldWins.empty')}
      >
        <Table<HeldWin>
          rowKey="id"
          size="small"
          dataSource={rows}
          scroll={{ x: true }}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showTotal: (total) => t('common.total', { count: total }) }}
          onRow={(win) => ({ 'data-testid': `held-win-${win.id}` }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            { title: t('finance.id'), dataIndex: 'id', width: 60 },
            { title: t('common.player'), dataIndex: 'playerId', render: (id: number) => <PlayerLink id={id} /> },
            {
              title: t('common.amount'),
              key: 'amount',
              align: 'right',
              render: (_, win) => <span style={{ whiteSpace: 'nowrap' }}>{money(win.amount, win.currency)}</span>,
            },
            { title: t('finance.heldWins.stakes'), dataIndex: 'stakes', align: 'right', render: (value: string) => money(value) },
            { title: t('finance.heldWins.aggregator'), dataIndex: 'aggregator' },
            { title: t('finance.heldWins.game'), dataIndex: 'gameCode' },
            {
              title: t('finance.heldWins.round'),
              dataIndex: 'round',
              render: (value: string) => <Typography.Text style={{ fontSize: 12, wordBreak: 'break-all' }}>{value}</Typography.Text>,
            },
            { title: t('finance.heldWins.heldReason'), dataIndex: 'reason', render: (value: string) => <Tag color="orange">{value}</Tag> },
            { title: t('common.time'), dataIndex: 'createdAt', render: (value: string) => <span style={{ whiteSpace: 'nowrap' }}>{dateTime(value)}</span> },
            ...(status === 'held'
              ? [
                  {
                    title: t('common.actions'),
                    onHeaderCell: () => ({ style: { whiteSpace: 'nowrap' } }),
                    key: 'actions',
                    render: (_: unknown, win: HeldWin) =>
                      mayDecide && (
                        <Space wrap>
                          <Button size="small" type="primary" onClick={() => decide(win, true)} data-testid="release-held-win">
                            {t('finance.heldWins.release')}
                          </Button>
                          <Button size="small" danger onClick={() => decide(win, false)} data-testid="reject-held-win">
                            {t('finance.reject')}
                          </Button>
                        </Space>
                      ),
                  },
                ]
              : [
                  { title: t('finance.heldWins.decidedBy'), dataIndex: 'decidedBy', render: (value: string | null) => value ?? '—' },
                  { title: t('finance.heldWins.decision'), dataIndex: 'decisionReason', render: (value: string | null) => value ?? '—' },
                  {
                    title: t('finance.payments.completedAt'),
                    dataIndex: 'decidedAt',
                    render: (value: string | null) => <span style={{ whiteSpace: 'nowrap' }}>{dateTime(value)}</span>,
                  },
                ]),
          ]}
        />
        {rows.length >= limit && limit < MAX_LIMIT && (
          <Button style={{ marginTop: 12 }} onClick={() => setLimit(Math.min(limit * 2, MAX_LIMIT))}>
            {t('finance.heldWins.more')}
          </Button>
        )}
      </PageState>
      <ReasonModal ask={ask} onClose={() => setAsk(null)} />
    </div>
  );
}
