import type { TFiling, TFilingReply } from '@dossier/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { filingApi, filingKey } from './filing-api.ts';

/** While USCIS is polled and a receipt is open, the filing is read again this often (a polled change appears). */
export const FILING_REFETCH_MS = 10_000;

/** Whether the screen should keep reading the filing: polling on and a receipt still open. */
export const watchesStatus = (filing: TFiling | undefined) =>
  !!filing && filing.status_polling && filing.receipts.some((r) => !r.closed);

/** The case's filing record (issue 32), read again every ~10 s while a polled receipt is open. */
export function useFiling(caseId: number) {
  return useQuery({
    queryKey: filingKey(caseId),
    queryFn: ({ signal }) => filingApi.get(caseId, signal),
    retry: false,
    refetchInterval: (query) => (watchesStatus(query.state.data) ? FILING_REFETCH_MS : false),
  });
}

/**
 * A write that answers with the whole filing: the answer replaces the cached one and its `msg` is shown.
 * Refusals are shown by the client, or under their field by the dialog (inline codes).
 */
export function useFilingWrite<V>(caseId: number, call: (v: V) => Promise<TFilingReply>) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: call,
    onSuccess: ({ msg, ...filing }) => {
      queryClient.setQueryData(filingKey(caseId), filing);
      void message.success(msg);
    },
  });
}
