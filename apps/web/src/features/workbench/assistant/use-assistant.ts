import type { TAssistantDraft, TAssistantState, TAssistantTarget } from '@dossier/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { documentsApi } from '../../../api/documents.ts';
import { assistantApi, assistantKeys } from './assistant-api.ts';

/** The running state is polled every second (the task: received characters, Cancel). */
const DRAFT_POLL_MS = 1000;

export function useAssistantState(caseId: number) {
  return useQuery({
    queryKey: assistantKeys.state(caseId),
    queryFn: ({ signal }) => assistantApi.state(caseId, signal),
  });
}

/** Consent on (PUT, with the provider and model the screen showed) or withdrawn (DELETE): the state is the answer. */
export function useConsent(caseId: number) {
  const queryClient = useQueryClient();
  const put = (s: TAssistantState) => queryClient.setQueryData(assistantKeys.state(caseId), s);
  return {
    grant: useMutation({
      mutationFn: (p: { name: string; model: string }) => assistantApi.consent(caseId, p.name, p.model),
      onSuccess: put,
    }),
    withdraw: useMutation({ mutationFn: () => assistantApi.withdraw(caseId), onSuccess: put }),
  };
}

/** One draft, read every second while it runs; stops once it is ready, failed or cancelled. */
export function useDraft(caseId: number, draftId: number | null) {
  return useQuery({
    queryKey: assistantKeys.draft(caseId, draftId ?? 0),
    queryFn: ({ signal }) => assistantApi.draft(caseId, draftId ?? 0, signal),
    enabled: draftId !== null,
    refetchInterval: (q) => (q.state.data?.status === 'running' ? DRAFT_POLL_MS : false),
  });
}

/** Starts a draft: its first answer (202, running) goes into the cache; the state (quota) is read again. */
export function useStartDraft(caseId: number, onStarted: (d: TAssistantDraft) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { target: TAssistantTarget; instruction?: string }) =>
      assistantApi.start(caseId, v.target, v.instruction),
    onSuccess: (d) => {
      queryClient.setQueryData(assistantKeys.draft(caseId, d.id), d);
      void queryClient.invalidateQueries({ queryKey: assistantKeys.state(caseId), exact: true });
      onStarted(d);
    },
  });
}

export function useCancelDraft(caseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draftId: number) => assistantApi.cancel(caseId, draftId),
    onSuccess: (d) => queryClient.setQueryData(assistantKeys.draft(caseId, d.id), d),
  });
}

/**
 * The labels of the case's exhibits and letters by reference id (`folder:12` → "3"), for the citation chips: the
 * petition letter's reference targets, the same numbering the editor's chips show.
 */
export function useReferenceNumbers(caseId: number) {
  return useQuery({
    queryKey: ['workbench', 'assistant', caseId, 'targets'],
    queryFn: async ({ signal }) => {
      const targets = await documentsApi.referenceTargets(caseId, 'petition_letter', signal);
      const out = new Map<string, string>();
      for (const e of targets.exhibits) {
        out.set(e.id, e.number);
        for (const f of e.files) out.set(f.id, f.number);
      }
      for (const l of targets.letters) out.set(l.id, l.number);
      return out;
    },
    staleTime: 30_000,
  });
}
