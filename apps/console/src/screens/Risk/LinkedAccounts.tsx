import { useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Alert, Input, Space, Table, Tag, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { call, type Response } from '../../api/opsClient.ts';
import { dateTime } from '../../components/format.ts';
import { PageState } from '../../components/PageState.tsx';
import { PlayerLink, StatusTag } from '../Players/shared.tsx';

type Linked = Response<'risk', 'linkedAccounts'>['list'][number];

/** The players sharing an address, a device or a wallet with one player; the player lives in the address. */
export default function LinkedAccounts() {
  const t = useTranslate();
  const [params, setParams] = useSearchParams();
  const raw = params.get('player') ?? '';
  const playerId = /^\d{1,10}$/.test(raw) && Number(raw) > 0 && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
  const query = useQuery({
    queryKey: ['risk', 'linked', playerId],
    queryFn: () => call('risk', 'linkedAccounts', { playerId: playerId ?? 0 }),
    enabled: playerId !== null,
  });
  return (
    <div data-testid="risk-linked">
      <Typography.Title level={3}>{t('risk.linked.title')}</Typography.Title>
      <Input.Search
        key={raw}
        defaultValue={raw}
        placeholder={t('risk.linked.playerId')}
        enterButton={t('common.search')}
        inputMode="numeric"
        onSearch={(value) => setParams(value.trim() ? { player: value.trim() } : {})}
        style={{ maxWidth: 360, marginBottom: 16 }}
        data-testid="linked-player"
      />
      {!raw ? (
        <Typography.Paragraph type="secondary">{t('risk.linked.hint')}</Typography.Paragraph>
      ) : playerId === null ? (
        <Alert type="warning" showIcon message={t('risk.linked.invalid')} />
      ) : (
        <PageState
          loading={query.isLoading}
          error={query.error}
          onRetry={() => void query.refetch()}
          empty={query.data?.list.length === 0}
          emptyText={t('risk.linked.empty', { id: playerId })}
        >
          {query.data?.truncated && (
            <Alert type="info" showIcon message={t('risk.linked.truncated', { count: query.data.list.length })} style={{ marginBottom: 8 }} />
          )}
          <Table<Linked>
            rowKey="playerId"
            size="small"
            scroll={{ x: true }}
            dataSource={query.data?.list}
            pagination={{ pageSize: 50, hideOnSinglePage: true }}
            data-testid="linked-table"
            columns={[
              {
                title: t('common.player'),
                key: 'player',
                render: (_, row) => <PlayerLink playerId={row.playerId} account={row.account} nickname={row.nickname} />,
              },
              { title: t('common.status'), dataIndex: 'status', render: (value: number) => <StatusTag status={value} /> },
              { title: t('players.registeredAt'), dataIndex: 'registeredAt', render: dateTime },
              {
                title: t('risk.linked.shares'),
                key: 'shares',
                render: (_, row) => (
                  <Space direction="vertical" size={2}>
                    {row.shares.map((share) => (
                      <span key={`${share.kind}-${share.value}-${share.how}`}>
                        <Tag>{t(`risk.linked.kind.${share.kind}`)}</Tag>
                        <Typography.Text style={{ wordBreak: 'break-all' }}>{share.value}</Typography.Text>{' '}
                        <Typography.Text type="secondary">({share.how})</Typography.Text>
                      </span>
                    ))}
                  </Space>
                ),
              },
            ]}
          />
        </PageState>
      )}
    </div>
  );
}
