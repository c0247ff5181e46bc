import { Layout } from 'antd';
import type { ReactNode } from 'react';
import { Header } from './Header.tsx';
import { Sider } from './Sider.tsx';

/** The signed-in frame: the menu at the side, the bar above, the page in the middle. */
export function ConsoleLayout({ children }: { children: ReactNode }) {
  return (
    <Layout style={{ minHeight: '100vh' }} hasSider>
      <Sider />
      <Layout style={{ minWidth: 0 }}>
        <Header />
        <Layout.Content style={{ padding: 24, minWidth: 0 }}>{children}</Layout.Content>
      </Layout>
    </Layout>
  );
}
