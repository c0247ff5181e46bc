import { usePermissions, useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Space, Table, Tag, Timeline, Typography } from 'antd';
import { Link } from 'react-router';
import { call, type Response } from '../../api/opsClient.ts';
import { dateTime, money } from '../../components/format.ts';
import { PageState } from '../../components/PageState.tsx';
import { mayCall } from '../../state/me.ts';
import { PlayerLink } from '../Players/shared.tsx';
import { type Flag, useFlagColumns } from './flags.tsx';
import { useProtectionWords } from './words.ts';

type Protection = Response<'protection', 'player'>;
type Limit = Protection['state']['limits'][number];

/** Decimal text as micro-units, to compare amounts exactly. */
function micro(amount: string): bigint {
  const [whole, fraction = ''] = amount.replace('-', '').split('.');
  const value = BigInt(whole || '0') * 1_000_000n + BigInt(`${fraction}000000`.slice(0, 6));
  return amount.startsWith('-') ? -value : value;
}

const ACTION_COLOURS: Record<string, string> = {
  time_out_taken: 'red',
  self_excluded: 'red',
  return_asked: 'orange',
  deposit_held: 'orange',
  transfer_bet_refunded: 'orange',
  held_released: 'green',
  held_returned: 'green',
  held_return_failed: 'orange',
  link_decided: 'gray',
};

/**
 * A player's protection as staff see it (PROTECTION.md): the limits with what is used and any raise
 * or removal waiting, the reality-check interval, a time-out or self-exclusion, held deposits, every
 * choice and decision, and the linked-account flags the player is in. Staff can change none of it:
 * a pause is never lifted or shortened by staff, and the tab says so.
 */
export default function PlayerProtection({ playerId }: { playerId: number }) {
  const t = useTranslate();
  const words = useProtectionWords();
  const { data: permissions } = usePermissions<string[]>({});
  const query = useQuery({ queryKey: ['player', playerId, 'protection'], queryFn: () => call('protection', 'player', { playerId }) });
  const data = query.data;
  const pause = data?.state.pause ?? null;
  const now = Date.now();
  const flagColumns = useFlagColumns([
    {
      title: t('protection.tab.otherPlayer'),
      key: 'other',
      render: (_, row) => {
        const linked = row.playerId === playerId;
        return (
          <Space direction="vertical" size={0}>
            <Typography.Text type="secondary">{t(linked ? 'protection.tab.role.linked' : 'protection.tab.role.excluded')}</Typography.Text>
            <PlayerLink playerId={linked ? row.excludedPlayerId : row.playerId} />
          </Space>
        );
      },
    },
  ]);

  return (
    <PageState loading={query.isLoading} error={query.error} onRetry={() => void query.refetch()}>
      {data && (
        <div data-testid="protection-tab">
          <Alert type="info" showIcon message={t('protection.tab.noLift')} style={{ marginBottom: 12 }} data-testid="protection-no-lift" />
          <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} data-testid="protection-state" style={{ marginBottom: 12 }}>
            <Descriptions.Item label={t('protection.tab.pause')}>
              <span data-testid="protection-pause">
                {pause ? <Tag color="red">{t(`protection.pauseKind.${pause.kind}`)}</Tag> : <Tag color="green">{t('protection.tab.notPaused')}</Tag>}
              </span>
            </Descriptions.Item>
            {pause && (
              <>
                <Descriptions.Item label={t('protection.tab.since')}>{dateTime(pause.since)}</Descriptions.Item>
                <Descriptions.Item label={t('protection.tab.until')}>
                  <span data-testid="protection-until">{pause.until ? dateTime(pause.until) : t('protection.indefinite')}</span>
                </Descriptions.Item>
                {pause.kind === 'self_exclusion' && (
                  <>
                    <Descriptions.Item label={t('protection.tab.returnAsked')}>{dateTime(pause.returnRequestedAt)}</Descriptions.Item>
                    <Descriptions.Item label={t('protection.tab.endsAt')}>
                      {pause.endsAt ? dateTime(pause.endsAt) : t('protection.tab.endsAtNotYet')}
                    </Descriptions.Item>
                  </>
                )}
              </>
            )}
            <Descriptions.Item label={t('protection.tab.realityCheck')}>
              <span data-testid="protection-reality-check">{words.interval(data.state.realityCheckMinutes)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('protection.tab.offer')}>
              {t('protection.tab.offerAt', {
                registration: t(data.state.limitOfferAnswered.registration ? 'common.yes' : 'common.no'),
                firstDeposit: t(data.state.limitOfferAnswered.firstDeposit ? 'common.yes' : 'common.no'),
              })}
            </Descriptions.Item>
            <Descriptions.Item label={t('protection.tab.held')}>
              <span data-testid="protection-held">
                {data.state.held.length ? data.state.held.map((item) => money(item.amount, item.currency)).join(' · ') : t('protection.tab.noneHeld')}
              </span>
            </Descriptions.Item>
          </Descriptions>

          <Typography.Title level={5}>{t('protection.tab.limits')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('protection.tab.limitsHint')}</Typography.Paragraph>
          <Table<Limit>
            rowKey={(row) => `${row.kind}-${row.period}`}
            size="small"
            scroll={{ x: true }}
            pagination={false}
            dataSource={data.state.limits}
            locale={{ emptyText: t('protection.tab.noLimits') }}
            data-testid="protection-limits"
            columns={[
              { title: t('protection.tab.limitKind'), dataIndex: 'kind', render: (value: string) => words.kind(value) },
              { title: t('protection.tab.limitPeriod'), dataIndex: 'period', render: (value: string) => t(`protection.period.${value}`) },
              { title: t('protection.tab.amount'), dataIndex: 'amount', align: 'right', render: (value: string) => money(value, 'USDT') },
              {
                title: t('protection.tab.used'),
                key: 'used',
                align: 'right',
                render: (_, row) => (
                  <Typography.Text type={micro(row.used) >= micro(row.amount) ? 'danger' : undefined}>{money(row.used, 'USDT')}</Typography.Text>
                ),
              },
              { title: t('protection.tab.resetsAt'), dataIndex: 'resetsAt', render: dateTime },
              {
                title: t('protection.tab.pending'),
                key: 'pending',
                render: (_, row) =>
                  row.pending ? (
                    <Space direction="vertical" size={0}>
                      <Tag color="orange">
                        {row.pending.amount === null
                          ? t('protection.tab.pendingRemoval')
                          : t('protection.tab.pendingRaise', { amount: money(row.pending.amount) })}
                      </Tag>
                      <Typography.Text type="secondary">
                        {Date.parse(row.pending.readyAt) <= now
                          ? t('protection.tab.readyNow')
                          : t('protection.tab.readyAt', { time: dateTime(row.pending.readyAt) })}
                      </Typography.Text>
                    </Space>
                  ) : (
                    '—'
                  ),
              },
            ]}
          />

          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('protection.tab.history')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('protection.tab.historyHint')}</Typography.Paragraph>
          {data.history.length === 0 ? (
            <Typography.Paragraph type="secondary">{t('protection.tab.noHistory')}</Typography.Paragraph>
          ) : (
            <div data-testid="protection-history">
              <Timeline
                items={data.history.map((entry) => {
                  const summary = words.summary(entry);
                  return {
                    key: entry.id,
                    color: ACTION_COLOURS[entry.action] ?? 'blue',
                    children: (
                      <div data-testid="protection-history-entry">
                        <Typography.Text strong>{words.actionName(entry.action)}</Typography.Text>{' '}
                        <Typography.Text type="secondary">
                          {dateTime(entry.at)} · {words.actor(entry.actor)}
                        </Typography.Text>
                        {summary && <div style={{ overflowWrap: 'anywhere' }}>{summary}</div>}
                      </div>
                    ),
                  };
                })}
              />
            </div>
          )}

          <Space wrap align="baseline" style={{ marginTop: 4 }}>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('protection.tab.links')}
            </Typography.Title>
            {mayCall(permissions, 'protection.links') && (
              <Link to="/risk/exclusion-links" data-testid="protection-open-queue">
                {t('protection.tab.openQueue')}
              </Link>
            )}
          </Space>
          <Typography.Paragraph type="secondary">{t('protection.tab.linksHint')}</Typography.Paragraph>
          <Table<Flag>
            rowKey="id"
            size="small"
            scroll={{ x: true }}
            pagination={false}
            dataSource={data.links}
            locale={{ emptyText: t('protection.tab.noLinks') }}
            data-testid="protection-links"
            columns={flagColumns}
          />
        </div>
      )}
    </PageState>
  );
}
