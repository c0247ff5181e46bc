import { useMenu, usePermissions, useTranslate, type TreeMenuItem } from '@refinedev/core';
import { Badge, Layout, Menu } from 'antd';
import type { ItemType } from 'antd/es/menu/interface';
import { Link } from 'react-router';
import { useQueueCounts } from '../live/queues.ts';
import { mayCall } from '../state/me.ts';

/**
 * The menu: every page the signed-in member's permissions let them read, grouped as RESOURCES says,
 * with a live count beside the queues (chats to answer, withdrawals to review, held wins, requests
 * to decide). A group with nothing the member may open is left out.
 */
export function Sider() {
  const t = useTranslate();
  const { menuItems, selectedKey } = useMenu();
  const { data: permissions } = usePermissions<string[]>({});
  const counts = useQueueCounts();

  const toItem = (item: TreeMenuItem): ItemType | null => {
    const label = t(String(item.meta?.label ?? item.name));
    if (item.children.length > 0) {
      const children = item.children.map(toItem).filter((child): child is ItemType => child !== null);
      return children.length ? { key: item.key, label, children } : null;
    }
    if (!mayCall(permissions, String(item.meta?.call))) return null;
    const queue = item.meta?.queue as keyof typeof counts | undefined;
    const count = queue ? counts[queue] : undefined;
    return {
      key: item.key,
      label: (
        <Link to={item.route ?? '/'} data-testid={`nav-${item.name}`}>
          {label} {count ? <Badge count={count} size="small" style={{ marginInlineStart: 6 }} data-testid={`nav-count-${item.name}`} /> : null}
        </Link>
      ),
    };
  };

  const items = menuItems.map(toItem).filter((item): item is ItemType => item !== null);
  return (
    <Layout.Sider width={232} breakpoint="lg" collapsedWidth={0} theme="light" style={{ borderInlineEnd: '1px solid rgba(5,5,5,0.06)' }}>
      <div style={{ padding: '16px 20px', fontWeight: 600 }}>{t('app.name')}</div>
      <Menu mode="inline" selectedKeys={[selectedKey]} defaultOpenKeys={menuItems.map((item) => item.key)} items={items} />
    </Layout.Sider>
  );
}
