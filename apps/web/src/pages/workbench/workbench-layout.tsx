import { Suspense } from 'react';
import { Outlet } from 'react-router';
import type { Program } from '../../features/programs/program-data.ts';
import { PageHeading } from '../../features/shell/page-heading.tsx';
import { RouteFallback } from '../../features/shell/route-fallback.tsx';
import { WorkbenchGate } from '../../features/shop/workbench-gate.tsx';
import { PROJECT_OF, WorkbenchCaseProvider } from '../../features/workbench/case/workbench-context.tsx';
import { WorkbenchNav } from '../../features/workbench/workbench-nav.tsx';
import { WorkbenchSide } from '../../features/workbench/workbench-side.tsx';
import '../../features/workbench/workbench.css';

/**
 * The EB-1A or NIW workbench: tabs on the left (a tab bar on a phone), the tab in the middle, rights and
 * functions on the right (below on a phone). WorkbenchGate shows it only with the project's entitlement
 * (read-only once expired); the case summary then feeds every tab.
 */
export default function WorkbenchLayout({ program }: { program: Program }) {
  return (
    <div className="workbench">
      <PageHeading titleKey={program} />
      <WorkbenchGate project={PROJECT_OF[program]}>
        <WorkbenchCaseProvider program={program}>
          <div className="workbench__body">
            <WorkbenchNav program={program} />
            <div className="workbench__content">
              <Suspense fallback={<RouteFallback />}>
                <Outlet />
              </Suspense>
            </div>
            <WorkbenchSide />
          </div>
        </WorkbenchCaseProvider>
      </WorkbenchGate>
    </div>
  );
}
