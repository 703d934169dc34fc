import type {
  TAttachmentRequest,
  TCriteriaRequest,
  TExhibitOrderRequest,
  TFileRequest,
  TFolderOrderRequest,
  TFolderRequest,
  TLetterRequest,
  TNiwDirectionRequest,
} from '@dossier/contract';
import {
  EVIDENCE_PATHS,
  EvidenceErrorCode,
  ZAttachmentList,
  ZAttachmentResponse,
  ZCriteriaResponse,
  ZEvidenceKinds,
  ZEvidencePage,
  ZEvidenceResponse,
  ZExampleLetters,
  ZLetterList,
  ZLetterResponse,
} from '@dossier/contract';
import { api, download } from './client.ts';
import { clientPath } from './workbench.ts';

/**
 * Evidence, recommendation letters and US-plan attachments (issue 12 items 1–5), typed by the contract. Every
 * write answers with the whole list again, which the screens put in their query cache.
 */

/** The file dialogs' refusals, shown on their fields (decision 0017); the rest are toasted by the client. */
export const FILE_INLINE_CODES = [
  EvidenceErrorCode.criterionRequired,
  EvidenceErrorCode.translationNeedRequired,
  EvidenceErrorCode.translationModeRequired,
  EvidenceErrorCode.originalRequired,
  EvidenceErrorCode.translationFileRequired,
  EvidenceErrorCode.translationNotNeeded,
  EvidenceErrorCode.nameRequired,
  EvidenceErrorCode.nameEnRequired,
  EvidenceErrorCode.webLinkInvalid,
  EvidenceErrorCode.kindInvalid,
  EvidenceErrorCode.letterNameRequired,
  EvidenceErrorCode.letterPositionRequired,
  EvidenceErrorCode.letterEnRequired,
  EvidenceErrorCode.letterFileRequired,
];

/** Refusals the screens answer with a confirmation dialog (the 409's details say what would be lost). */
const CONFIRM_CODES = [
  EvidenceErrorCode.niwDirectionConfirm,
  EvidenceErrorCode.criterionHasEvidence,
  EvidenceErrorCode.referenced,
];

const p = (path: string) => clientPath(path);
const confirmQuery = (confirm: boolean) => (confirm ? { confirm: 'true' } : {});

export const evidenceApi = {
  page: (caseId: number, signal?: AbortSignal) =>
    api.get(p(EVIDENCE_PATHS.evidence(caseId)), { signal, schema: ZEvidencePage }),
  /** The kinds a folder of each criterion may be tagged with (issue 31; the folder dialog's choices). */
  kinds: (caseId: number, signal?: AbortSignal) =>
    api.get(p(EVIDENCE_PATHS.kinds(caseId)), { signal, schema: ZEvidenceKinds }),
  claim: (caseId: number, body: TCriteriaRequest) =>
    api.put(p(EVIDENCE_PATHS.criteria(caseId)), body, {
      schema: ZCriteriaResponse,
      inlineCodes: CONFIRM_CODES,
    }),
  direction: (caseId: number, body: TNiwDirectionRequest) =>
    api.put(p(EVIDENCE_PATHS.niwDirection(caseId)), body, {
      schema: ZCriteriaResponse,
      inlineCodes: CONFIRM_CODES,
    }),
  /** How the whole case is numbered (criterion order, the customer's sequence, first cited); versioned. */
  exhibitOrder: (caseId: number, body: TExhibitOrderRequest) =>
    api.put(p(EVIDENCE_PATHS.exhibitOrder(caseId)), body, { schema: ZEvidenceResponse }),
  addFolder: (caseId: number, body: TFolderRequest) =>
    api.post(p(EVIDENCE_PATHS.evidence(caseId)), body, {
      schema: ZEvidenceResponse,
      inlineCodes: FILE_INLINE_CODES,
    }),
  editFolder: (caseId: number, folderId: number, body: TFolderRequest) =>
    api.patch(p(EVIDENCE_PATHS.folder(caseId, folderId)), body, {
      schema: ZEvidenceResponse,
      inlineCodes: FILE_INLINE_CODES,
    }),
  deleteFolder: (caseId: number, folderId: number, confirm = false) =>
    api.delete(p(EVIDENCE_PATHS.folder(caseId, folderId)), {
      query: confirmQuery(confirm),
      schema: ZEvidenceResponse,
      inlineCodes: CONFIRM_CODES,
    }),
  orderFolders: (caseId: number, body: TFolderOrderRequest) =>
    api.put(p(EVIDENCE_PATHS.folderOrder(caseId)), body, { schema: ZEvidenceResponse }),
  addFile: (caseId: number, folderId: number, body: TFileRequest) =>
    api.post(p(EVIDENCE_PATHS.files(caseId, folderId)), body, {
      schema: ZEvidenceResponse,
      inlineCodes: FILE_INLINE_CODES,
    }),
  editFile: (caseId: number, folderId: number, fileId: number, body: TFileRequest) =>
    api.patch(p(EVIDENCE_PATHS.file(caseId, folderId, fileId)), body, {
      schema: ZEvidenceResponse,
      inlineCodes: FILE_INLINE_CODES,
    }),
  deleteFile: (caseId: number, folderId: number, fileId: number, confirm = false) =>
    api.delete(p(EVIDENCE_PATHS.file(caseId, folderId, fileId)), {
      query: confirmQuery(confirm),
      schema: ZEvidenceResponse,
      inlineCodes: CONFIRM_CODES,
    }),
  orderFiles: (caseId: number, folderId: number, ids: number[]) =>
    api.put(p(EVIDENCE_PATHS.fileOrder(caseId, folderId)), { ids }, { schema: ZEvidenceResponse }),
  template: (caseId: number, criterion: string) => download(p(EVIDENCE_PATHS.template(caseId, criterion))),
};

export const lettersApi = {
  list: (caseId: number, signal?: AbortSignal) =>
    api.get(p(EVIDENCE_PATHS.letters(caseId)), { signal, schema: ZLetterList }),
  add: (caseId: number, body: TLetterRequest) =>
    api.post(p(EVIDENCE_PATHS.letters(caseId)), body, {
      schema: ZLetterResponse,
      inlineCodes: FILE_INLINE_CODES,
    }),
  edit: (caseId: number, letterId: number, body: TLetterRequest) =>
    api.patch(p(EVIDENCE_PATHS.letter(caseId, letterId)), body, {
      schema: ZLetterResponse,
      inlineCodes: FILE_INLINE_CODES,
    }),
  remove: (caseId: number, letterId: number, confirm = false) =>
    api.delete(p(EVIDENCE_PATHS.letter(caseId, letterId)), {
      query: confirmQuery(confirm),
      schema: ZLetterResponse,
      inlineCodes: CONFIRM_CODES,
    }),
  order: (caseId: number, ids: number[]) =>
    api.put(p(EVIDENCE_PATHS.letterOrder(caseId)), { ids }, { schema: ZLetterResponse }),
  examples: (caseId: number, signal?: AbortSignal) =>
    api.get(p(EVIDENCE_PATHS.letterExamples(caseId)), { signal, schema: ZExampleLetters }),
  template: (caseId: number) => download(p(EVIDENCE_PATHS.letterTemplate(caseId))),
};

export const attachmentsApi = {
  list: (caseId: number, signal?: AbortSignal) =>
    api.get(p(EVIDENCE_PATHS.attachments(caseId)), { signal, schema: ZAttachmentList }),
  add: (caseId: number, body: TAttachmentRequest) =>
    api.post(p(EVIDENCE_PATHS.attachments(caseId)), body, {
      schema: ZAttachmentResponse,
      inlineCodes: FILE_INLINE_CODES,
    }),
  remove: (caseId: number, attachmentId: number, confirm = false) =>
    api.delete(p(EVIDENCE_PATHS.attachment(caseId, attachmentId)), {
      query: confirmQuery(confirm),
      schema: ZAttachmentResponse,
      inlineCodes: CONFIRM_CODES,
    }),
  order: (caseId: number, ids: number[]) =>
    api.put(p(EVIDENCE_PATHS.attachmentOrder(caseId)), { ids }, { schema: ZAttachmentResponse }),
};
