import { usePermissions, useTranslate, useGetLocale } from '@refinedev/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, InputNumber, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { opsCall, type Response } from '../../api/opsClient.ts';
import { PageState, useErrorText } from '../../components/PageState.tsx';
import { mayCall } from '../../state/me.ts';
import { THIRD_PARTY_GAME_TYPES } from './gameTypes.ts';

type Page = Response<'games', 'list'>;
type Game = Page['list'][number];
type Choice = 'auto' | 'yes' | 'no';

const choiceOf = (value: boolean | null): Choice => (value === null ? 'auto' : value ? 'yes' : 'no');
const choiceValue = (choice: Choice): boolean | null => (choice === 'auto' ? null : choice === 'yes');

/**
 * Each third-party game with the operator's hot, new and sort choices (or the aggregator's, when
 * none) and whether the lobby shows it; a page at a time, by name, code or game type.
 */
export function GameOverrides() {
  const t = useTranslate();
  const locale = useGetLocale()();
  const client = useQueryClient();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const { data: permissions } = usePermissions<string[]>({});
  const [filter, setFilter] = useState<{ search?: string; gameType?: number; page: number; pageSize: number }>({ page: 1, pageSize: 20 });
  const [sorts, setSorts] = useState<Record<number, number | null>>({});
  const [busy, setBusy] = useState<number | null>(null);
  const query = useQuery({
    queryKey: ['ops', 'games', 'list', filter],
    queryFn: () => opsCall<Page>('/ops/v1/games/list', filter),
    placeholderData: keepPreviousData,
  });
  const mayOverride = mayCall(permissions, 'games.override');
  const typeName = (type: number) => t(`dashboard.gameTypes.${type}`, String(type));

  const override = async (gameId: number, change: { hot?: boolean | null; new?: boolean | null; sort?: number | null; visible?: boolean }) => {
    setBusy(gameId);
    try {
      await opsCall('/ops/v1/games/override', { gameId, ...change });
      await client.invalidateQueries({ queryKey: ['ops', 'games', 'list'] });
      setSorts((current) => {
        const { [gameId]: _, ...rest } = current;
        return rest;
      });
      message.success(t('games.overrideSaved'));
    } catch (error) {
      message.error(errorText(error));
    } finally {
      setBusy(null);
    }
  };
  const choiceSelect = (game: Game, field: 'hot' | 'new') => {
    const current = field === 'hot' ? game.hotOverride : game.newOverride;
    const shown = field === 'hot' ? game.hot : game.new;
    return (
      <Select<Choice>
        size="small"
        style={{ width: 130 }}
        disabled={!mayOverride}
        loading={busy === game.id}
        value={choiceOf(current)}
        onChange={(choice) => void override(game.id, { [field]: choiceValue(choice) })}
        options={[
          { value: 'auto', label: t('games.auto', { value: shown ? t('common.yes') : t('common.no') }) },
          { value: 'yes', label: t('common.yes') },
          { value: 'no', label: t('common.no') },
        ]}
      />
    );
  };

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Space wrap>
        <Input.Search
          allowClear
          placeholder={t('games.searchHint')}
          style={{ width: 240 }}
          onSearch={(search) => setFilter((current) => ({ ...current, search: search.trim() || undefined, page: 1 }))}
        />
        <Select
          style={{ width: 170 }}
          value={filter.gameType ?? null}
          onChange={(gameType) => setFilter((current) => ({ ...current, gameType: gameType ?? undefined, page: 1 }))}
          options={[{ value: null, label: t('common.all') }, ...THIRD_PARTY_GAME_TYPES.map((type) => ({ value: type, label: typeName(type) }))]}
        />
      </Space>
      <PageState
        loading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={!query.isLoading && query.data?.total === 0}
        emptyText={filter.search || filter.gameType ? t('games.noMatch') : t('games.noGames')}
      >
        <Table
          size="small"
          rowKey="id"
          data-testid="game-list"
          loading={query.isFetching}
          dataSource={query.data?.list ?? []}
          scroll={{ x: true }}
          pagination={{
            current: filter.page,
            pageSize: filter.pageSize,
            total: query.data?.total ?? 0,
            showTotal: (total) => t('common.total', { count: total }),
            onChange: (page, pageSize) => setFilter((current) => ({ ...current, page, pageSize })),
          }}
          columns={[
            {
              title: t('games.game'),
              key: 'name',
              render: (_: unknown, game: Game) => (
                <div style={{ minWidth: 150 }}>
                  <div>{locale === 'zh' ? game.nameZh || game.name : game.name}</div>
                  <Typography.Text type="secondary">
                    {game.gameCode} · {game.manufacturer}
                  </Typography.Text>
                </div>
              ),
            },
            {
              title: t('games.shownAs'),
              key: 'type',
              render: (_: unknown, game: Game) => (
                <div>
                  <div>{typeName(game.gameType)}</div>
                  <Typography.Text type="secondary">{game.category}</Typography.Text>
                </div>
              ),
            },
            { title: t('games.hot'), key: 'hot', render: (_: unknown, game: Game) => choiceSelect(game, 'hot') },
            { title: t('games.new'), key: 'new', render: (_: unknown, game: Game) => choiceSelect(game, 'new') },
            {
              title: t('games.sort'),
              key: 'sort',
              render: (_: unknown, game: Game) => {
                const draft = game.id in sorts ? sorts[game.id] : game.sortOverride;
                return (
                  <Space size={4} style={{ whiteSpace: 'nowrap' }}>
                    <InputNumber
                      size="small"
                      style={{ width: 90 }}
                      min={-1_000_000}
                      max={1_000_000}
                      precision={0}
                      disabled={!mayOverride}
                      placeholder={String(game.sort)}
                      value={draft}
                      onChange={(value) => setSorts((current) => ({ ...current, [game.id]: value }))}
                    />
                    {mayOverride && game.id in sorts && (
                      <Button size="small" type="primary" loading={busy === game.id} onClick={() => void override(game.id, { sort: sorts[game.id] ?? null })}>
                        {t('common.save')}
                      </Button>
                    )}
                  </Space>
                );
              },
            },
            {
              title: t('games.visible'),
              key: 'visible',
              render: (_: unknown, game: Game) => (
                <Space size={4}>
                  <Switch
                    size="small"
                    checked={game.visible}
                    disabled={!mayOverride}
                    loading={busy === game.id}
                    onChange={(visible) => void override(game.id, { visible })}
                  />
                  {!game.listed && <Tag>{t('games.delisted')}</Tag>}
                </Space>
              ),
            },
          ]}
        />
      </PageState>
    </Space>
  );
}
