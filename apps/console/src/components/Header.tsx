import { useGetIdentity, useLogout, useTranslate } from '@refinedev/core';
import { Badge, Button, Dropdown, Layout, Space, Typography } from 'antd';
import { Alerts } from './Alerts.tsx';
import { useNavigate } from 'react-router';
import { opsCall } from '../api/opsClient.ts';
import { useLive } from '../live/live.tsx';
import { LanguagePicker } from './LanguagePicker.tsx';

/** The bar above every page: the live feed's state, the language, and the member's own menu. */
export function Header() {
  const t = useTranslate();
  const { data: identity } = useGetIdentity<{ name: string }>();
  const { mutate: logout } = useLogout();
  const navigate = useNavigate();
  const { open } = useLive();

  return (
    <Layout.Header style={{ background: 'transparent', display: 'flex', justifyContent: 'flex-end', alignItems: 'center', paddingInline: 24, height: 56 }}>
      <Space size="large" wrap>
        <Badge status={open ? 'success' : 'warning'} text={open ? t('common.live') : t('common.offline')} data-testid="live-state" />
        <Alerts />
        <LanguagePicker />
        <Dropdown
          menu={{
            items: [
              { key: 'account', label: t('nav.account'), onClick: () => navigate('/account') },
              {
                key: 'everywhere',
                label: t('app.signOutEverywhere'),
                onClick: async () => {
                  await opsCall('/ops/v1/auth/signOutEverywhere').catch(() => undefined);
                  logout();
                },
              },
              { key: 'out', label: t('app.signOut'), onClick: () => logout() },
            ],
          }}
        >
          <Button type="text" data-testid="me">
            <Typography.Text>{identity ? t('app.signedInAs', { name: identity.name }) : '…'}</Typography.Text>
          </Button>
        </Dropdown>
      </Space>
    </Layout.Header>
  );
}
