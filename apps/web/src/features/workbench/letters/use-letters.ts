import type { TLetterList } from '@dossier/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { lettersApi } from '../../../api/evidence.ts';
import { useCaseRefresh } from '../case/use-case-query.ts';
import { useWorkbenchCase } from '../case/workbench-context.tsx';
import { workbenchKeys } from '../case/workbench-keys.ts';

const POLL_MS = 1500;

function checking(list: TLetterList | undefined): boolean {
  return Boolean(
    list?.letters.some((l) =>
      [l.letter, l.letter_translation, l.resume, l.resume_translation].some((f) => f?.status === 'checking'),
    ),
  );
}

/** The recommenders of the open case, polled while one of their files is being checked. */
export function useLetters() {
  const { summary } = useWorkbenchCase();
  return useQuery({
    queryKey: workbenchKeys.letters(summary.id),
    queryFn: ({ signal }) => lettersApi.list(summary.id, signal),
    refetchInterval: (query) => (checking(query.state.data) ? POLL_MS : false),
  });
}

/** Stores the list a write answered with (or reads it again) and refreshes the case summary. */
export function useLettersRefresh() {
  const { summary, project } = useWorkbenchCase();
  const queryClient = useQueryClient();
  const refreshCase = useCaseRefresh(project);
  return useCallback(
    (list?: TLetterList) => {
      const key = workbenchKeys.letters(summary.id);
      if (list) queryClient.setQueryData(key, list);
      else void queryClient.invalidateQueries({ queryKey: key });
      refreshCase();
    },
    [queryClient, summary.id, refreshCase],
  );
}
