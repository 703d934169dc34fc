import { Menu } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { PageHeading } from '../../features/shell/page-heading.tsx';
import { RouteFallback } from '../../features/shell/route-fallback.tsx';

const BASE = '/personalCenter';
const SECTIONS = ['personMessage', 'messageRemind', 'myPlan', 'purchaseRecord'] as const;

export default function PersonalCenterLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const active = SECTIONS.find((s) => pathname.toLowerCase().startsWith(`${BASE}/${s}`.toLowerCase()));
  return (
    <div className="page-container">
      <PageHeading titleKey="personalCenter" />
      <div className="side-layout">
        <nav className="side-layout__menu" aria-label={t('screens:personalCenter.menuLabel')}>
          <Menu
            mode="inline"
            selectedKeys={active ? [active] : []}
            items={SECTIONS.map((section) => ({
              key: section,
              label: <Link to={`${BASE}/${section}`}>{t(`routes:${section}`)}</Link>,
            }))}
          />
        </nav>
        <div className="side-layout__content">
          <Suspense fallback={<RouteFallback />}>
            <Outlet />
          </Suspense>
        </div>
      </div>
    </div>
  );
}
