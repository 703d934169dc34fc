import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWorkbenchCase } from '../case/workbench-context.tsx';
import { readmeKeys } from '../readme/readme-keys.ts';
import { reviewApi, reviewKey } from './review-api.ts';
import type { MarkIntended } from './review-findings.tsx';

/** The case's review and, unless the case is read-only, "mark as intended" (the checklist is read again after). */
export function useReview() {
  const { summary, readOnly } = useWorkbenchCase();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: reviewKey(summary.id),
    queryFn: ({ signal }) => reviewApi.review(summary.id, signal),
    retry: false,
  });
  const mutation = useMutation({
    mutationFn: (v: { key: string; intended: boolean }) => reviewApi.intended(summary.id, v.key, v.intended),
    onSuccess: (review) => {
      queryClient.setQueryData(reviewKey(summary.id), review);
      void queryClient.invalidateQueries({ queryKey: readmeKeys.readme(summary.id) });
    },
  });
  const intended: MarkIntended | undefined = readOnly
    ? undefined
    : { pending: mutation.isPending, mark: (key, value) => mutation.mutate({ key, intended: value }) };
  return { query, intended };
}
