import { useTranslate } from '@refinedev/core';
import { App, Badge, Button, Empty, List, Popover, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { consoleSocket } from '../live/live.tsx';
import { dateTime } from './format.ts';

interface Alert {
  at: string;
  kind: string;
  severity: 'warning' | 'critical';
  message: string;
  playerId?: number;
}

const KEPT = 30;

/**
 * Alerts the server raises (a failed ledger check, a stuck payout, a risk signal) for the permissions
 * this member holds, as they arrive on the console socket: a notice at once, and the last ones under
 * the bell until the member has seen them.
 */
export function Alerts() {
  const t = useTranslate();
  const { notification } = App.useApp();
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const [unseen, setUnseen] = useState(0);

  useEffect(
    () =>
      consoleSocket.subscribe((frame) => {
        if (frame.event !== 'alert') return;
        const alert = { at: new Date().toISOString(), ...(frame.data as Omit<Alert, 'at'>) };
        setAlerts((previous) => [alert, ...previous].slice(0, KEPT));
        setUnseen((count) => count + 1);
        notification[alert.severity === 'critical' ? 'error' : 'warning']({ message: t('alerts.title'), description: alert.message, placement: 'bottomRight' });
      }),
    [notification, t],
  );

  const content = alerts.length ? (
    <List
      size="small"
      style={{ width: 360, maxHeight: 420, overflow: 'auto' }}
      dataSource={alerts}
      renderItem={(alert) => (
        <List.Item>
          <List.Item.Meta
            title={
              <>
                <Tag color={alert.severity === 'critical' ? 'red' : 'orange'}>{t(`alerts.${alert.severity}`)}</Tag>
                <Typography.Text type="secondary">{dateTime(alert.at)}</Typography.Text>
              </>
            }
            description={
              <>
                {alert.message}
                {alert.playerId ? (
                  <>
                    {' '}
                    <Link to={`/players/${alert.playerId}`}>{t('alerts.player', { id: alert.playerId })}</Link>
                  </>
                ) : null}
              </>
            }
          />
        </List.Item>
      )}
    />
  ) : (
    <Empty description={t('alerts.none')} />
  );

  return (
    <Popover content={content} title={t('alerts.title')} trigger="click" onOpenChange={(open) => open && setUnseen(0)}>
      <Badge count={unseen} size="small">
        <Button size="small" data-testid="alerts">
          {t('alerts.title')}
        </Button>
      </Badge>
    </Popover>
  );
}
