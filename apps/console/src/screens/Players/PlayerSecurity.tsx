import { useGetLocale, usePermissions, useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { call, type Response } from '../../api/opsClient.ts';
import { countryName } from '../../components/countries.ts';
import { dateTime } from '../../components/format.ts';
import { PageState } from '../../components/PageState.tsx';
import { mayCall } from '../../state/me.ts';
import { ActionDialog } from './shared.tsx';

type Security = Response<'accountSecurity', 'playerSecurity'>;

/**
 * The player's account security for support: two-factor on or off, the last 50 sign-ins (device,
 * address, country, time), and the reset of two-factor once support has checked who the player is.
 */
export function PlayerSecurity({ playerId }: { playerId: number }) {
  const t = useTranslate();
  const locale = useGetLocale()() ?? 'en';
  const { data: permissions } = usePermissions<string[]>({});
  const [resetting, setResetting] = useState(false);
  const [done, setDone] = useState(false);
  const query = useQuery({ queryKey: ['player', playerId, 'security'], queryFn: () => call('accountSecurity', 'playerSecurity', { playerId }) });
  const twoFactor = query.data?.twoFactor;
  return (
    <PageState loading={query.isLoading} error={query.error} onRetry={() => void query.refetch()}>
      <div data-testid="player-security">
        {done && (
          <Alert type="success" showIcon closable onClose={() => setDone(false)} style={{ marginBottom: 12 }} message={t('players.security.resetDone')} />
        )}
        {twoFactor && (
          <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
            <Descriptions.Item label={t('players.security.twoFactor')}>
              <Space wrap>
                <Tag color={twoFactor.enabled ? 'green' : undefined} data-testid="security-two-factor">
                  {twoFactor.enabled ? t('players.security.on') : t('players.security.off')}
                </Tag>
                {twoFactor.enabledAt && (
                  <Typography.Text type="secondary">{t('players.security.since', { at: dateTime(twoFactor.enabledAt) })}</Typography.Text>
                )}
                {twoFactor.enabled && (
                  <Typography.Text type="secondary">{t('players.security.recoveryLeft', { count: twoFactor.recoveryCodesLeft })}</Typography.Text>
                )}
                {twoFactor.enabled && mayCall(permissions, 'accountSecurity.resetTwoFactor') && (
                  <Button danger size="small" onClick={() => setResetting(true)} data-testid="reset-two-factor">
                    {t('players.security.reset')}
                  </Button>
                )}
              </Space>
            </Descriptions.Item>
          </Descriptions>
        )}
        <Typography.Title level={5}>{t('players.security.logins')}</Typography.Title>
        <Table<Security['logins'][number]>
          rowKey="id"
          size="small"
          scroll={{ x: true }}
          pagination={false}
          dataSource={query.data?.logins}
          locale={{ emptyText: t('players.security.empty') }}
          data-testid="security-logins"
          columns={[
            { title: t('common.time'), dataIndex: 'at', render: dateTime },
            { title: t('players.security.device'), dataIndex: 'device' },
            { title: t('players.security.address'), dataIndex: 'ip' },
            {
              title: t('players.security.country'),
              dataIndex: 'country',
              render: (value: string | null) => (value ? `${countryName(value, locale)} (${value})` : '—'),
            },
            {
              title: t('common.status'),
              dataIndex: 'active',
              render: (active: boolean) => (active ? <Tag color="green">{t('players.security.active')}</Tag> : <Tag>{t('players.security.ended')}</Tag>),
            },
          ]}
        />
        <ActionDialog<{ reason: string }>
          testId="reset-two-factor-dialog"
          open={resetting}
          title={t('players.security.resetTitle')}
          hint={t('players.security.resetHint')}
          onClose={() => setResetting(false)}
          submit={async ({ reason }) => {
            await call('accountSecurity', 'resetTwoFactor', { playerId, reason });
            setDone(true);
            await query.refetch();
          }}
        />
      </div>
    </PageState>
  );
}
