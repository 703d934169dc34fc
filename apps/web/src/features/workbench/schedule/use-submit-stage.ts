import type { CaseStage } from '@dossier/contract';
import { STAGE_TAB } from '@dossier/contract';
import { useMutation } from '@tanstack/react-query';
import { App } from 'antd';
import { useNavigate } from 'react-router';
import { caseApi } from '../../../api/workbench.ts';
import { useCaseRefresh } from '../case/use-case-query.ts';
import { useWorkbenchCase } from '../case/workbench-context.tsx';
import { tabPath } from '../workbench-tabs.ts';

/**
 * Submits a stage (spec §4 Module submission): "Already completed and submitted, please go for the next step",
 * and the user goes to the next stage's tab. A refusal ("There are parts left unfilled…") is shown by the client.
 */
export function useSubmitStage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { program, project, summary } = useWorkbenchCase();
  const refresh = useCaseRefresh(project);
  return useMutation({
    mutationFn: (stage: CaseStage) => caseApi.submitStage(summary.id, stage),
    onSuccess: (answer) => {
      void message.success(answer.msg);
      refresh(answer.case);
      if (answer.next_stage) void navigate(tabPath(program, STAGE_TAB[answer.next_stage]));
    },
  });
}

/** Where a stage is worked on. */
export function stagePath(program: Parameters<typeof tabPath>[0], stage: CaseStage): string {
  return tabPath(program, STAGE_TAB[stage]);
}
