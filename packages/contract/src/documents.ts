import { z } from 'zod';
import { ZCountValue, ZIdParam, ZIdValue, ZVersion } from './common.ts';
import { ZCriterion } from './criteria.ts';
import { ZLetterDocument } from './document.ts';

/**
 * The US plan and the petition letter (issue 13; spec §2 US plan / Petition letter screens, §3, §4, §5, §8).
 * One document per case × kind, stored as the contract's TipTap JSON (document.ts). References inside it are
 * `reference` atoms `{ kind: 'exhibit' | 'letter', id }` whose id names a row, never a number:
 *   exhibit → "folder:<folder_id>" or "file:<file_id>"; letter → "letter:<letter_id>".
 * Numbers are computed whenever the document is shown or rendered. See docs/decisions/0022-documents.md.
 *
 *   GET  /api/customer/case/{id}/documents/{kind}/                        ZDocument
 *   PUT  /api/customer/case/{id}/documents/{kind}/                        ZDocumentSaveRequest → ZDocumentSaveResponse
 *        (409 version_conflict with `current_version` and `current: ZDocument`; 400 petition_letter_empty, document_too_large,
 *        document_link_unsafe)
 *   GET  /api/customer/case/{id}/documents/{kind}/versions/               ZDocumentVersionList
 *   GET  /api/customer/case/{id}/documents/{kind}/versions/{vid}/         ZDocumentVersion
 *   POST /api/customer/case/{id}/documents/{kind}/versions/{vid}/restore/ ZDocumentRestoreRequest → ZDocumentSaveResponse
 *   POST /api/customer/case/{id}/documents/{kind}/import/                 body: the .docx bytes
 *        (Content-Type application/vnd.openxmlformats-officedocument.wordprocessingml.document; optional header
 *        X-File-Name, the name percent-encoded) → ZDocumentImport (nothing is saved; the editor loads `content` and
 *        the user saves). Refused, naming the file: 400 docx_unreadable, 413 docx_file_too_large /
 *        docx_expands_too_far / docx_too_many_parts, 422 docx_compression_suspicious / docx_too_complex, 429
 *        rate_limited (DOCX_IMPORT_LIMITS.perMinute per customer) / docx_import_busy
 *   GET  /api/customer/case/{id}/documents/{kind}/template.docx           a .docx (the case's project decides the variant)
 *   GET  /api/customer/case/{id}/documents/{kind}/reference_targets/      ZReferenceTargets
 *   GET  /api/customer/case/{id}/documents/{kind}/outline/                ZDocumentOutline
 *   GET  /api/customer/case/{id}/documents/{kind}/preview.pdf             application/pdf (the stored version)
 *   PUT  /api/customer/case/{id}/documents/{kind}/service_choice/         ZServiceChoiceRequest → ZServiceChoice
 *        (the stored choice is the GET's `service_first`; `POST …/case/{id}/submit_stage/` {stage: 'petition'}
 *        answers 409 service_choice_required while both services are held and none is stored)
 */

/**
 * `rfe_response` (issue 32 item 4, decision 0077 "The response letter"): the answer to the case's latest RFE; every
 * route above refuses it with 409 rfe_response_no_rfe while the case has no RFE. Its references are numbered by the
 * RFE (filed exhibits by their number as mailed, new ones continued) and its picker lists the RFE's exhibits.
 */
export const DOCUMENT_KINDS = ['us_plan', 'petition_letter', 'rfe_response'] as const;
/** The kinds of the original petition (stages, ReadMe, packet, case summary read only these). */
export const PETITION_DOCUMENT_KINDS = ['us_plan', 'petition_letter'] as const;
export const ZDocumentKind = z.enum(DOCUMENT_KINDS);
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** History rows kept per document (older ones are dropped; consecutive autosaves share one row). */
export const DOCUMENT_VERSIONS_KEPT = 50;
/** Largest .docx accepted by import. */
export const DOCX_IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/**
 * What an imported .docx may hold, read from its zip's central directory before anything is inflated or parsed
 * (issue 27 item 2, decision 0049). The 872-page handbook of the test corpus has 70 parts, a 5.0 MB document.xml
 * (more text than a document may hold: it is imported truncated), 5.3 MB in all and compresses its parts at most
 * 18 times.
 */
export const DOCX_IMPORT_LIMITS = {
  /** Parts (zip entries) in one file (413 docx_too_many_parts). */
  maxParts: 1_000,
  /** Bytes one part inflates to (413 docx_expands_too_far). */
  maxPartBytes: 8 * 1024 * 1024,
  /** Bytes all the parts inflate to together (413 docx_expands_too_far). */
  maxTotalBytes: 32 * 1024 * 1024,
  /** How many times a part larger than `ratioFromBytes` may be compressed (422 docx_compression_suspicious). */
  maxRatio: 100,
  ratioFromBytes: 1024 * 1024,
  /** Imports per customer a minute (429 rate_limited). */
  perMinute: 10,
} as const;

/**
 * Optional request header of the import: the file's name, percent-encoded (`encodeURIComponent`), so that a
 * refusal can name it. At most DOCX_NAME_HEADER_MAX characters as sent; shown cut to DOCX_NAME_MAX characters.
 */
export const DOCX_NAME_HEADER = 'x-file-name';
export const DOCX_NAME_HEADER_MAX = 2_048;
export const DOCX_NAME_MAX = 120;
export const ZDocxImportHeaders = z
  .object({ [DOCX_NAME_HEADER]: z.string().max(DOCX_NAME_HEADER_MAX).optional() })
  // Every other header stays as it came (the validated headers replace the request's).
  .loose();

export const DOCUMENT_PATHS = {
  document: (caseId: number, kind: DocumentKind) => `/api/customer/case/${caseId}/documents/${kind}/`,
  versions: (caseId: number, kind: DocumentKind) =>
    `/api/customer/case/${caseId}/documents/${kind}/versions/`,
  version: (caseId: number, kind: DocumentKind, vid: number) =>
    `/api/customer/case/${caseId}/documents/${kind}/versions/${vid}/`,
  restore: (caseId: number, kind: DocumentKind, vid: number) =>
    `/api/customer/case/${caseId}/documents/${kind}/versions/${vid}/restore/`,
  import: (caseId: number, kind: DocumentKind) => `/api/customer/case/${caseId}/documents/${kind}/import/`,
  template: (caseId: number, kind: DocumentKind) =>
    `/api/customer/case/${caseId}/documents/${kind}/template.docx`,
  referenceTargets: (caseId: number, kind: DocumentKind) =>
    `/api/customer/case/${caseId}/documents/${kind}/reference_targets/`,
  outline: (caseId: number, kind: DocumentKind) => `/api/customer/case/${caseId}/documents/${kind}/outline/`,
  preview: (caseId: number, kind: DocumentKind) =>
    `/api/customer/case/${caseId}/documents/${kind}/preview.pdf`,
  serviceChoice: (caseId: number, kind: DocumentKind) =>
    `/api/customer/case/${caseId}/documents/${kind}/service_choice/`,
} as const;

export const ZDocumentParams = z.object({ id: ZIdParam, kind: ZDocumentKind });
export const ZDocumentVersionParams = ZDocumentParams.extend({ vid: ZIdParam });

/** Reference node ids: "folder:<id>", "file:<id>" (kind exhibit) and "letter:<id>" (kind letter). */
export const REFERENCE_ID_PATTERN = /^(folder|file|letter):[1-9][0-9]{0,9}$/;

/**
 * What one reference id shows as right now: "Exhibit 3", "Exhibit 3.2", "Letter 2"; `pending` when its target has
 * no file yet (an evidence folder without a file, a letter without its signed letter: left out of the numbering
 * everywhere, issue 28 item 3); or dangling.
 */
export const ZReferenceLabel = z.discriminatedUnion('status', [
  /** `label` is what prints ("Exhibit 3", English); `number` ("3") is what a screen labels in its language. */
  z.object({ status: z.literal('ok'), label: z.string(), number: z.string(), name: z.string() }),
  z.object({ status: z.literal('pending'), name: z.string() }),
  /** The row was deleted (or the id is malformed): the editor shows a warning, never a number. */
  z.object({ status: z.literal('dangling') }),
]);
export type TReferenceLabel = z.infer<typeof ZReferenceLabel>;

/** Reference id → its current label, for every reference in `content`. */
export const ZNumbering = z.record(z.string(), ZReferenceLabel);
export type TNumbering = z.infer<typeof ZNumbering>;

/** Item 7: which bought service runs first when both review and translation are bought. */
export const ZServiceFirst = z.enum(['review', 'translation']);
export type ServiceFirst = z.infer<typeof ZServiceFirst>;

export const ZDocument = z.object({
  kind: ZDocumentKind,
  /** 0 for a document never saved (content is then an empty doc). */
  version: ZVersion,
  content: ZLetterDocument,
  updated_at: z.string().nullable(),
  numbering: ZNumbering,
  /**
   * Item 7: the stored service order ("Please choose service used"), null when none was chosen. Submitting the
   * petition stage with both review and translation bought needs one (409 service_choice_required).
   */
  service_first: ZServiceFirst.nullable(),
});
export type TDocument = z.infer<typeof ZDocument>;

/** `PUT …/documents/{kind}/`: `version` is the version the editor started from. */
export const ZDocumentSaveRequest = z.object({
  version: ZVersion,
  content: z.unknown(),
  /** Autosave: coalesced with the previous autosave in the history (spec "Saving process is proceeding"). */
  autosave: z.boolean().optional(),
});
export type TDocumentSaveRequest = z.infer<typeof ZDocumentSaveRequest>;

/** Save answer: "Save Successfully" + the document as stored. */
export const ZDocumentSaveResponse = z.object({ msg: z.string(), document: ZDocument });
export type TDocumentSaveResponse = z.infer<typeof ZDocumentSaveResponse>;

export const ZDocumentVersionSummary = z.object({
  id: ZIdValue,
  /** The document version this row holds. */
  version: ZVersion,
  autosave: z.boolean(),
  /** Restored from an older history row. */
  restored_from: ZCountValue.nullable(),
  created_at: z.string(),
  /** Characters of text (a size hint for the list). */
  chars: ZCountValue,
});
export type TDocumentVersionSummary = z.infer<typeof ZDocumentVersionSummary>;

export const ZDocumentVersionList = z.object({ versions: z.array(ZDocumentVersionSummary) });
export type TDocumentVersionList = z.infer<typeof ZDocumentVersionList>;

export const ZDocumentVersion = ZDocumentVersionSummary.extend({
  content: ZLetterDocument,
  numbering: ZNumbering,
});
export type TDocumentVersion = z.infer<typeof ZDocumentVersion>;

/** `POST …/versions/{vid}/restore/`: the current version the user saw (same conflict rule as save). */
export const ZDocumentRestoreRequest = z.object({ version: ZVersion });
export type TDocumentRestoreRequest = z.infer<typeof ZDocumentRestoreRequest>;

/** `POST …/import/`: the converted document (not saved) and what could not be kept. */
export const ZDocumentImport = z.object({
  content: ZLetterDocument,
  /** One line per kind of dropped content, e.g. { what: 'image', count: 2 }. */
  dropped: z.array(
    z.object({
      what: z.enum([
        'image',
        'unsupported_element',
        'nested_table',
        'deep_nesting',
        'text_truncated',
        'comment',
      ]),
      count: ZCountValue,
    }),
  ),
  /** Messages from the .docx reader (unrecognised styles etc.), at most 20. */
  warnings: z.array(z.string()),
});
export type TDocumentImport = z.infer<typeof ZDocumentImport>;

/** `GET …/reference_targets/`: the "Insert Evidence Index" / "Insert Reference Letter Index" picker. */
export const ZReferenceTargets = z.object({
  exhibits: z.array(
    z.object({
      /** "folder:<id>" */
      id: z.string(),
      /** "Exhibit 3"; empty while the folder has no file (`pending`: it has no number yet). */
      label: z.string(),
      /** "3"; empty while pending. The editor's screens label it in the UI language ("证据 3"). */
      number: z.string(),
      name: z.string(),
      pending: z.boolean(),
      criterion: ZCriterion,
      /**
       * Its pages as the packet stamps them (tab page, originals, translations and certificate): what a pin may
       * name and records as `pinned_pages`; null while a file's page count is unknown or it has no file.
       */
      pages: z.number().int().min(1).max(100_000).nullable(),
      files: z.array(z.object({ id: z.string(), label: z.string(), number: z.string(), name: z.string() })),
    }),
  ),
  /** Letters in their order; `pending` (empty label) while the signed letter is not uploaded. */
  letters: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      number: z.string(),
      name: z.string(),
      pending: z.boolean(),
    }),
  ),
});
export type TReferenceTargets = z.infer<typeof ZReferenceTargets>;

/** `GET …/outline/`: writing help as data. */
export const ZDocumentOutline = z.object({
  kind: ZDocumentKind,
  /** Sections in order; `insert` is contract JSON the editor inserts (English, references live). */
  sections: z.array(
    z.object({
      key: z.string(),
      /** Localised title and guidance for the side panel. */
      title: z.string(),
      guidance: z.string(),
      /** The criterion this section argues (petition letter), if any. */
      criterion: ZCriterion.nullable(),
      insert: ZLetterDocument,
    }),
  ),
  numbering: ZNumbering,
});
export type TDocumentOutline = z.infer<typeof ZDocumentOutline>;

export const ZServiceChoiceRequest = z.object({ first: ZServiceFirst });
export type TServiceChoiceRequest = z.infer<typeof ZServiceChoiceRequest>;
export const ZServiceChoice = z.object({ msg: z.string(), first: ZServiceFirst });
export type TServiceChoice = z.infer<typeof ZServiceChoice>;

/** Error codes of this area; each is errors.<code> in packages/i18n. */
export const DocumentErrorCode = {
  /** Someone saved a newer version (the answer carries `current`: ZDocument). */
  versionConflict: 'version_conflict',
  /** "The petition letter is empty and cannot be saved!!!" */
  petitionLetterEmpty: 'petition_letter_empty',
  /** Over DOCUMENT_LIMITS (the msg names the limit). */
  tooLarge: 'document_too_large',
  /** Not the contract's document structure. */
  invalid: 'document_invalid',
  /** The upload is not a readable .docx. */
  importUnreadable: 'docx_unreadable',
  /** 413: the .docx is larger than DOCX_IMPORT_MAX_BYTES. */
  importFileTooLarge: 'docx_file_too_large',
  /** 413: a part, or all of them, inflates beyond DOCX_IMPORT_LIMITS. */
  importExpandsTooFar: 'docx_expands_too_far',
  /** 413: more parts than DOCX_IMPORT_LIMITS.maxParts. */
  importTooManyParts: 'docx_too_many_parts',
  /** 422: a large part compressed more than DOCX_IMPORT_LIMITS.maxRatio times (a zip bomb). */
  importCompression: 'docx_compression_suspicious',
  /** 422: reading it took longer or needed more memory than an import may. */
  importTooComplex: 'docx_too_complex',
  /** 409: the response letter (kind rfe_response) before the case has an RFE (message in the rfe namespace). */
  noRfe: 'rfe_response_no_rfe',
  /** 429: too many imports are being converted on this server right now. */
  importBusy: 'docx_import_busy',
  /** 400: a link that is not http, https or mailto (the msg names it). */
  linkUnsafe: 'document_link_unsafe',
  /** The service choice needs both review and translation bought. */
  serviceChoiceUnavailable: 'service_choice_unavailable',
  /** Submitting the petition stage with both review and translation bought and no service order stored. */
  serviceChoiceRequired: 'service_choice_required',
} as const;
