import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { Program } from '../programs/program-data.ts';
import { PageHeading } from '../shell/page-heading.tsx';
import { WorkbenchGate } from '../shop/workbench-gate.tsx';
import { PROJECT_OF, WorkbenchCaseProvider } from '../workbench/case/workbench-context.tsx';
import './preview.css';

/** The project a preview screen shows: `?program=niw`, otherwise EB-1A (the workbench links say which). */
export function usePreviewProgram(): Program {
  const [params] = useSearchParams();
  return params.get('program') === 'niw' ? 'niw' : 'eb1a';
}

/**
 * The frame of /previewToPdf, /viewPreview and /onePagePreview: the workbench's purchase gate and case (a
 * visitor is asked to log in; the server checks ownership and the entitlement on every call), full width.
 */
export function PreviewShell(props: { titleKey: string; children: ReactNode }) {
  const program = usePreviewProgram();
  return (
    <div className="page-container preview" data-testid={`preview-${props.titleKey}`}>
      <PageHeading titleKey={props.titleKey} />
      <WorkbenchGate project={PROJECT_OF[program]}>
        <WorkbenchCaseProvider program={program}>{props.children}</WorkbenchCaseProvider>
      </WorkbenchGate>
    </div>
  );
}
