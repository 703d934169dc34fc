import type { ProjectCode, TCaseSummary } from '@dossier/contract';
import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import type { Program } from '../../programs/program-data.ts';
import { useWorkbenchAccess } from '../../shop/workbench-gate.tsx';
import { LoadFailed } from './load-failed.tsx';
import { useCaseQuery } from './use-case-query.ts';

export const PROJECT_OF: Record<Program, ProjectCode> = { eb1a: 'USA_EB1A', niw: 'USA_NIW' };

export interface WorkbenchCase {
  program: Program;
  project: ProjectCode;
  summary: TCaseSummary;
  /** Expired entitlement: everything can be read, nothing saved (the server refuses writes too). */
  readOnly: boolean;
}

const WorkbenchCaseContext = createContext<WorkbenchCase | null>(null);

/** The open workbench's case; only inside WorkbenchCaseProvider (every workbench tab is). */
export function useWorkbenchCase(): WorkbenchCase {
  const value = useContext(WorkbenchCaseContext);
  if (!value) throw new Error('useWorkbenchCase outside the workbench');
  return value;
}

/** Loads the case summary behind the purchase gate and hands it to every tab. */
export function WorkbenchCaseProvider({ program, children }: { program: Program; children: ReactNode }) {
  const { t } = useTranslation('workbench');
  const { readOnly } = useWorkbenchAccess();
  const project = PROJECT_OF[program];
  const query = useCaseQuery(project);
  if (query.isPending) return <Skeleton active className="workbench__loading" />;
  if (query.isError) return <LoadFailed title={t('case.failed')} onRetry={() => void query.refetch()} />;
  const summary = query.data;
  const value: WorkbenchCase = {
    program,
    project,
    summary,
    readOnly: readOnly || summary.access.read_only,
  };
  return <WorkbenchCaseContext.Provider value={value}>{children}</WorkbenchCaseContext.Provider>;
}
