import { useTranslate } from '@refinedev/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, DatePicker, InputNumber, Select, Space, Table, Tabs, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { call, type Response } from '../../api/opsClient.ts';
import { downloadCsv, money, toCsv } from '../../components/format.ts';
import { PageState } from '../../components/PageState.tsx';
import { PlayerLink, StatusTag } from '../Players/shared.tsx';

type Winner = Response<'risk', 'bigWinners'>['currencies'][number]['list'][number];

/** Today as the daily bet figures count days: in Asia/Shanghai (UTC+8, no daylight saving). */
function shanghaiToday(): Dayjs {
  return dayjs(new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10));
}

/** The players who won the most over a period of days, per currency, from the daily bet figures. */
export default function BigWinners() {
  const t = useTranslate();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [shanghaiToday().subtract(6, 'day'), shanghaiToday()]);
  const [currency, setCurrency] = useState<'USDT' | 'TRX' | ''>('');
  const [limit, setLimit] = useState(20);
  const fromDay = range[0].format('YYYY-MM-DD');
  const toDay = range[1].format('YYYY-MM-DD');
  const query = useQuery({
    queryKey: ['risk', 'bigWinners', fromDay, toDay, currency, limit],
    queryFn: () => call('risk', 'bigWinners', { fromDay, toDay, limit, ...(currency ? { currency } : {}) }),
    placeholderData: keepPreviousData,
  });
  const currencies = query.data?.currencies ?? [];
  const exportCsv = () =>
    downloadCsv(
      `big-winners-${fromDay}-${toDay}.csv`,
      toCsv(
        ['currency', 'playerId', 'account', 'nickname', 'bets', 'stakes', 'payouts', 'net'],
        currencies.flatMap((entry) =>
          entry.list.map((row) => [entry.currency, row.playerId, row.account, row.nickname, row.bets, row.stakes, row.payouts, row.net]),
        ),
      ),
    );
  return (
    <div data-testid="risk-big-winners">
      <Typography.Title level={3}>{t('risk.bigWinners.title')}</Typography.Title>
      <Space wrap style={{ marginBottom: 16 }}>
        <DatePicker.RangePicker
          value={range}
          allowClear={false}
          disabledDate={(day) => day.isAfter(shanghaiToday())}
          onChange={(value) => value?.[0] && value[1] && setRange([value[0], value[1].diff(value[0], 'day') >= 93 ? value[0].add(92, 'day') : value[1]])}
        />
        <Select
          value={currency}
          onChange={setCurrency}
          style={{ width: 120 }}
          options={[
            { value: '', label: t('common.all') },
            { value: 'USDT', label: 'USDT' },
            { value: 'TRX', label: 'TRX' },
          ]}
        />
        <InputNumber
          min={1}
          max={100}
          precision={0}
          value={limit}
          onChange={(value) => value && setLimit(value)}
          addonBefore={t('risk.bigWinners.limit')}
          style={{ width: 180 }}
        />
        <Button disabled={currencies.every((entry) => entry.list.length === 0)} onClick={exportCsv} data-testid="export-csv">
          {t('common.exportCsv')}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">{t('risk.bigWinners.days')}</Typography.Paragraph>
      <PageState
        loading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={query.isSuccess && currencies.every((entry) => entry.list.length === 0)}
        emptyText={t('risk.bigWinners.none')}
      >
        <Tabs
          items={currencies.map((entry) => ({
            key: entry.currency,
            label: entry.currency,
            children: (
              <Table<Winner>
                rowKey="playerId"
                size="small"
                scroll={{ x: true }}
                dataSource={entry.list}
                pagination={false}
                loading={query.isFetching}
                locale={{ emptyText: t('risk.bigWinners.empty', { currency: entry.currency }) }}
                data-testid={`big-winners-${entry.currency}`}
                columns={[
                  {
                    title: t('common.player'),
                    key: 'player',
                    render: (_, row) => <PlayerLink playerId={row.playerId} account={row.account} nickname={row.nickname} />,
                  },
                  { title: t('common.status'), dataIndex: 'status', render: (value: number) => <StatusTag status={value} /> },
                  { title: t('risk.bigWinners.bets'), dataIndex: 'bets', align: 'right' },
                  { title: t('risk.bigWinners.stakes'), dataIndex: 'stakes', align: 'right', render: (value: string) => money(value) },
                  { title: t('risk.bigWinners.payouts'), dataIndex: 'payouts', align: 'right', render: (value: string) => money(value) },
                  {
                    title: t('risk.bigWinners.net'),
                    dataIndex: 'net',
                    align: 'right',
                    render: (value: string) => <Typography.Text strong>{money(value, entry.currency)}</Typography.Text>,
                  },
                ]}
              />
            ),
          }))}
        />
      </PageState>
    </div>
  );
}
