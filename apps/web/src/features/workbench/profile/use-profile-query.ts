import { useQuery } from '@tanstack/react-query';
import { caseApi } from '../../../api/workbench.ts';
import { workbenchKeys } from '../case/workbench-keys.ts';

/** The values entered once for every form (issue 11 §6). */
export function useProfileQuery(caseId: number) {
  return useQuery({
    queryKey: workbenchKeys.profile(caseId),
    queryFn: ({ signal }) => caseApi.profile(caseId, signal),
  });
}
