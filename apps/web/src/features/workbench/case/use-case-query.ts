import type { ProjectCode, TCaseSummary } from '@dossier/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { caseApi } from '../../../api/workbench.ts';
import { workbenchKeys } from './workbench-keys.ts';

/** The case summary (the shell renders from it); the first read creates the case and its forms. */
export function useCaseQuery(project: ProjectCode) {
  return useQuery({
    queryKey: workbenchKeys.case(project),
    queryFn: ({ signal }) => caseApi.open(project, signal),
    retry: false,
  });
}

/** After a write: store the summary the server answered with, or read it again. */
export function useCaseRefresh(project: ProjectCode) {
  const queryClient = useQueryClient();
  return useCallback(
    (summary?: TCaseSummary) => {
      if (summary) queryClient.setQueryData(workbenchKeys.case(project), summary);
      else void queryClient.invalidateQueries({ queryKey: workbenchKeys.case(project) });
    },
    [queryClient, project],
  );
}
