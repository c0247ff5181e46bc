import { useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Input, Table, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { call, type Response } from '../../api/opsClient.ts';
import { dateTime } from '../../components/format.ts';
import { PageState } from '../../components/PageState.tsx';
import { PlayerLink, StatusTag } from './shared.tsx';

type Summary = Response<'players', 'search'>['list'][number];

/** Finds players by id, account, e-mail, deposit or bound address; the query and page live in the address. */
export default function PlayerSearch() {
  const t = useTranslate();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const page = Number(params.get('page') ?? '1') || 1;
  const pageSize = Number(params.get('size') ?? '20') || 20;
  const result = useQuery({
    queryKey: ['players', 'search', query, page, pageSize],
    queryFn: () => call('players', 'search', { query, page, pageSize }),
    enabled: query.trim().length > 0,
  });

  return (
    <div data-testid="player-search">
      <Typography.Title level={3}>{t('players.title')}</Typography.Title>
      <Input.Search
        defaultValue={query}
        key={query}
        placeholder={t('players.searchPlaceholder')}
        enterButton={t('common.search')}
        allowClear
        maxLength={100}
        onSearch={(value) => setParams(value.trim() ? { q: value.trim() } : {})}
        style={{ maxWidth: 560, marginBottom: 16 }}
        data-testid="player-query"
      />
      {!query ? (
        <Typography.Paragraph type="secondary">{t('players.searchHint')}</Typography.Paragraph>
      ) : (
        <PageState
          loading={result.isLoading}
          error={result.error}
          onRetry={() => void result.refetch()}
          empty={result.data?.total === 0}
          emptyText={t('players.noMatch', { query })}
        >
          <Table<Summary>
            rowKey="playerId"
            size="small"
            scroll={{ x: true }}
            dataSource={result.data?.list}
            loading={result.isFetching}
            data-testid="player-results"
            pagination={{
              current: page,
              pageSize,
              total: result.data?.total ?? 0,
              showSizeChanger: true,
              showTotal: (total) => t('common.total', { count: total }),
              onChange: (next, size) => setParams({ q: query, page: String(next), size: String(size) }),
            }}
            columns={[
              { title: t('players.id'), key: 'id', render: (_, row) => <PlayerLink playerId={row.playerId} /> },
              { title: t('players.account'), dataIndex: 'account', render: (value) => value ?? '—' },
              { title: t('players.nickname'), dataIndex: 'nickname' },
              { title: t('players.email'), dataIndex: 'email', render: (value) => value ?? '—' },
              { title: t('common.status'), dataIndex: 'status', render: (value: number) => <StatusTag status={value} /> },
              { title: t('players.vip'), dataIndex: 'vipLevel' },
              { title: t('players.registeredAt'), dataIndex: 'registeredAt', render: dateTime },
              { title: t('players.matched'), dataIndex: 'matched', render: (value: Summary['matched']) => t(`players.matchedBy.${value}`) },
            ]}
          />
        </PageState>
      )}
    </div>
  );
}
