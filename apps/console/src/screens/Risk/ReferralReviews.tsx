import { usePermissions, useTranslate } from '@refinedev/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Segmented, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { call, type Response } from '../../api/opsClient.ts';
import { dateTime, money } from '../../components/format.ts';
import { PageState } from '../../components/PageState.tsx';
import { mayCall } from '../../state/me.ts';
import { ActionDialog } from '../Players/shared.tsx';

type Review = Response<'referral', 'reviews'>['list'][number];

/** Invitations held as self-referral, with "clear" for those who may decide. */
export default function ReferralReviews() {
  const t = useTranslate();
  const { data: permissions } = usePermissions<string[]>({});
  const mayClear = mayCall(permissions, 'referral.clear');
  const [status, setStatus] = useState<'held' | 'cleared' | 'all'>('held');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(50);
  const [clearing, setClearing] = useState<number | null>(null);
  const query = useQuery({
    queryKey: ['risk', 'referralReviews', status, page, pageSize],
    queryFn: () => call('referral', 'reviews', { page, pageSize, ...(status === 'all' ? {} : { status }) }),
    placeholderData: keepPreviousData,
  });
  return (
    <div data-testid="risk-referrals">
      <Typography.Title level={3}>{t('risk.referrals.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('risk.referrals.hint')}</Typography.Paragraph>
      <Segmented
        value={status}
        onChange={(value) => {
          setStatus(value as typeof status);
          setPage(1);
        }}
        options={[
          { value: 'held', label: t('risk.referrals.status.held') },
          { value: 'cleared', label: t('risk.referrals.status.cleared') },
          { value: 'all', label: t('common.all') },
        ]}
        style={{ marginBottom: 12 }}
      />
      <PageState loading={query.isLoading} error={query.error} onRetry={() => void query.refetch()}>
        <Table<Review>
          rowKey="playerId"
          size="small"
          scroll={{ x: true }}
          dataSource={query.data?.list}
          loading={query.isFetching}
          locale={{ emptyText: t('risk.referrals.empty') }}
          data-testid="referral-reviews"
          pagination={{
            current: page,
            pageSize,
            total: query.data?.total ?? 0,
            showTotal: (total) => t('common.total', { count: total }),
            onChange: (next, size) => {
              setPage(size === pageSize ? next : 1);
              setPageSize(size);
            },
          }}
          columns={[
            { title: t('risk.referrals.invitee'), dataIndex: 'playerId', render: (id: number) => <Link to={`/players/${id}`}>{id}</Link> },
            { title: t('risk.referrals.inviter'), dataIndex: 'inviterId', render: (id: number) => <Link to={`/players/${id}`}>{id}</Link> },
            { title: t('risk.referrals.matched'), dataIndex: 'matched' },
            { title: t('risk.referrals.flaggedAt'), dataIndex: 'flaggedAt', render: dateTime },
            {
              title: t('risk.referrals.held'),
              key: 'held',
              align: 'right',
              render: (_, row) => (
                <>
                  {money(row.heldCommission.usdt, 'USDT')}
                  <br />
                  {money(row.heldCommission.trx, 'TRX')}
                </>
              ),
            },
            {
              title: t('common.status'),
              key: 'status',
              render: (_, row) =>
                row.status === 'held' ? (
                  <Tag color="orange">{t('risk.referrals.status.held')}</Tag>
                ) : (
                  <span>
                    <Tag color="green">{t('risk.referrals.status.cleared')}</Tag>
                    <Typography.Text type="secondary">{t('risk.referrals.cleared', { by: row.clearedBy ?? '—', at: dateTime(row.clearedAt) })}</Typography.Text>
                    {row.note ? <div>{row.note}</div> : null}
                  </span>
                ),
            },
            ...(mayClear
              ? [
                  {
                    title: t('common.actions'),
                    key: 'actions',
                    render: (_: unknown, row: Review) =>
                      row.status === 'held' ? (
                        <Button size="small" type="primary" onClick={() => setClearing(row.playerId)} data-testid={`clear-${row.playerId}`}>
                          {t('risk.referrals.clear')}
                        </Button>
                      ) : null,
                  },
                ]
              : []),
          ]}
        />
      </PageState>
      <ActionDialog<{ note?: string }>
        testId="clear-dialog"
        open={clearing !== null}
        title={t('risk.referrals.clearTitle', { id: clearing ?? '' })}
        hint={t('risk.referrals.clearHint')}
        reason={false}
        onClose={() => setClearing(null)}
        submit={async ({ note }) => {
          if (clearing === null) return;
          await call('referral', 'clear', { playerId: clearing, ...(note?.trim() ? { note: note.trim() } : {}) });
          await query.refetch();
        }}
      >
        <Form.Item name="note" label={t('risk.referrals.note')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </ActionDialog>
    </div>
  );
}
