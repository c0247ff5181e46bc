import { useTranslate } from '@refinedev/core';
import { Space, type TableColumnsType, Tag, Typography } from 'antd';
import type { Response } from '../../api/opsClient.ts';
import { dateTime } from '../../components/format.ts';

export type Flag = Response<'protection', 'decideLink'>;

/** A linked-account flag's state: to review, or cleared or confirmed with who decided and when. */
export function DecisionTag({ flag }: { flag: Flag }) {
  const t = useTranslate();
  if (flag.decision === null) return <Tag color="orange">{t('protection.queue.decision.open')}</Tag>;
  return (
    <Space direction="vertical" size={0}>
      <Tag color={flag.decision === 'confirmed' ? 'red' : 'green'}>{t(`protection.queue.decision.${flag.decision}`)}</Tag>
      <Typography.Text type="secondary">{t('protection.queue.decided', { by: flag.decidedBy ?? '—', at: dateTime(flag.decidedAt) })}</Typography.Text>
    </Space>
  );
}

/** The columns every list of linked-account flags shows, around the players it names (`players`). */
export function useFlagColumns(players: TableColumnsType<Flag>): TableColumnsType<Flag> {
  const t = useTranslate();
  return [
    { title: t('protection.queue.flaggedAt'), dataIndex: 'createdAt', render: dateTime },
    ...players,
    { title: t('protection.queue.link'), dataIndex: 'link', render: (value: string) => <Tag>{t(`protection.link.${value}`)}</Tag> },
    {
      title: t('protection.queue.detail'),
      dataIndex: 'detail',
      render: (value: string) => <Typography.Text style={{ wordBreak: 'break-all' }}>{value}</Typography.Text>,
    },
    { title: t('common.status'), key: 'decision', render: (_, row) => <DecisionTag flag={row} /> },
  ];
}
