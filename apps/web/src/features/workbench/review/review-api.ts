import { type TReview, ZReview } from '@dossier/contract';
import { api, download } from '../../../api/client.ts';
import { clientPath } from '../../../api/workbench.ts';

/** The case review (issue 31; contract packages/contract/src/review.ts): read, mark as intended, the report PDF. */
const base = (caseId: number) => `/api/customer/case/${caseId}/review/`;

export const reviewApi = {
  review: (caseId: number, signal?: AbortSignal): Promise<TReview> =>
    api.get(clientPath(base(caseId)), { signal, schema: ZReview }),
  intended: (caseId: number, key: string, intended: boolean): Promise<TReview> =>
    api.put(clientPath(`${base(caseId)}intended/`), { key, intended }, { schema: ZReview }),
  report: (caseId: number) => download(clientPath(`${base(caseId)}report.pdf`)),
};

/** Query key of a case's review (the ReadMe panel and the readiness report read the same). */
export const reviewKey = (caseId: number) => ['workbench', 'review', caseId] as const;
