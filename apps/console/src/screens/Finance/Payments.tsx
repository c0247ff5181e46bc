import { PAYMENT_KINDS, PAYMENT_STATUSES, type PaymentKind } from '@lobby/contract';
import { usePermissions, useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, DatePicker, Form, InputNumber, Segmented, Select, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { call, type Response } from '../../api/opsClient.ts';
import { dateTime, downloadCsv, money } from '../../components/format.ts';
import { PageState, useErrorText } from '../../components/PageState.tsx';
import { mayCall } from '../../state/me.ts';
import { PageHeading, PlayerLink, useLiveRefetch } from './shared.tsx';

type Payments = Response<'finance', 'payments'>;
type Row = Payments['list'][number];

interface Filters {
  kind: PaymentKind;
  currency?: 'USDT' | 'TRX';
  status?: string;
  playerId?: number;
  from?: string;
  to?: string;
}

const PAGE_SIZE = 50;

const STATUS_COLOR: Record<string, string> = {
  credited: 'green',
  confirmed: 'green',
  done: 'green',
  pending: 'blue',
  pending_review: 'gold',
  queued: 'blue',
  signed: 'blue',
  broadcast: 'blue',
  failed: 'red',
  rejected: 'red',
  ignored: 'default',
  dropped: 'default',
  held: 'orange',
  refused: 'red',
};

/**
 * Every deposit, withdrawal, exchange and transfer, newest first, with the filters the server takes,
 * paged by id; the export asks the server for the same filters as CSV (for members holding it).
 */
export default function PaymentsPage() {
  const t = useTranslate();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const { data: permissions } = usePermissions<string[]>({});
  const mayExport = mayCall(permissions, 'finance.export');
  const [form] = Form.useForm();
  const [filters, setFilters] = useState<Filters>({ kind: 'deposit' });
  // The cursors of the pages seen so far: the first page has none.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [exporting, setExporting] = useState(false);
  const [truncated, setTruncated] = useState<number | null>(null);
  const beforeId = cursors.at(-1);

  const query = useQuery({
    queryKey: ['ops', 'finance', 'payments', filters, beforeId],
    queryFn: () => call('finance', 'payments', { ...filters, ...(beforeId ? { beforeId } : {}), limit: PAGE_SIZE } as never),
  });
  // New money on the first page shows at once; later pages stay where the reader is.
  useLiveRefetch(['withdrawal.state', 'deposit.seen', 'deposit.credited'], () => {
    if (beforeId === undefined) void query.refetch();
  });

  const apply = (values: {
    kind: PaymentKind;
    currency?: 'USDT' | 'TRX';
    status?: string;
    playerId?: number | null;
    period?: [Dayjs | null, Dayjs | null] | null;
  }) => {
    const [from, to] = values.period ?? [];
    setFilters({
      kind: values.kind,
      ...(values.currency ? { currency: values.currency } : {}),
      ...(values.status ? { status: values.status } : {}),
      ...(values.playerId ? { playerId: values.playerId } : {}),
      ...(from ? { from: from.startOf('day').toISOString() } : {}),
      ...(to ? { to: to.add(1, 'day').startOf('day').toISOString() } : {}),
    });
    setCursors([undefined]);
    setTruncated(null);
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const result = await call('finance', 'export', filters as never);
      const csv = result.csv.startsWith('\uFEFF') ? result.csv : `\uFEFF${result.csv}`;
      downloadCsv(`payments-${filters.kind}-${new Date().toISOString().slice(0, 10)}.csv`, csv);
      setTruncated(result.truncated ? result.rows : null);
      message.success(t('finance.payments.exported', { rows: result.rows }));
    } catch (error) {
      message.error(errorText(error));
    } finally {
      setExporting(false);
    }
  };

  const kind = Form.useWatch('kind', form) ?? filters.kind;
  const rows = query.data?.list ?? [];

  return (
    <div data-testid="payments">
      <PageHeading
        title={t('finance.payments.title')}
        extra={
          mayExport && (
            <Button onClick={() => void exportCsv()} loading={exporting} data-testid="payments-export">
              {t('finance.payments.exportServer')}
            </Button>
          )
        }
      />
      <Form form={form} layout="inline" initialValues={{ kind: 'deposit' }} onFinish={apply} style={{ rowGap: 8, marginBottom: 16 }}>
        <Form.Item name="kind" label={t('finance.payments.kind')}>
          <Segmented
            options={PAYMENT_KINDS.map((value) => ({ value, label: t(`finance.payments.kinds.${value}`) }))}
            onChange={(value) => {
              form.setFieldValue('status', undefined);
              form.setFieldValue('kind', value);
              form.submit();
            }}
            data-testid="payments-kind"
          />
        </Form.Item>
        <Form.Item name="currency" label={t('common.currency')}>
          <Select allowClear placeholder={t('common.all')} style={{ width: 110 }} options={['USDT', 'TRX'].map((value) => ({ value, label: value }))} />
        </Form.Item>
        <Form.Item name="status" label={t('common.status')}>
          <Select
            allowClear
            placeholder={t('common.all')}
            style={{ width: 150 }}
            options={PAYMENT_STATUSES[kind as PaymentKind].map((value) => ({ value, label: value }))}
          />
        </Form.Item>
        <Form.Item name="playerId" label={t('finance.payments.playerId')}>
          <InputNumber min={1} precision={0} style={{ width: 120 }} data-testid="payments-player" />
        </Form.Item>
        <Form.Item name="period" label={t('finance.payments.period')}>
          <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: 250 }} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" data-testid="payments-apply">
              {t('common.apply')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                apply({ kind: 'deposit' });
              }}
            >
              {t('common.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      {truncated !== null && <Alert type="warning" showIcon message={t('finance.payments.truncated', { rows: truncated })} style={{ marginBottom: 12 }} />}
      <PageState
        loading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={query.isSuccess && rows.length === 0 && cursors.length === 1}
        emptyText={t('finance.payments.empty')}
      >
        <Table<Row>
          rowKey={(row) => `${row.kind}-${row.id}`}
          size="small"
          dataSource={rows}
          loading={query.isFetching}
          scroll={{ x: true }}
          pagination={false}
          onRow={(row) => ({ 'data-testid': `payment-${row.kind}-${row.id}` }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            { title: t('finance.id'), dataIndex: 'id', width: 70 },
            { title: t('common.player'), dataIndex: 'playerId', render: (id: number) => <PlayerLink id={id} /> },
            {
              title: t('common.amount'),
              key: 'amount',
              align: 'right',
              render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{money(row.amount, row.currency)}</span>,
            },
            { title: t('finance.fee'), dataIndex: 'fee', align: 'right', render: (value: string) => money(value) },
            ...(filters.kind === 'exchange'
              ? [
                  {
                    title: t('finance.payments.toAmount'),
                    key: 'to',
                    align: 'right' as const,
                    render: (_: unknown, row: Row) => <span style={{ whiteSpace: 'nowrap' }}>{money(row.toAmount, row.toCurrency ?? undefined)}</span>,
                  },
                ]
              : []),
            ...(filters.kind === 'transfer'
              ? [{ title: t('finance.payments.counterparty'), dataIndex: 'counterpartyId', render: (id: number | null) => <PlayerLink id={id} /> }]
              : []),
            { title: t('common.status'), dataIndex: 'status', render: (value: string) => <Tag color={STATUS_COLOR[value] ?? 'default'}>{value}</Tag> },
            ...(filters.kind === 'deposit' || filters.kind === 'withdrawal'
              ? [
                  {
                    title: t('finance.address'),
                    dataIndex: 'address',
                    render: (value: string | null) => (
                      <Typography.Text style={{ fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all' }}>{value ?? '—'}</Typography.Text>
                    ),
                  },
                  {
                    title: t('finance.txId'),
                    dataIndex: 'txId',
                    render: (value: string | null) =>
                      value ? (
                        <Typography.Text
                          copyable={{ text: value }}
                          style={{ fontFamily: 'monospace', fontSize: 12 }}
                        >{`${value.slice(0, 8)}…`}</Typography.Text>
                      ) : (
                        '—'
                      ),
                  },
                ]
              : []),
            {
              title: t('finance.payments.createdAt'),
              dataIndex: 'createdAt',
              render: (value: string) => <span style={{ whiteSpace: 'nowrap' }}>{dateTime(value)}</span>,
            },
            {
              title: t('finance.payments.completedAt'),
              dataIndex: 'completedAt',
              render: (value: string | null) => <span style={{ whiteSpace: 'nowrap' }}>{dateTime(value)}</span>,
            },
          ]}
        />
        <Space style={{ marginTop: 12 }}>
          <Button disabled={cursors.length === 1} onClick={() => setCursors((previous) => previous.slice(0, -1))} data-testid="payments-previous">
            {t('finance.previous')}
          </Button>
          <Typography.Text>{t('finance.payments.page', { page: cursors.length })}</Typography.Text>
          <Button
            disabled={!query.data?.nextBeforeId}
            onClick={() => {
              const next = query.data?.nextBeforeId;
              if (next) setCursors((previous) => [...previous, next]);
            }}
            data-testid="payments-next"
          >
            {t('finance.next')}
          </Button>
        </Space>
      </PageState>
    </div>
  );
}
