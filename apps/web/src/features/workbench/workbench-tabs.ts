import { WORKBENCH_TABS, type WorkbenchTab } from '@dossier/contract';
import type { Program } from '../programs/program-data.ts';

export { WORKBENCH_TABS, type WorkbenchTab };

export const WORKBENCH_BASE_PATH: Record<Program, string> = { eb1a: '/EB-1A', niw: '/NIW' };

export const LANDING_TAB: WorkbenchTab = 'schedule';

export function tabPath(program: Program, tab: WorkbenchTab): string {
  const base = WORKBENCH_BASE_PATH[program];
  return tab === LANDING_TAB ? base : `${base}/${tab}`;
}

/** Which tab a path shows; the bare workbench path is the landing tab. */
export function activeTab(program: Program, pathname: string): WorkbenchTab {
  const base = WORKBENCH_BASE_PATH[program].toLowerCase();
  const rest = pathname
    .toLowerCase()
    .replace(/\/$/, '')
    .slice(base.length + 1);
  return WORKBENCH_TABS.find((tab) => tab.toLowerCase() === rest) ?? LANDING_TAB;
}
