import { useGetLocale, usePermissions, useTranslate } from '@refinedev/core';
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Segmented, Select, Space, Table, type TableColumnsType, Tabs, Tag, Typography } from 'antd';
import { Fragment, lazy, type ReactNode, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { call, type Response } from '../../api/opsClient.ts';
import { countryName } from '../../components/countries.ts';
import { dateTime, downloadCsv, money, toCsv } from '../../components/format.ts';
import { PageState } from '../../components/PageState.tsx';
import { mayCall } from '../../state/me.ts';
import { PlayerNotes } from './PlayerNotes.tsx';
import { PlayerSecurity } from './PlayerSecurity.tsx';
import { ActionDialog } from './shared.tsx';

type Player = Response<'players', 'get'>;
type LedgerEntry = Response<'players', 'ledger'>['list'][number];
type Bet = Response<'players', 'bets'>['list'][number];
type Payment = Response<'players', 'payments'>['list'][number];
type Session = Response<'players', 'sessions'>['list'][number];
type Referral = Response<'players', 'referral'>;
type AuditRecord = Response<'audit', 'list'>['list'][number];
type BonusState = Response<'bonus', 'state'>;

// Player protection is its own chunk, shared with the Risk queue and the settings page.
const PlayerProtection = lazy(() => import('../Protection/PlayerProtection.tsx'));

/** A page of a `{list, total}` call, with the table's paging wired to it. */
function usePaged<T>(key: readonly unknown[], fetch: (page: number, pageSize: number) => Promise<{ list: T[]; total: number }>) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const query = useQuery({ queryKey: [...key, page, pageSize], queryFn: () => fetch(page, pageSize), placeholderData: keepPreviousData });
  return {
    query,
    rows: query.data?.list ?? [],
    pagination: {
      current: page,
      pageSize,
      total: query.data?.total ?? 0,
      showSizeChanger: true,
      onChange: (next: number, size: number) => {
        setPage(size === pageSize ? next : 1);
        setPageSize(size);
      },
    },
  };
}

function PagedTable<T extends object>({
  paged,
  columns,
  rowKey,
  emptyText,
  testId,
  csv,
}: {
  paged: ReturnType<typeof usePaged<T>>;
  columns: TableColumnsType<T>;
  rowKey: keyof T & string;
  emptyText: string;
  testId: string;
  /** With it, a button over the table exports the rows shown as a CSV file. */
  csv?: { file: string; header: string[]; row: (row: T) => unknown[] };
}) {
  const t = useTranslate();
  return (
    <>
      {csv && <CsvBar disabled={paged.rows.length === 0} onClick={() => downloadCsv(csv.file, toCsv(csv.header, paged.rows.map(csv.row)))} />}
      <PageState loading={paged.query.isLoading} error={paged.query.error} onRetry={() => void paged.query.refetch()}>
        <Table<T>
          rowKey={rowKey}
          size="small"
          scroll={{ x: true }}
          columns={columns}
          dataSource={paged.rows}
          loading={paged.query.isFetching}
          locale={{ emptyText }}
          pagination={{ ...paged.pagination, showTotal: (total) => t('common.total', { count: total }) }}
          data-testid={testId}
        />
      </PageState>
    </>
  );
}

/** The CSV export button over the right of a table; off while the table shows no rows. */
function CsvBar({ disabled, onClick }: { disabled: boolean; onClick: () => void }) {
  const t = useTranslate();
  return (
    <div style={{ textAlign: 'right', marginBottom: 8 }}>
      <Button size="small" disabled={disabled} onClick={onClick} data-testid="export-csv">
        {t('common.exportCsv')}
      </Button>
    </div>
  );
}

/** A switch between kinds (named in order, the first shown first) over a table that starts afresh on each kind. */
function KindSwitch<K extends string>({ kinds, children }: { kinds: Record<K, string>; children: (kind: K) => ReactNode }) {
  const options = (Object.entries(kinds) as [K, string][]).map(([value, label]) => ({ value, label }));
  const [kind, setKind] = useState<K>(Object.keys(kinds)[0] as K);
  return (
    <>
      <Segmented value={kind} onChange={(value) => setKind(value as K)} options={options} style={{ marginBottom: 8 }} />
      <Fragment key={kind}>{children(kind)}</Fragment>
    </>
  );
}

/** The player's history: ledger, bets, payments, sessions, referral, standing, bonus and audit. */
export function PlayerTabs({ playerId, player, onChanged }: { playerId: number; player: Player; onChanged: () => void }) {
  const t = useTranslate();
  const { data: permissions } = usePermissions<string[]>({});
  return (
    <Card size="small">
      <Tabs
        destroyOnHidden={false}
        data-testid="player-tabs"
        items={[
          { key: 'ledger', label: t('players.tabs.ledger'), children: <LedgerTab playerId={playerId} /> },
          { key: 'bets', label: t('players.tabs.bets'), children: <BetsTab playerId={playerId} /> },
          { key: 'payments', label: t('players.tabs.payments'), children: <PaymentsTab playerId={playerId} /> },
          { key: 'sessions', label: t('players.tabs.sessions'), children: <SessionsTab playerId={playerId} /> },
          { key: 'referral', label: t('players.tabs.referral'), children: <ReferralTab playerId={playerId} /> },
          { key: 'standing', label: t('players.tabs.standing'), children: <StandingTab playerId={playerId} frozen={player.status !== 0} /> },
          ...(mayCall(permissions, 'bonus.state')
            ? [{ key: 'bonus', label: t('players.tabs.bonus'), children: <BonusTab playerId={playerId} onChanged={onChanged} /> }]
            : []),
          ...(mayCall(permissions, 'protection.player')
            ? [
                {
                  key: 'protection',
                  label: t('protection.tabTitle'),
                  children: (
                    <Suspense fallback={<PageState loading />}>
                      <PlayerProtection playerId={playerId} />
                    </Suspense>
                  ),
                },
              ]
            : []),
          ...(mayCall(permissions, 'audit.list') ? [{ key: 'audit', label: t('players.tabs.audit'), children: <AuditTab playerId={playerId} /> }] : []),
          ...(mayCall(permissions, 'players.notes') ? [{ key: 'notes', label: t('players.tabs.notes'), children: <PlayerNotes playerId={playerId} /> }] : []),
          ...(mayCall(permissions, 'accountSecurity.playerSecurity')
            ? [{ key: 'security', label: t('players.tabs.security'), children: <PlayerSecurity playerId={playerId} /> }]
            : []),
        ].map((item) => ({ ...item, label: <span data-testid={`tab-${item.key}`}>{item.label}</span> }))}
      />
    </Card>
  );
}

function LedgerTab({ playerId }: { playerId: number }) {
  const t = useTranslate();
  const [currency, setCurrency] = useState<'USDT' | 'TRX' | ''>('');
  return (
    <>
      <Select
        value={currency}
        onChange={setCurrency}
        style={{ width: 140, marginBottom: 8 }}
        options={[
          { value: '', label: t('common.all') },
          { value: 'USDT', label: 'USDT' },
          { value: 'TRX', label: 'TRX' },
        ]}
      />
      <LedgerTable key={currency} playerId={playerId} currency={currency || undefined} />
    </>
  );
}

function LedgerTable({ playerId, currency }: { playerId: number; currency?: 'USDT' | 'TRX' }) {
  const t = useTranslate();
  const paged = usePaged<LedgerEntry>(['player', playerId, 'ledger', currency], (page, pageSize) =>
    call('players', 'ledger', { playerId, page, pageSize, ...(currency ? { currency } : {}) }),
  );
  return (
    <PagedTable<LedgerEntry>
      paged={paged}
      csv={{
        file: `player-${playerId}-ledger.csv`,
        header: ['id', 'at', 'kind', 'account', 'currency', 'amount', 'reference'],
        row: (row) => [row.id, row.at, row.kind, row.account, row.currency, row.amount, row.reference],
      }}
      rowKey="id"
      testId="ledger-table"
      emptyText={t('players.ledger.empty')}
      columns={[
        { title: t('common.time'), dataIndex: 'at', render: dateTime },
        { title: t('players.ledger.kind'), dataIndex: 'kind' },
        { title: t('players.ledger.account'), dataIndex: 'account', render: (value: string) => t(value === 'bonus' ? 'players.bonusMoney' : 'players.cash') },
        {
          title: t('common.amount'),
          key: 'amount',
          align: 'right',
          render: (_, row) => <Typography.Text type={row.amount.startsWith('-') ? 'danger' : undefined}>{money(row.amount, row.currency)}</Typography.Text>,
        },
        { title: t('players.ledger.reference'), dataIndex: 'reference', render: (value) => value ?? '—' },
      ]}
    />
  );
}

function BetsTab({ playerId }: { playerId: number }) {
  const t = useTranslate();
  return (
    <KindSwitch kinds={{ hash: t('players.bets.hash'), third: t('players.bets.third') }}>{(kind) => <BetsTable playerId={playerId} kind={kind} />}</KindSwitch>
  );
}

function BetsTable({ playerId, kind }: { playerId: number; kind: 'hash' | 'third' }) {
  const t = useTranslate();
  const paged = usePaged<Bet>(['player', playerId, 'bets', kind], (page, pageSize) => call('players', 'bets', { playerId, kind, page, pageSize }));
  return (
    <PagedTable<Bet>
      paged={paged}
      rowKey="id"
      testId="bets-table"
      emptyText={t('players.bets.empty')}
      columns={[
        { title: t('players.bets.placedAt'), dataIndex: 'placedAt', render: dateTime },
        { title: t('players.bets.gameType'), dataIndex: 'gameType' },
        { title: t('players.bets.game'), dataIndex: 'game' },
        { title: t('players.bets.stake'), key: 'stake', align: 'right', render: (_, row) => money(row.stake, row.currency) },
        {
          title: t('players.bets.payout'),
          key: 'payout',
          align: 'right',
          render: (_, row) => (row.payout === null ? <Tag>{t('players.bets.open')}</Tag> : money(row.payout, row.currency)),
        },
        { title: t('players.bets.count'), dataIndex: 'bets', align: 'right' },
        { title: t('players.bets.settledAt'), dataIndex: 'settledAt', render: dateTime },
      ]}
    />
  );
}

function PaymentsTab({ playerId }: { playerId: number }) {
  const t = useTranslate();
  return (
    <KindSwitch kinds={{ deposit: t('players.payments.deposit'), withdrawal: t('players.payments.withdrawal') }}>
      {(kind) => <PaymentsTable playerId={playerId} kind={kind} />}
    </KindSwitch>
  );
}

function PaymentsTable({ playerId, kind }: { playerId: number; kind: 'deposit' | 'withdrawal' }) {
  const t = useTranslate();
  const paged = usePaged<Payment>(['player', playerId, 'payments', kind], (page, pageSize) => call('players', 'payments', { playerId, kind, page, pageSize }));
  return (
    <PagedTable<Payment>
      paged={paged}
      csv={{
        file: `player-${playerId}-${kind}s.csv`,
        header: ['kind', 'id', 'currency', 'amount', 'fee', 'status', 'address', 'txId', 'createdAt', 'completedAt'],
        row: (row) => [row.kind, row.id, row.currency, row.amount, row.fee, row.status, row.address, row.txId, row.createdAt, row.completedAt],
      }}
      rowKey="id"
      testId="payments-table"
      emptyText={t('players.payments.empty')}
      columns={[
        { title: t('common.time'), dataIndex: 'createdAt', render: dateTime },
        { title: t('common.amount'), key: 'amount', align: 'right', render: (_, row) => money(row.amount, row.currency) },
        { title: t('players.payments.fee'), key: 'fee', align: 'right', render: (_, row) => money(row.fee, row.currency) },
        { title: t('common.status'), dataIndex: 'status', render: (value: string) => <Tag>{value}</Tag> },
        {
          title: t('players.payments.address'),
          dataIndex: 'address',
          render: (value: string) => <Typography.Text style={{ wordBreak: 'break-all' }}>{value}</Typography.Text>,
        },
        {
          title: t('players.payments.txId'),
          dataIndex: 'txId',
          render: (value: string | null) => (value ? <Typography.Text copyable={{ text: value }}>{`${value.slice(0, 10)}…`}</Typography.Text> : '—'),
        },
        { title: t('players.payments.completedAt'), dataIndex: 'completedAt', render: dateTime },
      ]}
    />
  );
}

function SessionsTab({ playerId }: { playerId: number }) {
  const t = useTranslate();
  const locale = useGetLocale()() ?? 'en';
  const paged = usePaged<Session>(['player', playerId, 'sessions'], (page, pageSize) => call('players', 'sessions', { playerId, page, pageSize }));
  return (
    <PagedTable<Session>
      paged={paged}
      rowKey="id"
      testId="sessions-table"
      emptyText={t('players.sessions.empty')}
      columns={[
        { title: t('players.sessions.createdAt'), dataIndex: 'createdAt', render: dateTime },
        {
          title: t('common.status'),
          dataIndex: 'open',
          render: (open: boolean) => (open ? <Tag color="green">{t('players.sessions.open')}</Tag> : <Tag>{t('players.sessions.closed')}</Tag>),
        },
        { title: t('players.sessions.loginIp'), dataIndex: 'loginIp' },
        { title: t('players.sessions.clientIp'), dataIndex: 'clientIp', render: (value) => value ?? '—' },
        { title: t('players.sessions.device'), dataIndex: 'device', render: (value) => value ?? '—' },
        {
          title: t('players.sessions.country'),
          dataIndex: 'country',
          render: (value: string | null) => (value ? `${countryName(value, locale)} (${value})` : '—'),
        },
        { title: t('players.sessions.expiresAt'), dataIndex: 'expiresAt', render: dateTime },
        { title: t('players.sessions.endedAt'), dataIndex: 'endedAt', render: dateTime },
        { title: t('players.sessions.endReason'), dataIndex: 'endReason', render: (value) => value ?? '—' },
      ]}
    />
  );
}

function ReferralTab({ playerId }: { playerId: number }) {
  const t = useTranslate();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const query = useQuery({
    queryKey: ['player', playerId, 'referral', page, pageSize],
    queryFn: () => call('players', 'referral', { playerId, page, pageSize }),
    placeholderData: keepPreviousData,
  });
  const data: Referral | undefined = query.data;
  return (
    <PageState loading={query.isLoading} error={query.error} onRetry={() => void query.refetch()}>
      {data && (
        <>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} style={{ marginBottom: 12 }}>
            <Descriptions.Item label={t('players.referral.inviter')}>
              {data.inviter ? (
                <Link to={`/players/${data.inviter.playerId}`}>
                  {data.inviter.playerId} · {data.inviter.account ?? data.inviter.nickname}
                </Link>
              ) : (
                t('players.referral.none')
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('players.referral.ancestors')}>
              {data.ancestors.length
                ? data.ancestors.map((ancestor) => (
                    <Link key={ancestor.level} to={`/players/${ancestor.playerId}`} style={{ marginInlineEnd: 8 }}>
                      {t('players.referral.level', { level: ancestor.level })}: {ancestor.playerId}
                    </Link>
                  ))
                : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('players.referral.team')}>
              {[data.team.level1, data.team.level2, data.team.level3]
                .map((count, index) => `${t('players.referral.level', { level: index + 1 })} ${count}`)
                .join(' · ')}
            </Descriptions.Item>
            <Descriptions.Item label={t('players.referral.review')}>
              {data.review ? (
                <Space wrap>
                  <Tag color={data.review.status === 'held' ? 'orange' : 'green'}>{data.review.status}</Tag>
                  {t('players.referral.matched')}: {data.review.matched} · {dateTime(data.review.flaggedAt)}
                </Space>
              ) : (
                '—'
              )}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5}>{t('players.referral.members')}</Typography.Title>
          <Table
            rowKey="playerId"
            size="small"
            scroll={{ x: true }}
            dataSource={data.members.list}
            loading={query.isFetching}
            locale={{ emptyText: t('players.referral.empty') }}
            pagination={{
              current: page,
              pageSize,
              total: data.members.total,
              onChange: (next, size) => {
                setPage(next);
                setPageSize(size);
              },
            }}
            columns={[
              { title: t('common.player'), key: 'player', render: (_, row) => <Link to={`/players/${row.playerId}`}>{row.playerId}</Link> },
              { title: t('players.nickname'), dataIndex: 'nickname' },
              { title: t('players.referral.levelColumn'), dataIndex: 'level' },
              { title: t('players.referral.joinedAt'), dataIndex: 'joinedAt', render: dateTime },
            ]}
          />
        </>
      )}
    </PageState>
  );
}

function StandingTab({ playerId, frozen }: { playerId: number; frozen: boolean }) {
  const t = useTranslate();
  const query = useQuery({
    queryKey: ['player', playerId, 'standing', frozen],
    queryFn: () => call('playerStanding', 'standing', { playerId }),
  });
  return (
    <PageState loading={query.isLoading} error={query.error} onRetry={() => void query.refetch()}>
      <Table
        rowKey="id"
        size="small"
        scroll={{ x: true }}
        pagination={false}
        dataSource={query.data?.history}
        locale={{ emptyText: t('players.standing.empty') }}
        data-testid="standing-table"
        columns={[
          { title: t('common.time'), dataIndex: 'at', render: dateTime },
          {
            title: t('players.standing.change'),
            dataIndex: 'frozen',
            render: (value: boolean) =>
              value ? <Tag color="red">{t('players.standing.frozen')}</Tag> : <Tag color="green">{t('players.standing.active')}</Tag>,
          },
          { title: t('common.reason'), dataIndex: 'reason' },
          { title: t('players.standing.by'), dataIndex: 'by' },
        ]}
      />
    </PageState>
  );
}

function BonusTab({ playerId, onChanged }: { playerId: number; onChanged: () => void }) {
  const t = useTranslate();
  const { data: permissions } = usePermissions<string[]>({});
  const queryClient = useQueryClient();
  const [decision, setDecision] = useState<{ action: 'forfeit' | 'waive'; currency: 'USDT' | 'TRX' } | null>(null);
  const query = useQuery({
    queryKey: ['player', playerId, 'bonus'],
    queryFn: () => call('bonus', 'state', { playerId }),
  });
  const mayForfeit = mayCall(permissions, 'bonus.forfeit');
  const mayWaive = mayCall(permissions, 'bonus.waive');
  return (
    <PageState loading={query.isLoading} error={query.error} onRetry={() => void query.refetch()}>
      <Typography.Title level={5}>{t('players.bonus.requirements')}</Typography.Title>
      <Table
        rowKey="currency"
        size="small"
        scroll={{ x: true }}
        pagination={false}
        dataSource={query.data?.requirements}
        locale={{ emptyText: t('players.bonus.empty') }}
        data-testid="bonus-table"
        columns={[
          { title: t('common.currency'), dataIndex: 'currency' },
          { title: t('players.bonus.outstanding'), dataIndex: 'outstanding', align: 'right', render: (value: string) => money(value) },
          { title: t('players.bonus.required'), dataIndex: 'required', align: 'right', render: (value: string) => money(value) },
          { title: t('players.bonusAtStake'), dataIndex: 'bonusAtStake', align: 'right', render: (value: string) => money(value) },
          { title: t('players.bonus.experience'), dataIndex: 'experience', render: (value: boolean) => (value ? t('common.yes') : t('common.no')) },
          ...(mayForfeit || mayWaive
            ? [
                {
                  title: t('common.actions'),
                  key: 'actions',
                  render: (_: unknown, row: BonusState['requirements'][number]) =>
                    row.experience ? null : (
                      <Space>
                        {mayForfeit && (
                          <Button size="small" danger onClick={() => setDecision({ action: 'forfeit', currency: row.currency })}>
                            {t('players.bonus.forfeit')}
                          </Button>
                        )}
                        {mayWaive && (
                          <Button size="small" onClick={() => setDecision({ action: 'waive', currency: row.currency })}>
                            {t('players.bonus.waive')}
                          </Button>
                        )}
                      </Space>
                    ),
                },
              ]
            : []),
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('players.bonus.history')}
      </Typography.Title>
      <Table
        rowKey="id"
        size="small"
        scroll={{ x: true }}
        pagination={false}
        dataSource={query.data?.history}
        locale={{ emptyText: t('players.bonus.noHistory') }}
        columns={[
          { title: t('common.time'), dataIndex: 'createdAt', render: dateTime },
          { title: t('players.bonus.action'), dataIndex: 'action' },
          { title: t('common.amount'), key: 'amount', align: 'right', render: (_, row) => money(row.amount, row.currency) },
          { title: t('players.bonus.by'), key: 'by', render: (_, row) => row.operator ?? (row.byPlayer ? t('common.player') : '—') },
          { title: t('common.reason'), dataIndex: 'reason', render: (value) => value ?? '—' },
        ]}
      />
      <ActionDialog<{ reason: string }>
        testId="bonus-dialog"
        open={decision !== null}
        title={decision ? t(`players.bonus.${decision.action}Title`, { currency: decision.currency }) : ''}
        hint={decision ? t(`players.bonus.${decision.action}Hint`) : ''}
        onClose={() => setDecision(null)}
        submit={async ({ reason }) => {
          if (!decision) return;
          await call('bonus', decision.action, { playerId, currency: decision.currency, reason });
          await queryClient.invalidateQueries({ queryKey: ['player', playerId, 'bonus'] });
          onChanged();
        }}
      />
    </PageState>
  );
}

function AuditTab({ playerId }: { playerId: number }) {
  const t = useTranslate();
  const query = useInfiniteQuery({
    queryKey: ['player', playerId, 'audit'],
    queryFn: ({ pageParam }) => call('audit', 'list', { target: `player:${playerId}`, limit: 50, ...(pageParam ? { beforeId: pageParam } : {}) }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextBeforeId ?? undefined,
  });
  const rows: AuditRecord[] = query.data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <PageState loading={query.isLoading} error={query.error} onRetry={() => void query.refetch()}>
      <Table<AuditRecord>
        rowKey="id"
        size="small"
        scroll={{ x: true }}
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: t('players.audit.empty') }}
        data-testid="audit-table"
        columns={[
          { title: t('common.time'), dataIndex: 'at', render: dateTime },
          { title: t('players.audit.actor'), dataIndex: 'actorName', render: (value) => value ?? '—' },
          { title: t('players.audit.action'), dataIndex: 'action' },
          {
            title: t('players.audit.kind'),
            dataIndex: 'kind',
            render: (value: string) => <Tag color={value === 'change' ? 'orange' : value === 'pii' ? 'purple' : undefined}>{value}</Tag>,
          },
          {
            title: t('players.audit.code'),
            dataIndex: 'code',
            render: (value: number) => (value === 0 ? <Tag color="green">0</Tag> : <Tag color="red">{value}</Tag>),
          },
          { title: t('common.reason'), dataIndex: 'reason', render: (value) => value ?? '—' },
        ]}
      />
      {query.hasNextPage && (
        <Button style={{ marginTop: 8 }} loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {t('players.audit.more')}
        </Button>
      )}
    </PageState>
  );
}
