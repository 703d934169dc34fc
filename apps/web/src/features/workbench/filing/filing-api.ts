import {
  FilingErrorCode,
  type TFiling,
  type TFilingRequest,
  type TFilingStageRequest,
  type TManualStatusRequest,
  type TReceiptRequest,
  ZFiling,
} from '@dossier/contract';
import { api } from '../../../api/client.ts';

/** After filing (issue 32; contract packages/contract/src/filing.ts): the filing record, receipts, status, stage. */
const base = (caseId: number) => `/customer/case/${caseId}/filing/`;
const receipt = (caseId: number, id: number) => `${base(caseId)}receipt/${id}/`;

/** Refusals shown under their fields (decision 0017), not toasted. */
export const RECEIPT_FIELD_ERRORS = {
  [FilingErrorCode.receiptNumberInvalid]: 'receipt_number',
  [FilingErrorCode.receiptDuplicate]: 'receipt_number',
  [FilingErrorCode.noticeUploadInvalid]: 'notice_upload_id',
} as const;
const RECEIPT_INLINE = Object.keys(RECEIPT_FIELD_ERRORS);

export const filingApi = {
  get: (caseId: number, signal?: AbortSignal): Promise<TFiling> =>
    api.get(base(caseId), { signal, schema: ZFiling }),
  record: (caseId: number, body: TFilingRequest): Promise<TFiling> =>
    api.put(base(caseId), body, { schema: ZFiling }),
  stage: (caseId: number, body: TFilingStageRequest): Promise<TFiling> =>
    api.put(`${base(caseId)}stage/`, body, { schema: ZFiling }),
  addReceipt: (caseId: number, body: TReceiptRequest): Promise<TFiling> =>
    api.post(`${base(caseId)}receipt/`, body, { schema: ZFiling, inlineCodes: RECEIPT_INLINE }),
  editReceipt: (caseId: number, id: number, body: TReceiptRequest): Promise<TFiling> =>
    api.put(receipt(caseId, id), body, { schema: ZFiling, inlineCodes: RECEIPT_INLINE }),
  removeReceipt: (caseId: number, id: number): Promise<TFiling> =>
    api.delete(receipt(caseId, id), { schema: ZFiling }),
  manualStatus: (caseId: number, id: number, body: TManualStatusRequest): Promise<TFiling> =>
    api.post(`${receipt(caseId, id)}status/`, body, { schema: ZFiling }),
};

/** Query key of a case's filing record. */
export const filingKey = (caseId: number) => ['workbench', 'filing', caseId] as const;
