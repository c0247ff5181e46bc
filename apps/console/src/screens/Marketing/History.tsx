import { useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Table, Tag, Typography } from 'antd';
import { opsCall, type Response } from '../../api/opsClient.ts';
import { dateTime } from '../../components/format.ts';
import { PageState } from '../../components/PageState.tsx';
import { differences, type Difference } from './values.ts';

/** A change as every settings audit lists it (the quotas' rows are just that); most add the action taken. */
export type Change = Response<'quotas', 'audit'>['changes'][number] & { action?: string };

const show = (value: unknown) => (value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value));

/**
 * A setting's or an item's changes, newest first, each as the fields it changed (old → new) under
 * the name of who changed it. `describe` names a field in the staff member's words.
 */
export function History({
  path,
  body,
  queryKey,
  describe,
  format = show,
  testId,
}: {
  path: string;
  body: object;
  queryKey: unknown[];
  describe?: (difference: Difference) => string;
  /** A changed value in the staff member's terms (a rate in percent); JSON text by default. */
  format?: (value: unknown) => string;
  testId?: string;
}) {
  const t = useTranslate();
  const query = useQuery({ queryKey: ['ops', ...queryKey], queryFn: () => opsCall<{ changes: Change[] }>(path, body) });
  const changes = query.data?.changes ?? [];
  return (
    <PageState loading={query.isLoading} error={query.error} onRetry={() => void query.refetch()}>
      <Table
        size="small"
        rowKey="id"
        data-testid={testId}
        dataSource={changes}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        scroll={{ x: true }}
        locale={{ emptyText: t('marketing.history.empty') }}
        columns={[
          { title: t('common.time'), dataIndex: 'at', width: 170, render: (at: string) => dateTime(at) },
          { title: t('marketing.history.by'), dataIndex: 'by', width: 140, render: (by: string | null) => by ?? '—' },
          {
            title: t('marketing.history.change'),
            key: 'change',
            render: (_: unknown, change: Change) => {
              const list = differences(change.oldValue, change.newValue);
              const shown = list.slice(0, 8);
              return (
                <div style={{ minWidth: 240 }}>
                  {change.action && <Tag>{t(`marketing.history.actions.${change.action}`, change.action)}</Tag>}
                  {shown.map((difference) => (
                    <div key={difference.path.join('.')}>
                      <Typography.Text type="secondary">{describe ? describe(difference) : difference.path.join('.') || '—'}: </Typography.Text>
                      <Typography.Text delete>{format(difference.before)}</Typography.Text> →{' '}
                      <Typography.Text strong>{format(difference.after)}</Typography.Text>
                    </div>
                  ))}
                  {list.length > shown.length && (
                    <Typography.Text type="secondary">{t('marketing.history.more', { count: list.length - shown.length })}</Typography.Text>
                  )}
                </div>
              );
            },
          },
        ]}
      />
    </PageState>
  );
}
