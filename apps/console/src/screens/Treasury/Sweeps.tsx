import { parseMicro } from '@lobby/contract/micro';
import { usePermissions, useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Descriptions, Form, Input, Modal, Progress, Row, Segmented, Space, Table, Tabs, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { call, type Response } from '../../api/opsClient.ts';
import { dateTime, money } from '../../components/format.ts';
import { PageState, useErrorText } from '../../components/PageState.tsx';
import { useSubmit } from '../../components/submitting.ts';
import { mayCall } from '../../state/me.ts';

type Overview = Response<'treasury', 'sweeps'>;
type Sweep = Overview['sweeps'][number];
type Action = Overview['actions'][number];
type Topup = Overview['topups'][number];
type Cycle = Overview['cycles'][number];
type Settings = Overview['settings'];
type Currency = 'USDT' | 'TRX';
type HotState = 'low' | 'ok' | 'high' | 'unknown';

const CURRENCIES: readonly Currency[] = ['USDT', 'TRX'];
const FIGURES = ['threshold', 'floor', 'target'] as const;
const QUERY_KEY = ['treasury', 'sweeps'];
const STATUS_COLOR: Record<Sweep['status'] | 'running', string> = {
  planned: 'default',
  signed: 'blue',
  broadcast: 'geekblue',
  confirmed: 'green',
  failed: 'red',
  dropped: 'orange',
  running: 'processing',
};
const STATE_COLOR: Record<HotState, string> = { low: 'red', ok: 'green', high: 'gold', unknown: 'default' };
const MONO = { fontFamily: 'monospace', fontSize: 12 } as const;
/** A cycle's counts in the order it works: following what was sent, sweeping, then the hot wallet. */
const SUMMARY_ORDER = [
  'confirmed',
  'failed',
  'dropped',
  'reoffered',
  'planned',
  'signed',
  'activated',
  'funded',
  'delegated',
  'undelegated',
  'waiting',
  'energyShort',
  'feeCapped',
  'topups',
  'rebalanced',
];
const rank = (key: string) => (SUMMARY_ORDER.includes(key) ? SUMMARY_ORDER.indexOf(key) : SUMMARY_ORDER.length);
/** Times and ids keep to one line; the table scrolls sideways within itself when narrow. */
const oneLine = (text: string) => <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;

/** Where the hot wallet stands in one currency against its floor and target. */
function hotState(balance: string | undefined, floor: string, target: string): HotState {
  const held = balance === undefined ? undefined : parseMicro(balance);
  if (held === undefined) return 'unknown';
  if (held < (parseMicro(floor) ?? 0n)) return 'low';
  if (held > (parseMicro(target) ?? 0n)) return 'high';
  return 'ok';
}

/** An address or transaction id cut to its ends, the whole of it copied. */
function Short({ text, testId }: { text: string | null | undefined; testId?: string }) {
  if (!text) return <>—</>;
  return (
    <Tooltip title={text}>
      <Typography.Text copyable={{ text }} style={{ ...MONO, whiteSpace: 'nowrap' }} data-testid={testId}>
        {text.length > 14 ? `${text.slice(0, 6)}…${text.slice(-6)}` : text}
      </Typography.Text>
    </Tooltip>
  );
}

/** A cycle's counts in words, the ones that did something; "nothing to do" when none did. */
function useSummaryText() {
  const t = useTranslate();
  return (summary: Cycle['summary']): string[] =>
    Object.entries(summary)
      .filter(([, count]) => count > 0)
      .sort(([a], [b]) => rank(a) - rank(b))
      .map(([key, count]) => t(`treasury.sweeps.summaryKey.${key}`, { count }, `${key}: ${count}`));
}

/**
 * Sweeps (TREASURY.md "Sweeps", "Hot and cold"): the hot wallet per currency against its floor and
 * target, the open top-up requests for the cold wallet's holders, the recent sweeps, the treasury's
 * own chain transactions and the cycles; a cycle on demand and the floors, targets and thresholds.
 */
export default function Sweeps() {
  const t = useTranslate();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const summaryText = useSummaryText();
  const { data: permissions } = usePermissions<string[]>({});
  const mayRun = mayCall(permissions, 'treasury.sweep');
  const mayChange = mayCall(permissions, 'treasury.setHotCold');
  const query = useQuery({ queryKey: QUERY_KEY, queryFn: () => call('treasury', 'sweeps', { limit: 100 }) });
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [tab, setTab] = useState('sweeps');
  const [editing, setEditing] = useState(false);
  const runNow = async () => {
    setRunning(true);
    setError(null);
    try {
      const { cycle } = await call('treasury', 'sweep', {});
      const did = summaryText(cycle.summary);
      message.success(t('treasury.sweeps.ran', { id: cycle.id, summary: did.length ? did.join(', ') : t('treasury.sweeps.idle') }));
      setTab('cycles');
      await query.refetch();
    } catch (caught) {
      setError(caught);
    } finally {
      setRunning(false);
    }
  };
  const data = query.data;
  return (
    <div data-testid="treasury-sweeps">
      <Space wrap align="center" style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('treasury.sweeps.title')}
        </Typography.Title>
        <Space wrap>
          <Button onClick={() => void query.refetch()} loading={query.isFetching && !running} data-testid="sweeps-refresh">
            {t('treasury.sweeps.refresh')}
          </Button>
          {mayRun && (
            <Button type="primary" loading={running} onClick={() => void runNow()} data-testid="sweep-now">
              {t('treasury.sweeps.run')}
            </Button>
          )}
        </Space>
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        {t('treasury.sweeps.hint')}
      </Typography.Paragraph>
      {error !== null && (
        <Alert
          type="error"
          showIcon
          closable
          onClose={() => setError(null)}
          message={errorText(error)}
          style={{ marginBottom: 16 }}
          data-testid="sweep-error"
        />
      )}
      <PageState loading={query.isLoading} error={query.error} onRetry={() => void query.refetch()}>
        {data && (
          <>
            <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
              <Col xs={24} xl={14}>
                <HotWalletCard data={data} />
              </Col>
              <Col xs={24} xl={10}>
                <SettingsCard settings={data.settings} mayChange={mayChange} onChange={() => setEditing(true)} />
              </Col>
            </Row>
            <TopupsCard topups={data.topups} />
            <Tabs
              activeKey={tab}
              onChange={setTab}
              items={[
                { key: 'sweeps', label: `${t('treasury.sweeps.sweeps')} (${data.sweeps.length})`, children: <SweepsTable sweeps={data.sweeps} /> },
                { key: 'actions', label: `${t('treasury.sweeps.actions')} (${data.actions.length})`, children: <ActionsTable actions={data.actions} /> },
                { key: 'cycles', label: `${t('treasury.sweeps.cycles')} (${data.cycles.length})`, children: <CyclesTable cycles={data.cycles} /> },
              ]}
              data-testid="sweeps-tabs"
            />
            {editing && (
              <SettingsDialog
                settings={data.settings}
                onClose={() => setEditing(false)}
                onSaved={async () => {
                  setEditing(false);
                  message.success(t('treasury.sweeps.saved'));
                  await query.refetch();
                }}
              />
            )}
          </>
        )}
      </PageState>
    </div>
  );
}

function HotWalletCard({ data }: { data: Overview }) {
  const t = useTranslate();
  const { hotWallet, settings } = data;
  return (
    <Card size="small" title={t('treasury.sweeps.hotWallet')} data-testid="hot-wallet" style={{ height: '100%' }}>
      <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('treasury.sweeps.hotAddress')}>
          <Typography.Text copyable={{ text: hotWallet.address }} style={{ ...MONO, wordBreak: 'break-all' }}>
            {hotWallet.address}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('treasury.sweeps.coldAddress')}>
          {data.coldAddress ? (
            <Typography.Text copyable={{ text: data.coldAddress }} style={{ ...MONO, wordBreak: 'break-all' }}>
              {data.coldAddress}
            </Typography.Text>
          ) : (
            <Typography.Text type="warning">{t('treasury.sweeps.noCold')}</Typography.Text>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('treasury.sweeps.signer')}>
          <Tag color={data.signer === 'online' ? 'green' : 'default'} data-testid="sweeps-signer">
            {t(`treasury.sweeps.signerMode.${data.signer}`)}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('treasury.sweeps.energy')}>{t(`treasury.sweeps.energyMode.${data.energyStrategy}`)}</Descriptions.Item>
      </Descriptions>
      {!hotWallet.balances && <Alert type="warning" showIcon message={t('treasury.sweeps.unread')} style={{ marginBottom: 12 }} />}
      <Row gutter={[12, 12]}>
        {CURRENCIES.map((currency) => (
          <Col key={currency} xs={24} md={12}>
            <HotCurrency currency={currency} balance={hotWallet.balances?.[currency]} floor={settings.floor[currency]} target={settings.target[currency]} />
          </Col>
        ))}
      </Row>
    </Card>
  );
}

function HotCurrency({ currency, balance, floor, target }: { currency: Currency; balance: string | undefined; floor: string; target: string }) {
  const t = useTranslate();
  const state = hotState(balance, floor, target);
  const held = balance === undefined ? 0n : (parseMicro(balance) ?? 0n);
  const goal = parseMicro(target) ?? 0n;
  const percent = goal > 0n ? Number((held * 1000n) / goal) / 10 : state === 'unknown' ? 0 : 100;
  return (
    <div data-testid={`hot-${currency}`} data-state={state} style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: 12 }}>
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Text strong>{currency}</Typography.Text>
        <Tag color={STATE_COLOR[state]} data-testid={`hot-${currency}-state`} style={{ marginInlineEnd: 0 }}>
          {t(`treasury.sweeps.state.${state}`)}
        </Tag>
      </Space>
      <Typography.Title level={4} style={{ margin: '8px 0 4px' }} data-testid={`hot-${currency}-balance`}>
        {money(balance, currency)}
      </Typography.Title>
      <Progress
        percent={Math.min(percent, 100)}
        strokeColor={state === 'low' ? '#ff4d4f' : state === 'high' ? '#faad14' : '#52c41a'}
        showInfo={false}
        size="small"
        style={{ margin: 0 }}
      />
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
        {t('treasury.sweeps.floor')}: {money(floor)} · {t('treasury.sweeps.target')}: {money(target)}
      </Typography.Text>
      <Typography.Text type={state === 'low' ? 'danger' : 'secondary'} style={{ display: 'block', fontSize: 12 }}>
        {t(`treasury.sweeps.stateHint.${state}`)}
      </Typography.Text>
    </div>
  );
}

function SettingsCard({ settings, mayChange, onChange }: { settings: Settings; mayChange: boolean; onChange: () => void }) {
  const t = useTranslate();
  return (
    <Card
      size="small"
      title={t('treasury.sweeps.settings')}
      style={{ height: '100%' }}
      data-testid="sweep-settings"
      extra={
        mayChange && (
          <Button size="small" onClick={onChange} data-testid="sweep-settings-change">
            {t('treasury.sweeps.change')}
          </Button>
        )
      }
    >
      <Table
        rowKey="figure"
        size="small"
        pagination={false}
        dataSource={FIGURES.map((figure) => ({ figure }))}
        columns={[
          { title: '', dataIndex: 'figure', render: (figure: (typeof FIGURES)[number]) => t(`treasury.sweeps.${figure}`) },
          ...CURRENCIES.map((currency) => ({
            title: currency,
            key: currency,
            align: 'right' as const,
            render: (_: unknown, row: { figure: (typeof FIGURES)[number] }) => (
              <span data-testid={`setting-${row.figure}-${currency}`}>{money(settings[row.figure][currency])}</span>
            ),
          })),
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '8px 0 0' }} data-testid="sweep-settings-updated">
        {settings.updatedAt
          ? t('treasury.sweeps.updated', { by: settings.updatedBy ?? '—', at: dateTime(settings.updatedAt) })
          : t('treasury.sweeps.fromConfig')}{' '}
        {t('treasury.sweeps.settingsHint')}
      </Typography.Paragraph>
    </Card>
  );
}

type SettingsForm = Record<`${(typeof FIGURES)[number]}_${Currency}`, string>;

function SettingsDialog({ settings, onClose, onSaved }: { settings: Settings; onClose: () => void; onSaved: () => Promise<void> }) {
  const t = useTranslate();
  const [form] = Form.useForm<SettingsForm>();
  const { busy, error, submit } = useSubmit();
  const initial = Object.fromEntries(
    FIGURES.flatMap((figure) => CURRENCIES.map((currency) => [`${figure}_${currency}`, settings[figure][currency]])),
  ) as SettingsForm;
  const save = async () => {
    const values = await form.validateFields();
    const each = (figure: (typeof FIGURES)[number]) => ({ USDT: values[`${figure}_USDT`].trim(), TRX: values[`${figure}_TRX`].trim() });
    if (await submit(() => call('treasury', 'setHotCold', { threshold: each('threshold'), floor: each('floor'), target: each('target') }))) await onSaved();
  };
  const field = (figure: (typeof FIGURES)[number], currency: Currency) => (
    <Form.Item
      name={`${figure}_${currency}`}
      label={t(`treasury.sweeps.${figure}`)}
      dependencies={figure === 'floor' ? [`target_${currency}`] : figure === 'target' ? [`floor_${currency}`] : []}
      rules={[
        {
          validator: async (_: unknown, value?: string) =>
            parseMicro(value ?? '') === undefined ? Promise.reject(new Error(t('treasury.sweeps.amountRule'))) : undefined,
        },
        ...(figure === 'threshold'
          ? [
              {
                validator: async (_: unknown, value?: string) =>
                  parseMicro(value ?? '') === 0n ? Promise.reject(new Error(t('treasury.sweeps.positiveRule'))) : undefined,
              },
            ]
          : []),
        ...(figure === 'floor'
          ? [
              ({ getFieldValue }: { getFieldValue: (name: string) => string | undefined }) => ({
                validator: async (_: unknown, value?: string) => {
                  const floor = parseMicro(value ?? '');
                  const target = parseMicro(getFieldValue(`target_${currency}`) ?? '');
                  if (floor !== undefined && target !== undefined && floor > target) throw new Error(t('treasury.sweeps.floorRule'));
                },
              }),
            ]
          : []),
      ]}
    >
      <Input inputMode="decimal" addonAfter={currency} data-testid={`sweep-${figure}-${currency}`} />
    </Form.Item>
  );
  return (
    <Modal
      open
      title={t('treasury.sweeps.changeTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => void save()}
      onCancel={onClose}
      okButtonProps={{ loading: busy, id: 'sweep-settings-save' }}
      width={640}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('treasury.sweeps.settingsHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={initial} requiredMark={false}>
        {CURRENCIES.map((currency) => (
          <Row key={currency} gutter={12}>
            {FIGURES.map((figure) => (
              <Col key={figure} xs={24} sm={8}>
                {field(figure, currency)}
              </Col>
            ))}
          </Row>
        ))}
      </Form>
      {error && <Alert type="error" showIcon message={error} data-testid="sweep-settings-error" />}
    </Modal>
  );
}

function TopupsCard({ topups }: { topups: Topup[] }) {
  const t = useTranslate();
  const { data: permissions } = usePermissions<string[]>({});
  const mayPrepare = mayCall(permissions, 'treasury.topupTransaction');
  const [preparing, setPreparing] = useState<Topup | null>(null);
  return (
    <Card size="small" title={t('treasury.sweeps.topups')} style={{ marginBottom: 12 }} data-testid="topups">
      {topups.length === 0 ? (
        <Typography.Text type="secondary" data-testid="topups-none">
          {t('treasury.sweeps.noTopups')}
        </Typography.Text>
      ) : (
        <>
          <Alert type="error" showIcon message={t('treasury.sweeps.topupsHint')} style={{ marginBottom: 12 }} />
          <Table<Topup>
            rowKey="id"
            size="small"
            scroll={{ x: true }}
            pagination={false}
            dataSource={topups}
            columns={[
              { title: '#', dataIndex: 'id' },
              { title: t('common.currency'), dataIndex: 'currency' },
              {
                title: t('treasury.sweeps.topupAmount'),
                dataIndex: 'amount',
                align: 'right',
                render: (value: string, row) => (
                  <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
                    {money(value, row.currency)}
                  </Typography.Text>
                ),
              },
              { title: t('treasury.sweeps.hotBalanceThen'), dataIndex: 'hotBalance', align: 'right', render: (value: string) => money(value) },
              { title: t('treasury.sweeps.floor'), dataIndex: 'floor', align: 'right', render: (value: string) => money(value) },
              { title: t('treasury.sweeps.target'), dataIndex: 'target', align: 'right', render: (value: string) => money(value) },
              { title: t('treasury.sweeps.to'), dataIndex: 'hotWallet', render: (value: string) => <Short text={value} /> },
              { title: t('treasury.sweeps.since'), dataIndex: 'createdAt', render: (value: string) => oneLine(dateTime(value)) },
              ...(mayPrepare
                ? [
                    {
                      title: '',
                      key: 'prepare',
                      render: (_: unknown, row: Topup) => (
                        <Button size="small" onClick={() => setPreparing(row)} data-testid={`topup-prepare-${row.id}`}>
                          {t('treasury.sweeps.prepare')}
                        </Button>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </>
      )}
      {preparing && <TopupTransaction topup={preparing} onClose={() => setPreparing(null)} />}
    </Card>
  );
}

/**
 * The unsigned transfer of a top-up request, built by the server from the cold address to the hot
 * wallet, for the cold wallet's holders to sign in their own wallet (a multi-signature account signs
 * under its active permission) and broadcast. Good for 24 hours.
 */
function TopupTransaction({ topup, onClose }: { topup: Topup; onClose: () => void }) {
  const t = useTranslate();
  const errorText = useErrorText();
  const [permissionId, setPermissionId] = useState(2);
  const prepared = useQuery({
    queryKey: ['treasury', 'topupTransaction', topup.id, permissionId],
    queryFn: () => call('treasury', 'topupTransaction', { id: topup.id, permissionId }),
    staleTime: 60_000,
    retry: false,
  });
  return (
    <Modal open title={t('treasury.sweeps.prepareTitle', { id: topup.id })} onCancel={onClose} footer={null} width={720} data-testid="topup-transaction">
      <Typography.Paragraph type="secondary">{t('treasury.sweeps.prepareHint')}</Typography.Paragraph>
      <Space style={{ marginBottom: 12 }} wrap>
        <Typography.Text>{t('treasury.sweeps.permission')}</Typography.Text>
        <Segmented
          value={permissionId}
          onChange={(value) => setPermissionId(Number(value))}
          options={[
            { value: 0, label: t('treasury.sweeps.permissionOwner') },
            { value: 2, label: t('treasury.sweeps.permissionActive') },
          ]}
          data-testid="topup-permission"
        />
      </Space>
      {prepared.error ? (
        <Alert type="error" showIcon message={errorText(prepared.error)} />
      ) : !prepared.data ? (
        <PageState loading />
      ) : (
        <Descriptions column={1} size="small" bordered data-testid="topup-transaction-details">
          <Descriptions.Item label={t('treasury.sweeps.topupAmount')}>{money(prepared.data.amount, prepared.data.currency)}</Descriptions.Item>
          <Descriptions.Item label={t('treasury.sweeps.from')}>
            <Typography.Text copyable style={MONO}>
              {prepared.data.from}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('treasury.sweeps.to')}>
            <Typography.Text copyable style={MONO}>
              {prepared.data.to}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="txID">
            <Typography.Text copyable style={MONO} data-testid="topup-txid">
              {prepared.data.txId}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('treasury.sweeps.expires')}>{dateTime(prepared.data.expiresAt)}</Descriptions.Item>
          <Descriptions.Item label="raw_data_hex">
            <Typography.Paragraph
              copyable={{ text: prepared.data.rawDataHex }}
              style={{ ...MONO, wordBreak: 'break-all', margin: 0 }}
              ellipsis={{ rows: 3, expandable: true }}
            >
              {prepared.data.rawDataHex}
            </Typography.Paragraph>
          </Descriptions.Item>
          <Descriptions.Item label="raw_data (JSON)">
            <Typography.Paragraph
              copyable={{ text: JSON.stringify(prepared.data.rawData) }}
              style={{ ...MONO, wordBreak: 'break-all', margin: 0 }}
              ellipsis={{ rows: 3, expandable: true }}
            >
              {JSON.stringify(prepared.data.rawData)}
            </Typography.Paragraph>
          </Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}

function StatusTag({ status }: { status: keyof typeof STATUS_COLOR }) {
  const t = useTranslate();
  return <Tag color={STATUS_COLOR[status]}>{t(`treasury.sweeps.status.${status}`)}</Tag>;
}

function Fee({ fee, error }: { fee: string | null; error: string | null }) {
  return (
    <>
      {money(fee)}
      {error && (
        <Tooltip title={error}>
          <Typography.Text type="danger" style={{ display: 'block', fontSize: 12, maxWidth: 200 }} ellipsis>
            {error}
          </Typography.Text>
        </Tooltip>
      )}
    </>
  );
}

function SweepsTable({ sweeps }: { sweeps: Sweep[] }) {
  const t = useTranslate();
  return (
    <Table<Sweep>
      rowKey="id"
      size="small"
      scroll={{ x: true }}
      dataSource={sweeps}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      locale={{ emptyText: t('treasury.sweeps.noSweeps') }}
      data-testid="sweeps-list"
      columns={[
        { title: t('common.time'), dataIndex: 'createdAt', render: (value: string) => oneLine(dateTime(value)) },
        {
          title: t('treasury.sweeps.address'),
          dataIndex: 'address',
          render: (value: string, row) => (
            <>
              <Short text={value} />
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                {t('treasury.sweeps.player', { id: row.playerId })}
              </Typography.Text>
            </>
          ),
        },
        { title: t('common.amount'), dataIndex: 'amount', align: 'right', render: (value: string, row) => oneLine(money(value, row.currency)) },
        {
          title: t('treasury.sweeps.destination'),
          dataIndex: 'destinationKind',
          render: (value: Sweep['destinationKind'], row) => (
            <Tooltip title={row.destination}>
              <Tag color={value === 'hot' ? 'volcano' : 'blue'}>{t(`treasury.sweeps.destinationKind.${value}`)}</Tag>
            </Tooltip>
          ),
        },
        {
          title: t('common.status'),
          dataIndex: 'status',
          render: (value: Sweep['status'], row) => (
            <>
              <StatusTag status={value} />
              {row.offline && <Tag>{t('treasury.sweeps.offline')}</Tag>}
            </>
          ),
        },
        { title: t('treasury.sweeps.txId'), dataIndex: 'txId', render: (value: string) => <Short text={value} /> },
        {
          title: t('treasury.sweeps.fee'),
          dataIndex: 'networkFee',
          align: 'right',
          render: (value: string | null, row) => (
            <>
              <Fee fee={value} error={row.lastError} />
              {row.currency === 'USDT' && row.feeLimit !== '0' && (
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  {t('treasury.sweeps.feeLimit', { amount: money(row.feeLimit) })}
                </Typography.Text>
              )}
            </>
          ),
        },
        { title: oneLine(t('treasury.sweeps.cycle')), dataIndex: 'cycleId', render: (value: number) => `#${value}` },
      ]}
    />
  );
}

function ActionsTable({ actions }: { actions: Action[] }) {
  const t = useTranslate();
  return (
    <Table<Action>
      rowKey="id"
      size="small"
      scroll={{ x: true }}
      dataSource={actions}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      locale={{ emptyText: t('treasury.sweeps.noActions') }}
      data-testid="actions-list"
      columns={[
        { title: t('common.time'), dataIndex: 'createdAt', render: (value: string) => oneLine(dateTime(value)) },
        { title: t('treasury.sweeps.kind.title'), dataIndex: 'kind', render: (value: Action['kind']) => <Tag>{t(`treasury.sweeps.kind.${value}`)}</Tag> },
        { title: t('treasury.sweeps.from'), dataIndex: 'from', render: (value: string) => <Short text={value} /> },
        { title: t('treasury.sweeps.to'), dataIndex: 'to', render: (value: string) => <Short text={value} /> },
        { title: t('common.amount'), dataIndex: 'amount', align: 'right', render: (value: string, row) => oneLine(money(value, row.currency)) },
        { title: t('common.status'), dataIndex: 'status', render: (value: Action['status']) => <StatusTag status={value} /> },
        { title: t('treasury.sweeps.txId'), dataIndex: 'txId', render: (value: string) => <Short text={value} /> },
        {
          title: t('treasury.sweeps.fee'),
          dataIndex: 'networkFee',
          align: 'right',
          render: (value: string | null, row) => <Fee fee={value} error={row.lastError} />,
        },
        { title: oneLine(t('treasury.sweeps.cycle')), dataIndex: 'cycleId', render: (value: number) => `#${value}` },
      ]}
    />
  );
}

function CyclesTable({ cycles }: { cycles: Cycle[] }) {
  const t = useTranslate();
  const summaryText = useSummaryText();
  return (
    <Table<Cycle>
      rowKey="id"
      size="small"
      scroll={{ x: true }}
      dataSource={cycles}
      pagination={false}
      locale={{ emptyText: t('treasury.sweeps.noCycles') }}
      data-testid="cycles-list"
      columns={[
        { title: oneLine(t('treasury.sweeps.cycle')), dataIndex: 'id', render: (value: number) => `#${value}` },
        { title: t('treasury.sweeps.startedAt'), dataIndex: 'startedAt', render: (value: string) => oneLine(dateTime(value)) },
        {
          title: t('treasury.sweeps.finishedAt'),
          dataIndex: 'finishedAt',
          render: (value: string | null) => (value ? oneLine(dateTime(value)) : <StatusTag status="running" />),
        },
        {
          title: t('treasury.sweeps.trigger.title'),
          dataIndex: 'trigger',
          render: (value: Cycle['trigger'], row) => row.requestedBy ?? t(`treasury.sweeps.trigger.${value}`),
        },
        {
          title: t('treasury.sweeps.summary'),
          dataIndex: 'summary',
          render: (value: Cycle['summary'], row) => {
            if (!row.finishedAt) return '—';
            const did = summaryText(value);
            return did.length === 0 ? (
              <Typography.Text type="secondary">{t('treasury.sweeps.idle')}</Typography.Text>
            ) : (
              <Space size={[4, 4]} wrap>
                {did.map((text) => (
                  <Tag key={text}>{text}</Tag>
                ))}
              </Space>
            );
          },
        },
      ]}
    />
  );
}
