import { usePermissions, useTranslate } from '@refinedev/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Select, Space, Switch, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { opsCall, type Response } from '../../api/opsClient.ts';
import { PageState, useErrorText } from '../../components/PageState.tsx';
import { mayCall } from '../../state/me.ts';
import { GameOverrides } from './GameOverrides.tsx';
import { THIRD_PARTY_GAME_TYPES } from './gameTypes.ts';

type Report = Response<'games', 'categories'>;
type Category = Report['categories'][number];

const REPORT_KEY = ['ops', 'games', 'categories'];

/**
 * The third-party catalogue: the aggregators' categories and the game type each is shown as (and
 * why), the unmapped ones apart to map or hide, per-game choices, and a refresh from the aggregator.
 */
export default function Catalogue() {
  const t = useTranslate();
  const client = useQueryClient();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const { data: permissions } = usePermissions<string[]>({});
  const query = useQuery({ queryKey: REPORT_KEY, queryFn: () => opsCall<Report>('/ops/v1/games/categories') });
  const [busy, setBusy] = useState<string | null>(null);
  const [picked, setPicked] = useState<Record<string, number>>({});
  const mayMap = mayCall(permissions, 'games.mapCategory');
  const typeName = (type: number) => t(`dashboard.gameTypes.${type}`, String(type));
  const typeOptions = THIRD_PARTY_GAME_TYPES.map((type) => ({ value: type, label: typeName(type) }));

  const map = async (category: string, decision: { gameType?: number; hidden?: boolean; remove?: true }) => {
    setBusy(category);
    try {
      const reply = await opsCall<Response<'games', 'mapCategory'>>('/ops/v1/games/mapCategory', { category, ...decision });
      message.success(t('games.mapped', { count: reply.moved }));
      await client.invalidateQueries({ queryKey: ['ops', 'games'] });
    } catch (error) {
      message.error(errorText(error));
    } finally {
      setBusy(null);
    }
  };
  const refresh = async () => {
    setBusy('refresh');
    try {
      const reply = await opsCall<Response<'games', 'refresh'>>('/ops/v1/games/refresh');
      const unmappedGames = reply.unmapped.reduce((sum, category) => sum + category.games, 0);
      message.success(t('games.refreshed', { listed: reply.listed, hidden: reply.hidden, skipped: reply.skipped.length, unmapped: unmappedGames }));
      await client.invalidateQueries({ queryKey: ['ops', 'games'] });
    } catch (error) {
      message.error(errorText(error));
    } finally {
      setBusy(null);
    }
  };

  const report = query.data;
  const sourceTag = (row: Category) => (
    <Tag color={row.source === 'rule' ? 'blue' : row.source === 'meaning' ? 'default' : 'orange'}>{t(`games.sources.${row.source}`)}</Tag>
  );

  const categories = (
    <PageState
      loading={query.isLoading}
      error={query.error}
      onRetry={() => void query.refetch()}
      empty={!query.isLoading && !report?.categories.length}
      emptyText={t('games.noCategories')}
    >
      {report && (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Card size="small" title={t('games.unmappedTitle', { count: report.unmapped.length })} data-testid="unmapped">
            {report.unmapped.length === 0 ? (
              <Typography.Text type="secondary" data-testid="unmapped-none">
                {t('games.unmappedNone')}
              </Typography.Text>
            ) : (
              <Space direction="vertical" style={{ width: '100%' }}>
                <Typography.Text type="secondary">{t('games.unmappedHint', { type: typeName(report.defaultGameType) })}</Typography.Text>
                {report.unmapped.map((row) => (
                  <Space key={`${row.aggregator}:${row.category}`} wrap data-testid={`unmapped-${row.key}`}>
                    <Typography.Text strong>{row.category}</Typography.Text>
                    <Typography.Text type="secondary">{t('games.gameCount', { count: row.games })}</Typography.Text>
                    {mayMap && (
                      <>
                        <Select
                          size="small"
                          style={{ width: 160 }}
                          placeholder={t('games.showAs')}
                          options={typeOptions}
                          value={picked[row.key]}
                          onChange={(value) => setPicked((current) => ({ ...current, [row.key]: value }))}
                        />
                        <Button
                          size="small"
                          type="primary"
                          disabled={picked[row.key] === undefined}
                          loading={busy === row.category}
                          onClick={() => void map(row.category, { gameType: picked[row.key] })}
                        >
                          {t('games.map')}
                        </Button>
                        <Button size="small" loading={busy === row.category} onClick={() => void map(row.category, { hidden: true })}>
                          {t('games.hide')}
                        </Button>
                      </>
                    )}
                  </Space>
                ))}
              </Space>
            )}
          </Card>
          <Table
            size="small"
            rowKey={(row) => `${row.aggregator}:${row.category}`}
            data-testid="category-list"
            dataSource={report.categories}
            pagination={{ pageSize: 50, hideOnSinglePage: true }}
            scroll={{ x: true }}
            columns={[
              { title: t('games.aggregator'), dataIndex: 'aggregator' },
              {
                title: t('games.category'),
                dataIndex: 'category',
                render: (category: string, row: Category) => <span data-testid={`category-${row.key}`}>{category}</span>,
              },
              {
                title: t('games.games'),
                key: 'games',
                align: 'end' as const,
                render: (_: unknown, row: Category) => t('games.shownOf', { shown: row.shown, games: row.games }),
              },
              {
                title: t('games.shownAs'),
                key: 'gameType',
                render: (_: unknown, row: Category) =>
                  mayMap ? (
                    <Select
                      size="small"
                      style={{ width: 150 }}
                      value={row.gameType}
                      options={typeOptions}
                      loading={busy === row.category}
                      onChange={(gameType) => void map(row.category, { gameType })}
                      data-testid={`category-type-${row.key}`}
                    />
                  ) : (
                    typeName(row.gameType)
                  ),
              },
              {
                title: t('games.why'),
                key: 'source',
                render: (_: unknown, row: Category) => (row.unmapped ? <Tag color="red">{t('games.unmapped')}</Tag> : sourceTag(row)),
              },
              {
                title: t('games.visible'),
                key: 'hidden',
                render: (_: unknown, row: Category) =>
                  mayMap ? (
                    <Switch
                      size="small"
                      checked={!row.hidden}
                      loading={busy === row.category}
                      onChange={(on) => void map(row.category, { hidden: !on })}
                      data-testid={`category-visible-${row.key}`}
                    />
                  ) : row.hidden ? (
                    t('common.no')
                  ) : (
                    t('common.yes')
                  ),
              },
              {
                title: t('common.actions'),
                key: 'actions',
                render: (_: unknown, row: Category) =>
                  mayMap && (row.source === 'rule' || row.hidden) ? (
                    <Button size="small" type="link" onClick={() => void map(row.category, { remove: true })}>
                      {t('games.handBack')}
                    </Button>
                  ) : null,
              },
            ]}
          />
        </Space>
      )}
    </PageState>
  );

  return (
    <div data-testid="catalogue">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('games.catalogueTitle')}
        </Typography.Title>
        {mayCall(permissions, 'games.refresh') && (
          <Button onClick={() => void refresh()} loading={busy === 'refresh'} data-testid="games-refresh">
            {t('games.refresh')}
          </Button>
        )}
      </Space>
      <Tabs
        items={[
          { key: 'categories', label: t('games.categories'), children: categories },
          { key: 'games', label: t('games.perGame'), children: <GameOverrides /> },
        ]}
      />
    </div>
  );
}
