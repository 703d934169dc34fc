import { z } from 'zod';
import { ZCountValue, ZIdParam, ZIdValue, ZSafeCount, ZVersion } from './common.ts';
import { ZCriteriaState, ZCriterion } from './criteria.ts';
import { ZEvidenceDay, ZEvidenceKindKey } from './review-map.ts';

/**
 * Evidence, recommendation letters and US-plan attachments (issue 12 items 1–5, 8; spec §2, §3, §4, §5, §8).
 * Every path has the case id; every nested id must belong to that case and to the caller (404 otherwise).
 * Files are uploads (packages/contract/src/uploads.ts) referenced by id; a row attaches its uploads in the
 * same transaction. Every write answers `{ msg, … }` with the whole list again (the screen re-renders from it).
 * See docs/decisions/0018-evidence.md.
 *
 *   GET    /api/customer/case/{id}/criteria/                         ZCriteriaState
 *   PUT    /api/customer/case/{id}/criteria/                         ZCriteriaRequest → ZCriteriaResponse
 *   PUT    /api/customer/case/{id}/niw_direction/                    ZNiwDirectionRequest → ZCriteriaResponse
 *   GET    /api/customer/case/{id}/evidence/                         ZEvidencePage
 *   POST   /api/customer/case/{id}/evidence/                         ZFolderRequest → ZEvidenceResponse
 *   PUT    /api/customer/case/{id}/evidence/order/                   ZFolderOrderRequest → ZEvidenceResponse
 *   GET    /api/customer/case/{id}/evidence/exhibits/                ZExhibits
 *   GET    /api/customer/case/{id}/evidence/kinds/                   ZEvidenceKinds (review-map.ts; issue 31)
 *   PUT    /api/customer/case/{id}/evidence/exhibit_order/           ZExhibitOrderRequest → ZEvidenceResponse
 *          (409 version_conflict with current_version; custom: 409 order_invalid unless `ids` is every folder)
 *   GET    /api/customer/case/{id}/evidence/template.docx?criterion= a .docx (criterion must be claimed)
 *   GET    /api/customer/case/{id}/evidence/{folder_id}/             ZEvidenceFolder
 *   PATCH  /api/customer/case/{id}/evidence/{folder_id}/             ZFolderRequest → ZEvidenceResponse
 *   DELETE /api/customer/case/{id}/evidence/{folder_id}/?confirm=    ZEvidenceResponse (409 evidence_referenced)
 *   POST   /api/customer/case/{id}/evidence/{folder_id}/files/       ZFileRequest → ZEvidenceResponse
 *   PUT    /api/customer/case/{id}/evidence/{folder_id}/files/order/ ZOrderRequest → ZEvidenceResponse
 *   GET    /api/customer/case/{id}/evidence/{folder_id}/files/{file_id}/  ZEvidenceFile
 *   PATCH  /api/customer/case/{id}/evidence/{folder_id}/files/{file_id}/  ZFileRequest → ZEvidenceResponse
 *   DELETE /api/customer/case/{id}/evidence/{folder_id}/files/{file_id}/?confirm=  ZEvidenceResponse
 *   GET    /api/customer/case/{id}/letters/                          ZLetterList
 *   POST   /api/customer/case/{id}/letters/                          ZLetterRequest → ZLetterResponse
 *   PUT    /api/customer/case/{id}/letters/order/                    ZOrderRequest → ZLetterResponse
 *   GET    /api/customer/case/{id}/letters/examples/                 ZExampleLetters
 *   GET    /api/customer/case/{id}/letters/template.docx             a .docx
 *   GET    /api/customer/case/{id}/letters/{letter_id}/              ZLetter
 *   PATCH  /api/customer/case/{id}/letters/{letter_id}/              ZLetterRequest → ZLetterResponse
 *   DELETE /api/customer/case/{id}/letters/{letter_id}/?confirm=     ZLetterResponse
 *   GET    /api/customer/case/{id}/plan/attachments/                 ZAttachmentList
 *   POST   /api/customer/case/{id}/plan/attachments/                 ZAttachmentRequest → ZAttachmentResponse
 *   PUT    /api/customer/case/{id}/plan/attachments/order/           ZOrderRequest → ZAttachmentResponse
 *   GET    /api/customer/case/{id}/plan/attachments/{attachment_id}/ ZAttachment
 *   DELETE /api/customer/case/{id}/plan/attachments/{attachment_id}/?confirm=  ZAttachmentResponse
 * Viewing/downloading a file: the upload routes (`/api/customer/uploads/{upload_id}/original/` and `/pdf/`).
 */

export const EVIDENCE_PATHS = {
  criteria: (caseId: number) => `/api/customer/case/${caseId}/criteria/`,
  niwDirection: (caseId: number) => `/api/customer/case/${caseId}/niw_direction/`,
  evidence: (caseId: number) => `/api/customer/case/${caseId}/evidence/`,
  folderOrder: (caseId: number) => `/api/customer/case/${caseId}/evidence/order/`,
  exhibits: (caseId: number) => `/api/customer/case/${caseId}/evidence/exhibits/`,
  kinds: (caseId: number) => `/api/customer/case/${caseId}/evidence/kinds/`,
  exhibitOrder: (caseId: number) => `/api/customer/case/${caseId}/evidence/exhibit_order/`,
  template: (caseId: number, criterion: string) =>
    `/api/customer/case/${caseId}/evidence/template.docx?criterion=${encodeURIComponent(criterion)}`,
  folder: (caseId: number, folderId: number) => `/api/customer/case/${caseId}/evidence/${folderId}/`,
  files: (caseId: number, folderId: number) => `/api/customer/case/${caseId}/evidence/${folderId}/files/`,
  fileOrder: (caseId: number, folderId: number) =>
    `/api/customer/case/${caseId}/evidence/${folderId}/files/order/`,
  file: (caseId: number, folderId: number, fileId: number) =>
    `/api/customer/case/${caseId}/evidence/${folderId}/files/${fileId}/`,
  letters: (caseId: number) => `/api/customer/case/${caseId}/letters/`,
  letterOrder: (caseId: number) => `/api/customer/case/${caseId}/letters/order/`,
  letterExamples: (caseId: number) => `/api/customer/case/${caseId}/letters/examples/`,
  letterTemplate: (caseId: number) => `/api/customer/case/${caseId}/letters/template.docx`,
  letter: (caseId: number, letterId: number) => `/api/customer/case/${caseId}/letters/${letterId}/`,
  attachments: (caseId: number) => `/api/customer/case/${caseId}/plan/attachments/`,
  attachmentOrder: (caseId: number) => `/api/customer/case/${caseId}/plan/attachments/order/`,
  attachment: (caseId: number, attachmentId: number) =>
    `/api/customer/case/${caseId}/plan/attachments/${attachmentId}/`,
} as const;

// ---- Evidence folders and files ----

export const TRANSLATION_MODES = ['service', 'personal'] as const;
export const ZTranslationMode = z.enum(TRANSLATION_MODES);
export type TranslationMode = (typeof TRANSLATION_MODES)[number];

export const NAME_MAX = 200;
/** A folder's one-line description on the packet's exhibit list (issue 30 item 2): one line, English. */
export const DESCRIPTION_MAX = 300;
export const WEB_LINK_MAX = 2000;
export const FOLDERS_PER_CASE_MAX = 300;
export const FILES_PER_FOLDER_MAX = 100;
export const LETTERS_PER_CASE_MAX = 30;
export const ATTACHMENTS_PER_CASE_MAX = 50;

/** An upload as a row shows it (status from the normaliser). */
export const ZFileRef = z.object({
  upload_id: ZIdValue,
  name: z.string(),
  status: z.enum(['checking', 'ready', 'refused']),
  pages: ZCountValue.nullable(),
  /** Bytes of the normalised PDF once ready. */
  pdf_size: ZSafeCount.nullable(),
  /** Why the file was refused, in the caller's language (names the file). */
  refusal: z.object({ code: z.string(), msg: z.string() }).nullable(),
});
export type TFileRef = z.infer<typeof ZFileRef>;

export const ZEvidenceFile = z.object({
  id: ZIdValue,
  folder_id: ZIdValue,
  name: z.string(),
  name_en: z.string().nullable(),
  web_link: z.string().nullable(),
  needs_translation: z.boolean(),
  translation_mode: ZTranslationMode.nullable(),
  original: ZFileRef,
  translation: ZFileRef.nullable(),
  /** 1-based position in the folder. */
  order: ZCountValue,
  /** Exhibit label, e.g. "3.2" (folder exhibit 3, second file); follows the order. */
  exhibit: z.string(),
  updated_at: z.string(),
});
export type TEvidenceFile = z.infer<typeof ZEvidenceFile>;

export const ZEvidenceFolder = z.object({
  id: ZIdValue,
  criterion: ZCriterion,
  name: z.string(),
  name_en: z.string().nullable(),
  /** One line under the exhibit's title on the packet's exhibit list; null when none. */
  description: z.string().nullable(),
  /** The kind of evidence it is (one of its criterion's kinds, `GET …/evidence/kinds/`); null when untagged. */
  kind: ZEvidenceKindKey.nullable(),
  /** The date of what it proves (YYYY-MM-DD; issue 31 item 4: compared with the planned filing date); null = unset. */
  evidence_date: z.string().max(10).nullable(),
  /** 1-based position within its criterion. */
  order: ZCountValue,
  /**
   * Exhibit number across the case in the case's exhibit order (issue 28); null while the folder holds no file:
   * such a folder is left out of the numbering everywhere (editor, previews, packet).
   */
  exhibit: ZCountValue.nullable(),
  files: z.array(ZEvidenceFile),
  updated_at: z.string(),
});
export type TEvidenceFolder = z.infer<typeof ZEvidenceFolder>;

// ---- Exhibit order (issue 28 item 4) ----

/**
 * How exhibits are numbered: `criterion` (default: background, then the claimed criteria in their order, each
 * criterion's folders in their order), `custom` (one sequence of folders across criteria, as the customer
 * arranged it; folders added later follow in criterion order), `first_cited` (in the order the petition letter
 * first cites a folder or one of its files; the folders it does not cite follow in criterion order).
 */
export const EXHIBIT_ORDER_MODES = ['criterion', 'custom', 'first_cited'] as const;
export type ExhibitOrderMode = (typeof EXHIBIT_ORDER_MODES)[number];
export const ZExhibitOrderMode = z.enum(EXHIBIT_ORDER_MODES);

export const ZExhibitOrderState = z.object({
  mode: ZExhibitOrderMode,
  /** `custom`: the folder ids in the customer's sequence as last saved (empty until arranged). */
  ids: z.array(ZIdValue),
  version: ZVersion,
});
export type TExhibitOrderState = z.infer<typeof ZExhibitOrderState>;

/** `PUT …/evidence/exhibit_order/`: the mode, and for `custom` every folder id of the case once, in order. */
export const ZExhibitOrderRequest = z.object({
  mode: ZExhibitOrderMode,
  ids: z.array(ZIdValue).max(FOLDERS_PER_CASE_MAX).optional(),
  version: ZVersion,
});
export type TExhibitOrderRequest = z.infer<typeof ZExhibitOrderRequest>;

/** `GET …/evidence/`: the criteria state and every folder, background first, then criteria in claimed order. */
export const ZEvidencePage = z.object({
  criteria: ZCriteriaState,
  exhibit_order: ZExhibitOrderState,
  folders: z.array(ZEvidenceFolder),
  /** "download template" is enabled once a criterion is claimed (spec §2). */
  template_available: z.boolean(),
});
export type TEvidencePage = z.infer<typeof ZEvidencePage>;

export const ZEvidenceResponse = z.object({ msg: z.string(), evidence: ZEvidencePage });
export type TEvidenceResponse = z.infer<typeof ZEvidenceResponse>;

/**
 * `POST …/evidence/` (add evidence folder) and `PATCH …/evidence/{folder_id}/` (edit). Missing criterion or name
 * → 400 `evidence_criterion_required` ("Please select the claimed criteria and the evidence name before uploading").
 */
export const ZFolderRequest = z.object({
  criterion: z.string().max(40).nullish(),
  name: z.string().max(NAME_MAX).nullish(),
  name_en: z.string().max(NAME_MAX).nullish(),
  /**
   * One line (line breaks are joined with spaces; blank clears it). PATCH without it keeps the saved one.
   */
  description: z.string().max(DESCRIPTION_MAX).nullish(),
  /**
   * One of the criterion's kinds (else 400 `evidence_kind_invalid`); null clears it. PATCH without it keeps the saved
   * one, unless the criterion changes: a kind belongs to one criterion, so it is cleared then.
   */
  kind: ZEvidenceKindKey.nullish(),
  /** YYYY-MM-DD, a real day from 1900 (else 400 validation); null clears it; PATCH without it keeps the saved one. */
  evidence_date: ZEvidenceDay.nullish(),
});
export type TFolderRequest = z.infer<typeof ZFolderRequest>;

/**
 * `POST …/files/` (add evidence file) and `PATCH …/files/{file_id}/` (edit evidence), the spec §5 rules in order:
 * needs_translation chosen (`translation_need_required`), translation_mode chosen when needed
 * (`translation_mode_required`), original (`original_required`), translated file for personal translation
 * (`translation_file_required`), name (`name_required`), English name for personal translation
 * (`name_en_required`). `service` needs the TRANSLATION service (403 `purchase_before_use`).
 */
export const ZFileRequest = z.object({
  name: z.string().max(NAME_MAX).nullish(),
  name_en: z.string().max(NAME_MAX).nullish(),
  web_link: z.string().max(WEB_LINK_MAX).nullish(),
  needs_translation: z.boolean().nullish(),
  translation_mode: ZTranslationMode.nullish(),
  original_upload_id: ZIdValue.nullish(),
  translation_upload_id: ZIdValue.nullish(),
});
export type TFileRequest = z.infer<typeof ZFileRequest>;

/** Reorder: every id of the list exactly once, in the new order (else 409 `order_invalid` "Sequencing failure"). */
export const ZOrderRequest = z.object({ ids: z.array(ZIdValue).min(1).max(FOLDERS_PER_CASE_MAX) });
export type TOrderRequest = z.infer<typeof ZOrderRequest>;
/** `PUT …/evidence/order/`: the folders of one criterion in the new order. */
export const ZFolderOrderRequest = ZOrderRequest.extend({ criterion: ZCriterion });
export type TFolderOrderRequest = z.infer<typeof ZFolderOrderRequest>;

/** `?confirm=true` deletes even when something references the row (the 409 names where). */
export const ZConfirmQuery = z.object({ confirm: z.enum(['true', 'false']).optional() });
export const ZTemplateQuery = z.object({ criterion: ZCriterion });

export const ZCaseFolderParams = z.object({ id: ZIdParam, folder_id: ZIdParam });
export const ZCaseFileParams = z.object({ id: ZIdParam, folder_id: ZIdParam, file_id: ZIdParam });
export const ZCaseLetterParams = z.object({ id: ZIdParam, letter_id: ZIdParam });
export const ZCaseAttachmentParams = z.object({ id: ZIdParam, attachment_id: ZIdParam });

// ---- Exhibits and references ----

/** Where a row is referenced (409 `evidence_referenced` details.references, and "where referenced"). */
export const ZReference = z.object({
  /** What references it: a letter today; the petition and plan editors later. */
  kind: z.enum(['letter', 'petition', 'plan']),
  id: ZIdValue,
  /** Human label, e.g. the recommender's name. */
  label: z.string(),
});
export type TReference = z.infer<typeof ZReference>;

/**
 * `GET …/evidence/exhibits/`: the case's one numbering (modules/numbering), as the editors, the previews and the
 * packet use it. Folders in exhibit order; a folder without a file has `exhibit: null` (left out of the packet).
 * Letters in their order; a letter without its signed file has `number: null`.
 */
export const ZExhibits = z.object({
  mode: ZExhibitOrderMode,
  folders: z.array(
    z.object({
      folder_id: ZIdValue,
      criterion: ZCriterion,
      exhibit: ZCountValue.nullable(),
      name: z.string(),
      name_en: z.string().nullable(),
      referenced_by: z.array(ZReference),
      files: z.array(z.object({ file_id: ZIdValue, exhibit: z.string(), name: z.string() })),
    }),
  ),
  letters: z.array(z.object({ letter_id: ZIdValue, number: ZCountValue.nullable(), name: z.string() })),
});
export type TExhibits = z.infer<typeof ZExhibits>;

export const EvidenceErrorCode = {
  /** "Please select the claimed criteria and the evidence name before uploading" */
  criterionRequired: 'evidence_criterion_required',
  /** The criterion is not claimed by this case (claim it first). */
  criterionNotClaimed: 'criterion_not_claimed',
  /** "Claimed criteria confirmation failed": unknown, duplicate or not of this category/direction. */
  criteriaInvalid: 'criteria_invalid',
  /** Dropping claimed criteria that hold evidence needs confirm (details.folders). */
  criterionHasEvidence: 'criterion_has_evidence',
  /** NIW: choose Advanced Degree or Exceptional Ability first. */
  niwDirectionRequired: 'niw_direction_required',
  /** NIW direction switch needs confirmation (details.kept, details.removed_folders). */
  niwDirectionConfirm: 'niw_direction_confirm',
  /** An EB-1A case has no NIW direction. */
  niwOnly: 'niw_only',
  translationNeedRequired: 'translation_need_required',
  translationModeRequired: 'translation_mode_required',
  originalRequired: 'original_required',
  translationFileRequired: 'translation_file_required',
  /** A translated file or mode given while no translation is needed. */
  translationNotNeeded: 'translation_not_needed',
  nameRequired: 'name_required',
  nameEnRequired: 'name_en_required',
  webLinkInvalid: 'web_link_invalid',
  /** "You haven't fill out the name of the reference letter !" */
  letterNameRequired: 'letter_name_required',
  letterPositionRequired: 'letter_position_required',
  letterEnRequired: 'letter_en_required',
  letterFileRequired: 'letter_file_required',
  /** "Sequencing failure": the ids are not exactly the list's ids. */
  orderInvalid: 'order_invalid',
  /** Deleting a referenced row without confirm (details.references names where). */
  referenced: 'evidence_referenced',
  tooMany: 'evidence_too_many',
  /** "urgent processing in progress, edits have no effect" (a review or translation is running). */
  caseLocked: 'case_locked',
  /** A folder's kind that is not one of its criterion's kinds (issue 31, decision 0070). */
  kindInvalid: 'evidence_kind_invalid',
} as const;
