import { usePermissions, useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Descriptions, Row, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { call, type Response } from '../../api/opsClient.ts';
import { dateTime, money } from '../../components/format.ts';
import { PageState, useErrorText } from '../../components/PageState.tsx';
import { mayCall } from '../../state/me.ts';

type Run = Response<'treasury', 'reconcile'>['run'];
type Figures = Run['currencies'][number];

const STATUS_COLOR: Record<Run['status'], string> = { ok: 'green', short: 'red' };
const HOLDING_KINDS = ['hot', 'deposit', 'transfer', 'cold'] as const;
const LIABILITY_KINDS = ['cash', 'bonus', 'held', 'withdrawals', 'payouts'] as const;

/**
 * Reconciliation (TREASURY.md): the latest comparison per currency of what the operator's addresses
 * hold on chain against what the ledger owes players, its history, and a run on demand.
 */
export default function Reconciliation() {
  const t = useTranslate();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const { data: permissions } = usePermissions<string[]>({});
  const mayRun = mayCall(permissions, 'treasury.reconcile');
  const query = useQuery({ queryKey: ['treasury', 'reconciliation'], queryFn: () => call('treasury', 'reconciliation', { limit: 48 }) });
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const runNow = async () => {
    setRunning(true);
    setError(null);
    try {
      const { run } = await call('treasury', 'reconcile', {});
      message.success(t('treasury.reconciliation.ran', { id: run.id, status: t(`treasury.reconciliation.status.${run.status}`) }));
      await query.refetch();
    } catch (caught) {
      setError(caught);
    } finally {
      setRunning(false);
    }
  };
  const latest = query.data?.latest ?? null;
  return (
    <div data-testid="treasury-reconciliation">
      <Space wrap align="center" style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('treasury.reconciliation.title')}
        </Typography.Title>
        {mayRun && (
          <Button type="primary" loading={running} onClick={() => void runNow()} data-testid="reconcile-now">
            {t('treasury.reconciliation.run')}
          </Button>
        )}
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        {t('treasury.reconciliation.hint')}
      </Typography.Paragraph>
      {error !== null && <Alert type="error" showIcon message={errorText(error)} style={{ marginBottom: 16 }} />}
      <PageState
        loading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={query.isSuccess && !latest}
        emptyText={t('treasury.reconciliation.none')}
      >
        {latest && (
          <>
            <Typography.Paragraph data-testid="reconciliation-latest">
              <Tag color={STATUS_COLOR[latest.status]}>{t(`treasury.reconciliation.status.${latest.status}`)}</Tag>
              {t('treasury.reconciliation.latest', { id: latest.id, at: dateTime(latest.finishedAt), addresses: latest.addresses })}
            </Typography.Paragraph>
            {latest.failures.length > 0 && (
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 16 }}
                data-testid="reconciliation-failures"
                message={t('treasury.reconciliation.failures', { count: latest.failures.length })}
                description={latest.failures.map((f) => `${f.currency} ${f.address}: ${f.error}`).join('\n')}
              />
            )}
            <Row gutter={[12, 12]} style={{ marginBottom: 24 }}>
              {latest.currencies.map((figures) => (
                <Col key={figures.currency} xs={24} lg={12}>
                  <CurrencyCard figures={figures} />
                </Col>
              ))}
            </Row>
          </>
        )}
        <Typography.Title level={4}>{t('treasury.reconciliation.history')}</Typography.Title>
        <Table<Run>
          rowKey="id"
          size="small"
          scroll={{ x: true }}
          dataSource={query.data?.history ?? []}
          loading={query.isFetching}
          pagination={{ pageSize: 12, hideOnSinglePage: true }}
          data-testid="reconciliation-history"
          columns={[
            { title: t('treasury.reconciliation.id'), dataIndex: 'id' },
            { title: t('common.time'), dataIndex: 'finishedAt', render: (value: string) => dateTime(value) },
            {
              title: t('treasury.reconciliation.trigger.title'),
              dataIndex: 'trigger',
              render: (value: Run['trigger'], row) => row.requestedBy ?? t(`treasury.reconciliation.trigger.${value}`),
            },
            {
              title: t('common.status'),
              dataIndex: 'status',
              render: (value: Run['status']) => <Tag color={STATUS_COLOR[value]}>{t(`treasury.reconciliation.status.${value}`)}</Tag>,
            },
            ...(['USDT', 'TRX'] as const).map((currency) => ({
              title: `${t('treasury.reconciliation.difference')} ${currency}`,
              key: currency,
              align: 'right' as const,
              render: (_: unknown, row: Run) => <Difference amount={row.currencies.find((c) => c.currency === currency)?.difference} />,
            })),
          ]}
        />
      </PageState>
    </div>
  );
}

function Difference({ amount }: { amount: string | undefined }) {
  return <Typography.Text type={amount?.startsWith('-') ? 'danger' : undefined}>{money(amount)}</Typography.Text>;
}

function CurrencyCard({ figures }: { figures: Figures }) {
  const t = useTranslate();
  return (
    <Card
      size="small"
      data-testid={`reconciliation-${figures.currency}`}
      title={
        <Space>
          {figures.currency}
          <Tag color={STATUS_COLOR[figures.status]}>{t(`treasury.reconciliation.status.${figures.status}`)}</Tag>
        </Space>
      }
    >
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('treasury.reconciliation.holdings')}>
          <Typography.Text strong>{money(figures.holdings.total)}</Typography.Text>
          <Breakdown values={HOLDING_KINDS.map((kind) => [kind, figures.holdings[kind]])} />
        </Descriptions.Item>
        <Descriptions.Item label={t('treasury.reconciliation.liabilities')}>
          <Typography.Text strong>{money(figures.liabilities.total)}</Typography.Text>
          <Breakdown values={LIABILITY_KINDS.map((kind) => [kind, figures.liabilities[kind]])} />
        </Descriptions.Item>
        <Descriptions.Item label={t('treasury.reconciliation.difference')}>
          <span data-testid={`reconciliation-${figures.currency}-difference`}>
            <Difference amount={figures.difference} />
          </span>
          {figures.inFlight !== '0' && (
            <Typography.Text type="secondary"> · {t('treasury.reconciliation.inFlight', { amount: money(figures.inFlight) })}</Typography.Text>
          )}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

function Breakdown({ values }: { values: [string, string][] }) {
  const t = useTranslate();
  return (
    <div>
      {values.map(([kind, amount]) => (
        <Typography.Text key={kind} type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {t(`treasury.reconciliation.kind.${kind}`)}: {money(amount)}
        </Typography.Text>
      ))}
    </div>
  );
}
