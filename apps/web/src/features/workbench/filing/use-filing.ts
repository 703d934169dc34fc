import type { TFiling } from '@dossier/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
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
 * A write that answers with the whole filing: the answer replaces the cached one and "Saved" is shown.
 * Refusals are shown by the client, or under their field by the dialog (inline codes).
 */
export function useFilingWrite<V>(caseId: number, call: (v: V) => Promise<TFiling>) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const { t } = useTranslation('forms');
  return useMutation({
    mutationFn: call,
    onSuccess: (filing) => {
      queryClient.setQueryData(filingKey(caseId), filing);
      void message.success(t('saved'));
    },
  });
}
