import { usePermissions, useTranslate } from '@refinedev/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Radio, Segmented, Table, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../api/opsClient.ts';
import { PageState } from '../../components/PageState.tsx';
import { mayCall } from '../../state/me.ts';
import { ActionDialog, PlayerLink } from '../Players/shared.tsx';
import { type Flag, useFlagColumns } from './flags.tsx';

const LIMIT = 500;

/** Flags to review first, newest first within each. */
const byReview = (a: Flag, b: Flag) => Number(a.decision !== null) - Number(b.decision !== null) || b.createdAt.localeCompare(a.createdAt) || b.id - a.id;

/**
 * The accounts linked by address, device or wallet to a player who self-excluded (PROTECTION.md):
 * open flags first; who may decide clears one (different people) or confirms it (the same person),
 * with a reason for the audit.
 */
export default function ExclusionLinks() {
  const t = useTranslate();
  const { data: permissions } = usePermissions<string[]>({});
  const mayDecide = mayCall(permissions, 'protection.decideLink');
  const client = useQueryClient();
  const [show, setShow] = useState<'open' | 'all'>('open');
  const [deciding, setDeciding] = useState<Flag | null>(null);
  const query = useQuery({
    queryKey: ['risk', 'exclusionLinks', show],
    queryFn: () => call('protection', 'links', { open: show === 'open', limit: LIMIT }),
    placeholderData: keepPreviousData,
  });
  const rows = [...(query.data?.items ?? [])].sort(byReview);
  const flagColumns = useFlagColumns([
    { title: t('protection.queue.player'), dataIndex: 'playerId', render: (id: number) => <PlayerLink playerId={id} /> },
    { title: t('protection.queue.excluded'), dataIndex: 'excludedPlayerId', render: (id: number) => <PlayerLink playerId={id} /> },
  ]);

  return (
    <div data-testid="risk-exclusion-links">
      <Typography.Title level={3}>{t('protection.queue.title')}</Typography.Title>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 900 }}>
        {t('protection.queue.hint')}
      </Typography.Paragraph>
      <Segmented
        value={show}
        onChange={(value) => setShow(value as typeof show)}
        options={[
          { value: 'open', label: <span data-testid="links-show-open">{t('protection.queue.show.open')}</span> },
          { value: 'all', label: <span data-testid="links-show-all">{t('protection.queue.show.all')}</span> },
        ]}
        style={{ marginBottom: 12 }}
      />
      <PageState loading={query.isLoading} error={query.error} onRetry={() => void query.refetch()}>
        {rows.length >= LIMIT && <Alert type="info" showIcon message={t('protection.queue.truncated', { count: LIMIT })} style={{ marginBottom: 8 }} />}
        <Table<Flag>
          rowKey="id"
          size="small"
          scroll={{ x: true }}
          dataSource={rows}
          loading={query.isFetching}
          locale={{ emptyText: t(show === 'open' ? 'protection.queue.empty' : 'protection.queue.emptyAll') }}
          pagination={{ pageSize: 50, hideOnSinglePage: true, showTotal: (total) => t('common.total', { count: total }) }}
          data-testid="exclusion-links"
          onRow={(row) => ({ 'data-testid': `flag-${row.id}` }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            ...flagColumns,
            ...(mayDecide
              ? [
                  {
                    title: t('common.actions'),
                    key: 'actions',
                    render: (_: unknown, row: Flag) =>
                      row.decision === null ? (
                        <Button size="small" type="primary" onClick={() => setDeciding(row)} data-testid={`decide-${row.id}`}>
                          {t('protection.queue.decide')}
                        </Button>
                      ) : null,
                  },
                ]
              : []),
          ]}
        />
      </PageState>
      <ActionDialog<{ decision: 'cleared' | 'confirmed'; reason: string }>
        testId="decide-dialog"
        open={deciding !== null}
        title={t('protection.queue.decideTitle', { id: deciding?.id ?? '' })}
        hint={
          deciding
            ? t('protection.queue.decideHint', {
                player: deciding.playerId,
                link: t(`protection.linkWord.${deciding.link}`),
                detail: deciding.detail,
                excluded: deciding.excludedPlayerId,
              })
            : ''
        }
        onClose={() => setDeciding(null)}
        submit={async ({ decision, reason }) => {
          if (!deciding) return;
          await call('protection', 'decideLink', { id: deciding.id, decision, reason: reason.trim() });
          await Promise.all([
            client.invalidateQueries({ queryKey: ['risk', 'exclusionLinks'] }),
            client.invalidateQueries({ queryKey: ['ops', 'queues', 'counts'] }),
            client.invalidateQueries({ queryKey: ['player', deciding.playerId, 'protection'] }),
            client.invalidateQueries({ queryKey: ['player', deciding.excludedPlayerId, 'protection'] }),
          ]);
        }}
      >
        <Form.Item name="decision" label={t('protection.queue.decisionLabel')} rules={[{ required: true, message: t('protection.settings.required') }]}>
          <Radio.Group
            options={[
              { value: 'cleared', label: <span data-testid="decision-cleared">{t('protection.queue.clear')}</span> },
              { value: 'confirmed', label: <span data-testid="decision-confirmed">{t('protection.queue.confirm')}</span> },
            ]}
          />
        </Form.Item>
        <Form.Item noStyle shouldUpdate={(before, after) => before.decision !== after.decision}>
          {({ getFieldValue }) =>
            getFieldValue('decision') === 'confirmed' ? (
              <Alert type="warning" showIcon message={t('protection.queue.confirmHint')} style={{ marginBottom: 12 }} />
            ) : null
          }
        </Form.Item>
      </ActionDialog>
    </div>
  );
}
