import { useGetLocale, usePermissions, useTranslate } from '@refinedev/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Modal, Space, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { call, OpsError, type Response } from '../../api/opsClient.ts';
import { downloadCsv, money, toCsv } from '../../components/format.ts';
import { PageState, useErrorText } from '../../components/PageState.tsx';
import { mayCall } from '../../state/me.ts';

type HashGame = Response<'hashGames', 'state'>['list'][number];
type Level = HashGame['levels'][number];
type Currency = 'USDT' | 'TRX';

const STATE_KEY = ['ops', 'hashGames', 'state'];
const CURRENCIES: readonly Currency[] = ['USDT', 'TRX'];
/** Base58 without 0, O, I and l: what a TRON address is spelled with. The server checks the checksum. */
const TRON_ADDRESS = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
const AMOUNT = /^\d{1,12}(\.\d{1,6})?$/;

/** A decimal amount as micro-units, for comparing without floats. */
function micro(amount: string): bigint {
  const [whole = '0', fraction = ''] = amount.trim().split('.');
  return BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, '0').slice(0, 6) || '0');
}

interface LimitsForm {
  address: string;
  USDT_min: string;
  USDT_max: string;
  TRX_min: string;
  TRX_max: string;
}

/**
 * The lobby's own hash games: each game on or off, its odds per area (the rules' figures, read-only)
 * and, per level, the stake limits and the TRON address transfer bets are sent to, editable.
 */
export default function HashGames() {
  const t = useTranslate();
  const locale = useGetLocale()();
  const client = useQueryClient();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const { data: permissions } = usePermissions<string[]>({});
  const query = useQuery({ queryKey: STATE_KEY, queryFn: () => call('hashGames', 'state', {}) });
  const [busy, setBusy] = useState<number | null>(null);
  const [editing, setEditing] = useState<{ game: HashGame; level: Level } | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<LimitsForm>();
  const mayToggle = mayCall(permissions, 'hashGames.setEnabled');
  const mayEdit = mayCall(permissions, 'hashGames.setTransferAddress');

  const nameOf = (game: HashGame) => (locale?.startsWith('zh') ? game.nameZh || game.nameEn : game.nameEn || game.nameZh);
  const levelName = (level: number) => t(`games.hash.level${level}`);
  const list = query.data?.list ?? [];

  const toggle = async (game: HashGame, enabled: boolean) => {
    setBusy(game.id);
    try {
      await call('hashGames', 'setEnabled', { gameId: game.id, enabled });
      message.success(t(enabled ? 'games.hash.switchedOn' : 'games.hash.switchedOff', { game: nameOf(game) }));
      await client.invalidateQueries({ queryKey: STATE_KEY });
    } catch (error) {
      message.error(errorText(error));
    } finally {
      setBusy(null);
    }
  };

  const openEditor = (game: HashGame, level: Level) => {
    form.setFieldsValue({
      address: level.transferAddress ?? '',
      USDT_min: level.limits.USDT.min,
      USDT_max: level.limits.USDT.max,
      TRX_min: level.limits.TRX.min,
      TRX_max: level.limits.TRX.max,
    });
    setEditing({ game, level });
  };

  const save = async () => {
    if (!editing) return;
    const values = await form.validateFields();
    setSaving(true);
    try {
      await call('hashGames', 'setTransferAddress', {
        gameId: editing.game.id,
        level: editing.level.level as 0 | 1,
        address: values.address.trim(),
        limits: {
          USDT: { min: values.USDT_min.trim(), max: values.USDT_max.trim() },
          TRX: { min: values.TRX_min.trim(), max: values.TRX_max.trim() },
        },
      });
      message.success(t('games.hash.saved'));
      setEditing(null);
      await client.invalidateQueries({ queryKey: STATE_KEY });
    } catch (error) {
      if (error instanceof OpsError && error.code === 10052) form.setFields([{ name: 'address', errors: [t('games.hash.badAddress')] }]);
      else message.error(errorText(error));
    } finally {
      setSaving(false);
    }
  };

  /** "Small, Big ×1.95": areas paying the same grouped, the ten digits as one. */
  const oddsText = (odds: Record<string, string>) => {
    const byOdds = new Map<string, string[]>();
    for (const [area, value] of Object.entries(odds)) byOdds.set(value, [...(byOdds.get(value) ?? []), area]);
    return [...byOdds.entries()].map(([value, areas]) => {
      const digits = areas.filter((area) => /^\d$/.test(area));
      const named = areas.filter((area) => !/^\d$/.test(area)).map((area) => t(`games.hash.areas.${area}`, area));
      const label = [...named, ...(digits.length === 10 ? [t('games.hash.areas.digits')] : digits)].join(t('games.hash.areaSeparator'));
      return `${label} ×${value}`;
    });
  };

  const exportCsv = () => {
    const rows = list.flatMap((game) =>
      game.levels.map((level) => [
        game.id,
        nameOf(game),
        game.enabled ? 'on' : 'off',
        level.level,
        level.transferAddress ?? '',
        level.limits.USDT.min,
        level.limits.USDT.max,
        level.limits.TRX.min,
        level.limits.TRX.max,
        Object.entries(level.odds)
          .map(([area, value]) => `${area}=${value}`)
          .join(' '),
      ]),
    );
    downloadCsv(
      'hash-games.csv',
      toCsv(['game_id', 'name', 'enabled', 'level', 'transfer_address', 'usdt_min', 'usdt_max', 'trx_min', 'trx_max', 'odds'], rows),
    );
  };

  const levelRows = (game: HashGame) => (
    <Table<Level>
      size="small"
      rowKey="level"
      pagination={false}
      dataSource={game.levels}
      scroll={{ x: true }}
      data-testid={`hash-levels-${game.id}`}
      columns={[
        { title: t('games.hash.level'), key: 'level', render: (_: unknown, level) => levelName(level.level) },
        {
          title: t('games.hash.address'),
          key: 'address',
          render: (_: unknown, level) =>
            level.transferAddress ? (
              <Typography.Text code copyable data-testid={`hash-address-${game.id}-${level.level}`}>
                {level.transferAddress}
              </Typography.Text>
            ) : (
              <Typography.Text type="secondary">{t('games.hash.noAddress')}</Typography.Text>
            ),
        },
        ...CURRENCIES.map((currency) => ({
          title: t(currency === 'USDT' ? 'games.hash.limitsUsdt' : 'games.hash.limitsTrx'),
          key: currency,
          align: 'end' as const,
          render: (_: unknown, level: Level) => `${money(level.limits[currency].min)} – ${money(level.limits[currency].max)}`,
        })),
        {
          title: t('common.actions'),
          key: 'actions',
          render: (_: unknown, level) =>
            mayEdit && game.transferBet ? (
              <Button size="small" onClick={() => openEditor(game, level)} data-testid={`hash-edit-${game.id}-${level.level}`}>
                {t('games.hash.edit')}
              </Button>
            ) : null,
        },
      ]}
    />
  );

  const limitField = (currency: Currency, bound: 'min' | 'max') => (
    <Form.Item
      name={`${currency}_${bound}`}
      label={`${currency} ${t(`games.hash.${bound}`)}`}
      dependencies={bound === 'max' ? [`${currency}_min`] : []}
      rules={[
        { required: true, pattern: AMOUNT, message: t('games.hash.amountFormat') },
        {
          validator: (_, value: string) =>
            value && AMOUNT.test(value.trim()) && micro(value) <= 0n ? Promise.reject(new Error(t('games.hash.amountFormat'))) : Promise.resolve(),
        },
        ...(bound === 'max'
          ? [
              ({ getFieldValue }: { getFieldValue: (name: string) => string }) => ({
                validator: (_: unknown, value: string) => {
                  const min = getFieldValue(`${currency}_min`);
                  if (!value || !min || !AMOUNT.test(value.trim()) || !AMOUNT.test(min.trim())) return Promise.resolve();
                  return micro(min) < micro(value) ? Promise.resolve() : Promise.reject(new Error(t('games.hash.minBelowMax')));
                },
              }),
            ]
          : []),
      ]}
    >
      <Input inputMode="decimal" data-testid={`hash-${currency}-${bound}`} />
    </Form.Item>
  );

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="hash-games">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('games.hashGames')}
      </Typography.Title>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Text type="secondary">{t('games.hash.hint')}</Typography.Text>
        <Button onClick={exportCsv} disabled={list.length === 0}>
          {t('common.exportCsv')}
        </Button>
      </Space>
      <PageState
        loading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={!query.isLoading && list.length === 0}
        emptyText={t('games.hash.none')}
      >
        <Table<HashGame>
          size="small"
          rowKey="id"
          dataSource={list}
          pagination={false}
          scroll={{ x: true }}
          data-testid="hash-game-list"
          expandable={{ expandedRowRender: levelRows, expandRowByClick: false }}
          columns={[
            { title: t('games.hash.id'), dataIndex: 'id', width: 60 },
            { title: t('games.hash.name'), key: 'name', render: (_: unknown, game) => <span data-testid={`hash-name-${game.id}`}>{nameOf(game)}</span> },
            { title: t('games.hash.round'), key: 'round', render: (_: unknown, game) => t('games.hash.seconds', { seconds: game.seconds }) },
            {
              title: t('games.hash.enabled'),
              key: 'enabled',
              render: (_: unknown, game) =>
                mayToggle ? (
                  <Switch
                    size="small"
                    checked={game.enabled}
                    loading={busy === game.id}
                    onChange={(on) => void toggle(game, on)}
                    data-testid={`hash-enabled-${game.id}`}
                  />
                ) : (
                  <Tag color={game.enabled ? 'green' : 'default'}>{game.enabled ? t('common.yes') : t('common.no')}</Tag>
                ),
            },
            {
              title: t('games.hash.odds'),
              key: 'odds',
              render: (_: unknown, game) => {
                const [first, second] = game.levels;
                const same = !second || JSON.stringify(first?.odds) === JSON.stringify(second.odds);
                return (
                  <Space direction="vertical" size={0}>
                    {game.levels.slice(0, same ? 1 : 2).map((level) => (
                      <Space key={level.level} size={4} wrap>
                        {!same && <Typography.Text type="secondary">{levelName(level.level)}:</Typography.Text>}
                        {oddsText(level.odds).map((text) => (
                          <Tag key={text}>{text}</Tag>
                        ))}
                      </Space>
                    ))}
                  </Space>
                );
              },
            },
          ]}
        />
      </PageState>
      <Modal
        open={editing !== null}
        title={editing ? t('games.hash.editTitle', { game: nameOf(editing.game), level: levelName(editing.level.level) }) : ''}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        confirmLoading={saving}
        onOk={() => void save().catch(() => undefined)}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Alert type="warning" showIcon message={t('games.hash.editHint')} style={{ marginBottom: 12 }} />
        <Form form={form} layout="vertical" data-testid="hash-address-form">
          <Form.Item name="address" label={t('games.hash.address')} rules={[{ required: true, pattern: TRON_ADDRESS, message: t('games.hash.addressFormat') }]}>
            <Input spellCheck={false} autoComplete="off" data-testid="hash-address-input" />
          </Form.Item>
          {CURRENCIES.map((currency) => (
            <Space key={currency} size={12} style={{ display: 'flex' }}>
              {limitField(currency, 'min')}
              {limitField(currency, 'max')}
            </Space>
          ))}
        </Form>
      </Modal>
    </Space>
  );
}
