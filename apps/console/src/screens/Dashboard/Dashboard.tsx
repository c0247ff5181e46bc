import { useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Segmented, Statistic, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { opsCall, type Response } from '../../api/opsClient.ts';
import { BarChart } from '../../components/BarChart.tsx';
import { dateTime, money } from '../../components/format.ts';
import { PageState } from '../../components/PageState.tsx';
import { useLive } from '../../live/live.tsx';
import { useQueueCounts } from '../../live/queues.ts';

type Figures = Response<'dashboard', 'figures'>;
type Period = Figures['periods'][number];
type MoneyFigures = Period['currencies'][number];

/**
 * The day's, the week's and the month's figures per currency and in USDT, from the read model the
 * money paths keep (never a scan of bets), with the open queues and a 30-day chart.
 */
export default function Dashboard() {
  const t = useTranslate();
  const [periodName, setPeriodName] = useState<Period['period']>('today');
  const { version } = useLive();
  const counts = useQueueCounts();
  const query = useQuery({
    queryKey: ['ops', 'dashboard', 'figures', version > 0 ? Math.floor(version / 5) : 0],
    queryFn: () => opsCall<Figures>('/ops/v1/dashboard/figures'),
    refetchInterval: 60_000,
  });
  const figures = query.data;
  const period = figures?.periods.find((entry) => entry.period === periodName);

  return (
    <PageState loading={query.isLoading} error={query.error} onRetry={() => void query.refetch()}>
      {figures && period && (
        <div data-testid="dashboard">
          <Row justify="space-between" align="middle" gutter={[16, 16]} style={{ marginBottom: 16 }}>
            <Col>
              <Typography.Title level={3} style={{ margin: 0 }}>
                {t('dashboard.title')}
              </Typography.Title>
              <Typography.Text type="secondary">{t('dashboard.asOf', { time: dateTime(figures.asOf) })}</Typography.Text>
            </Col>
            <Col>
              <Segmented
                value={periodName}
                onChange={(value) => setPeriodName(value as Period['period'])}
                options={(['today', '7d', '30d'] as const).map((value) => ({ value, label: t(`dashboard.${value}`) }))}
                data-testid="period"
              />
            </Col>
          </Row>

          <Row gutter={[16, 16]}>
            <Col xs={12} md={6}>
              <Card size="small">
                <Statistic title={t('dashboard.registrations')} value={period.registrations} data-testid="registrations" />
              </Card>
            </Col>
            <Col xs={12} md={6}>
              <Card size="small">
                <Statistic title={t('dashboard.activePlayers')} value={period.activePlayers} data-testid="active-players" />
              </Card>
            </Col>
            <Col xs={12} md={6}>
              <Card size="small">
                <Statistic title={t('dashboard.onlinePlayers')} value={figures.onlinePlayers ?? '—'} />
              </Card>
              <Card size="small" style={{ marginTop: 16 }} title={t('dashboard.hotWallet')} data-testid="hot-wallet">
                {figures.hotWallet ? (
                  <>
                    <Typography.Text strong>{money(figures.hotWallet.usdt, 'USDT')}</Typography.Text>
                    <br />
                    <Typography.Text strong>{money(figures.hotWallet.trx, 'TRX')}</Typography.Text>
                    <br />
                    <Typography.Text type="secondary" copyable={{ text: figures.hotWallet.address }} style={{ wordBreak: 'break-all' }}>
                      {figures.hotWallet.address}
                    </Typography.Text>
                  </>
                ) : (
                  <Typography.Text type="secondary">{t('dashboard.hotWalletUnknown')}</Typography.Text>
                )}
              </Card>
            </Col>
            <Col xs={12} md={6}>
              <Card size="small" title={t('dashboard.queues')} styles={{ body: { padding: 12 } }}>
                <QueueLink to="/finance/withdrawals" label={t('dashboard.withdrawalsToReview')} count={figures.queues.withdrawalsToReview} />
                <QueueLink to="/support/chats" label={t('dashboard.unansweredChats')} count={figures.queues.unansweredChats} />
                <QueueLink to="/finance/held-wins" label={t('dashboard.heldWins')} count={figures.queues.heldWins} />
                <QueueLink to="/risk/referrals" label={t('dashboard.flaggedReferrals')} count={figures.queues.flaggedReferrals} />
                <QueueLink to="/finance/approvals" label={t('dashboard.adjustmentsToApprove')} count={counts.approvalsToDecide ?? 0} />
              </Card>
            </Col>
          </Row>

          <Tabs
            style={{ marginTop: 16 }}
            items={[
              ...period.currencies.map((entry) => ({
                key: entry.currency,
                label: entry.currency,
                children: <MoneyPanel figures={entry} currency={entry.currency} />,
              })),
              {
                key: 'usdt-equivalent',
                label: t('dashboard.usdtEquivalent'),
                children: period.usdtEquivalent ? (
                  <MoneyPanel figures={period.usdtEquivalent} currency="USDT" />
                ) : (
                  <Typography.Text type="secondary">{t('dashboard.noRate')}</Typography.Text>
                ),
              },
            ]}
          />

          <Card title={t('dashboard.daily')} size="small" style={{ marginTop: 16 }}>
            <Tabs
              size="small"
              items={(['USDT', 'TRX'] as const).map((currency) => {
                const rows = figures.daily.filter((row) => row.currency === currency);
                return {
                  key: currency,
                  label: currency,
                  children: (
                    <BarChart
                      label={`${t('dashboard.daily')} ${currency}`}
                      days={rows.map((row) => row.day)}
                      series={[
                        { name: t('dashboard.deposits'), color: '#1f6feb', values: rows.map((row) => row.deposits) },
                        { name: t('dashboard.withdrawals'), color: '#f0883e', values: rows.map((row) => row.withdrawals) },
                        { name: t('dashboard.ggr'), color: '#2da44e', values: rows.map((row) => row.ggr) },
                      ]}
                    />
                  ),
                };
              })}
            />
          </Card>
        </div>
      )}
    </PageState>
  );
}

function QueueLink({ to, label, count }: { to: string; label: string; count: number }) {
  return (
    <Link to={to} style={{ display: 'flex', justifyContent: 'space-between' }}>
      <span>{label}</span>
      <Tag color={count > 0 ? 'orange' : 'default'}>{count}</Tag>
    </Link>
  );
}

function MoneyPanel({ figures, currency }: { figures: Omit<MoneyFigures, 'currency'>; currency: string }) {
  const t = useTranslate();
  const stat = (key: string, value: string, testId?: string) => (
    <Col xs={12} md={6} key={key}>
      <Card size="small">
        <Statistic title={t(`dashboard.${key}`)} value={money(value)} suffix={currency} data-testid={testId ?? `${key}-${currency}`} />
      </Card>
    </Col>
  );
  return (
    <>
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic
              title={t('dashboard.firstDeposits')}
              value={t('dashboard.count', { count: figures.firstDeposits.count, amount: money(figures.firstDeposits.amount, currency) })}
            />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic
              title={t('dashboard.deposits')}
              value={t('dashboard.count', { count: figures.deposits.count, amount: money(figures.deposits.amount, currency) })}
              data-testid={`deposits-${currency}`}
            />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic
              title={t('dashboard.withdrawals')}
              value={t('dashboard.count', { count: figures.withdrawals.count, amount: money(figures.withdrawals.amount, currency) })}
            />
          </Card>
        </Col>
        {stat('netDeposits', figures.netDeposits)}
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={t('dashboard.bets')} value={t('dashboard.count', { count: figures.bets.count, amount: money(figures.bets.stake, currency) })} />
          </Card>
        </Col>
        {stat('ggr', figures.ggr)}
        {stat('bonusPaid', figures.bonusPaid)}
        {stat('bonusReleased', figures.bonusReleased)}
        {stat('bonusCost', figures.bonusCost)}
        {stat('ngr', figures.ngr)}
      </Row>
      <Table
        style={{ marginTop: 16 }}
        size="small"
        pagination={false}
        rowKey="gameType"
        title={() => t('dashboard.byGameType')}
        dataSource={figures.byGameType}
        columns={[
          { title: t('dashboard.gameType'), dataIndex: 'gameType', render: (code: number) => t(`dashboard.gameTypes.${code}`, String(code)) },
          { title: t('dashboard.bets'), dataIndex: 'bets', align: 'end' as const },
          { title: t('dashboard.stake'), dataIndex: 'stake', align: 'end' as const, render: (value: string) => money(value) },
          { title: t('dashboard.payout'), dataIndex: 'payout', align: 'end' as const, render: (value: string) => money(value) },
          { title: t('dashboard.ggr'), dataIndex: 'ggr', align: 'end' as const, render: (value: string) => money(value) },
        ]}
      />
    </>
  );
}
