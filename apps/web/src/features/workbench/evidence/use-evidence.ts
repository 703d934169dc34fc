import type { TEvidencePage, TEvidenceResponse } from '@dossier/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { evidenceApi } from '../../../api/evidence.ts';
import { useCaseRefresh } from '../case/use-case-query.ts';
import { useWorkbenchCase } from '../case/workbench-context.tsx';
import { workbenchKeys } from '../case/workbench-keys.ts';

const POLL_MS = 1500;

/** True while a file of the page is still being checked by the normaliser. */
function checking(page: TEvidencePage | undefined): boolean {
  return Boolean(
    page?.folders.some((f) =>
      f.files.some((file) => file.original.status === 'checking' || file.translation?.status === 'checking'),
    ),
  );
}

/** The evidence page of the open case, polled while a file is being checked. */
export function useEvidencePage() {
  const { summary } = useWorkbenchCase();
  return useQuery({
    queryKey: workbenchKeys.evidence(summary.id),
    queryFn: ({ signal }) => evidenceApi.page(summary.id, signal),
    refetchInterval: (query) => (checking(query.state.data) ? POLL_MS : false),
  });
}

/**
 * After a write: the page the server answered with goes into the cache (or the page is read again), and the
 * case summary is read again (the evidence stage's status follows the data).
 */
export function useEvidenceRefresh() {
  const { summary, project } = useWorkbenchCase();
  const queryClient = useQueryClient();
  const refreshCase = useCaseRefresh(project);
  return useCallback(
    (answer?: TEvidenceResponse) => {
      const key = workbenchKeys.evidence(summary.id);
      if (answer) queryClient.setQueryData(key, answer.evidence);
      else void queryClient.invalidateQueries({ queryKey: key });
      refreshCase();
    },
    [queryClient, summary.id, refreshCase],
  );
}
