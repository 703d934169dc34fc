import type { ProjectCode } from '@dossier/contract';
import { Menu } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import type { Program } from '../../features/programs/program-data.ts';
import { PageHeading } from '../../features/shell/page-heading.tsx';
import { RouteFallback } from '../../features/shell/route-fallback.tsx';
import { WorkbenchGate } from '../../features/shop/workbench-gate.tsx';
import { WorkbenchSide } from '../../features/workbench/workbench-side.tsx';
import { activeTab, tabPath, WORKBENCH_TABS } from '../../features/workbench/workbench-tabs.ts';

const PROJECT_OF: Record<Program, ProjectCode> = { eb1a: 'USA_EB1A', niw: 'USA_NIW' };

/**
 * The EB-1A or NIW workbench: tabs on the left, the tab in the middle, rights and functions on the right.
 * WorkbenchGate shows it only with the project's entitlement (read-only once expired).
 */
export default function WorkbenchLayout({ program }: { program: Program }) {
  const { t } = useTranslation('workbench');
  const { pathname } = useLocation();
  return (
    <div className="workbench">
      <PageHeading titleKey={program} />
      <WorkbenchGate project={PROJECT_OF[program]}>
        <div className="workbench__body">
          <nav className="workbench__menu" aria-label={t('menuLabel')}>
            <Menu
              mode="inline"
              selectedKeys={[activeTab(program, pathname)]}
              items={WORKBENCH_TABS.map((tab) => ({
                key: tab,
                label: <Link to={tabPath(program, tab)}>{t(`tabs.${tab}.label`)}</Link>,
              }))}
            />
          </nav>
          <div className="workbench__content">
            <Suspense fallback={<RouteFallback />}>
              <Outlet />
            </Suspense>
          </div>
          <WorkbenchSide program={program} />
        </div>
      </WorkbenchGate>
    </div>
  );
}
