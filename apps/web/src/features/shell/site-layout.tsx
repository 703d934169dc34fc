import { Layout } from 'antd';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { RouteFallback } from './route-fallback.tsx';
import { SiteFooter } from './site-footer.tsx';
import { TopNav } from './top-nav.tsx';

/** Header with the top navigation, the screen, and the footer: the frame of every screen. */
export function SiteLayout() {
  return (
    <Layout className="site-layout">
      <Layout.Header className="site-header">
        <TopNav />
      </Layout.Header>
      <Layout.Content className="site-content">
        <Suspense fallback={<RouteFallback />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
      <Layout.Footer className="site-footer-wrap">
        <SiteFooter />
      </Layout.Footer>
    </Layout>
  );
}
