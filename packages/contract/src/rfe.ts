import { z } from 'zod';
import { ZIdParam, ZIdValue, ZVersion } from './common.ts';
import { ZEvidenceDay } from './review-map.ts';

/**
 * The RFE workspace (issue 32 item 4, decision 0077): a request for evidence (or notice of intent to deny) recorded
 * with its notice, the officer's findings one by one, each answered by exhibits of the filed packet (cited by their
 * number as mailed) and by new evidence folders (numbered on from the filed packet), the response letter (documents
 * kind `rfe_response`, the case's latest RFE) and the response packet.
 *
 *   GET    /api/customer/case/{id}/rfe/                                         ZRfeList
 *   POST   /api/customer/case/{id}/rfe/                                         ZRfeRequest → ZRfeReply
 *   GET    /api/customer/case/{id}/rfe/{rfe_id}/                                ZRfe
 *   PUT    /api/customer/case/{id}/rfe/{rfe_id}/                                ZRfeUpdateRequest → ZRfeReply
 *   DELETE /api/customer/case/{id}/rfe/{rfe_id}/                                → { msg }
 *   POST   /api/customer/case/{id}/rfe/{rfe_id}/finding/                        ZFindingRequest → ZRfeReply
 *   PUT    /api/customer/case/{id}/rfe/{rfe_id}/finding/{finding_id}/           ZFindingRequest → ZRfeReply
 *   DELETE /api/customer/case/{id}/rfe/{rfe_id}/finding/{finding_id}/           → ZRfeReply
 *   PUT    /api/customer/case/{id}/rfe/{rfe_id}/finding/{finding_id}/exhibits/  ZFindingExhibitsRequest → ZRfeReply
 *   GET    /api/customer/case/{id}/rfe/{rfe_id}/packet/                         ZRfePacket
 *   POST   /api/customer/case/{id}/rfe/{rfe_id}/packet/                         → ZRfePacket (build queued)
 *   GET    /api/customer/case/{id}/rfe/{rfe_id}/packet/file/                    application/pdf
 */

/** USCIS's usual response time printed on an RFE: 84 days + 3 for mailing. */
export const RFE_DEFAULT_RESPONSE_DAYS = 87;
/** Reminders before the due date, in days. */
export const RFE_REMINDER_DAYS = [30, 14, 3] as const;

export const RFE_KINDS = ['rfe', 'noid'] as const;
export const RFE_STATUSES = ['open', 'responded', 'closed'] as const;
export const RFE_FINDING_MODES = ['quoted', 'summary'] as const;

export const RFE_FINDINGS_MAX = 50;
export const RFE_FINDING_TEXT_MAX = 10_000;
export const RFE_FINDING_EXHIBITS_MAX = 50;
export const RFES_MAX = 5;

/** The Dhanasar prongs an NIW finding may concern (besides the NIW categories of criteria.ts). */
export const NIW_PRONGS = ['prong_merit_importance', 'prong_well_positioned', 'prong_balance'] as const;

export const ZRfeParams = z.object({ id: ZIdParam, rfe_id: ZIdParam });
export const ZRfeFindingParams = ZRfeParams.extend({ finding_id: ZIdParam });

export const RfeErrorCode = {
  /** An RFE before the mailing is recorded (contract filing.ts). */
  notFiled: 'filing_not_recorded',
  /** Due date before the notice date, or a notice date in the future. */
  dateInvalid: 'rfe_date_invalid',
  /** A folder that is not this case's. */
  folderInvalid: 'rfe_folder_invalid',
  /** The response packet asked for while a finding is unanswered or the letter is empty. */
  notReady: 'rfe_not_ready',
  /** The RFE was changed meanwhile (version). */
  conflict: 'rfe_conflict',
} as const;

export const ZRfeRequest = z.object({
  kind: z.enum(RFE_KINDS),
  receipt_id: ZIdValue.nullable(),
  notice_date: ZEvidenceDay,
  /** Null = the notice date + 87 days. */
  due_date: ZEvidenceDay.nullable(),
  notice_upload_id: ZIdValue.nullable(),
});
export type TRfeRequest = z.infer<typeof ZRfeRequest>;

export const ZRfeUpdateRequest = ZRfeRequest.extend({
  version: ZVersion,
  responded_on: ZEvidenceDay.nullable(),
  status: z.enum(RFE_STATUSES),
});
export type TRfeUpdateRequest = z.infer<typeof ZRfeUpdateRequest>;

export const ZFindingRequest = z.object({
  mode: z.enum(RFE_FINDING_MODES),
  text: z.string().trim().min(1).max(RFE_FINDING_TEXT_MAX),
  criterion: z.string().max(40).nullable(),
  note: z.string().trim().max(RFE_FINDING_TEXT_MAX).nullable(),
  /** 1-based place among the findings; null = last. */
  position: z.number().int().min(1).max(RFE_FINDINGS_MAX).nullable(),
});
export type TFindingRequest = z.infer<typeof ZFindingRequest>;

export const ZFindingExhibitsRequest = z.object({
  exhibits: z.array(z.object({ folder_id: ZIdValue, reprint: z.boolean() })).max(RFE_FINDING_EXHIBITS_MAX),
});
export type TFindingExhibitsRequest = z.infer<typeof ZFindingExhibitsRequest>;

/**
 * An exhibit of the response: a filed one keeps its number as mailed (`filed`; in the packet only when `reprint`);
 * a new one is numbered on from the filed packet's last exhibit. `label` is what the letter, the list and the stamps
 * print ("Exhibit 31").
 */
export const ZRfeExhibit = z.object({
  folder_id: ZIdValue,
  number: z.number().int().min(1).max(10_000),
  label: z.string(),
  filed: z.boolean(),
  reprint: z.boolean(),
  name: z.string(),
  name_en: z.string().nullable(),
  /** Pages of the folder's accepted files (0 = nothing uploaded yet). */
  pages: z.number().int().min(0).max(100_000),
});
export type TRfeExhibit = z.infer<typeof ZRfeExhibit>;

export const ZRfeFinding = z.object({
  id: ZIdValue,
  position: z.number().int().min(1).max(RFE_FINDINGS_MAX),
  mode: z.enum(RFE_FINDING_MODES),
  text: z.string(),
  criterion: z.string().nullable(),
  note: z.string().nullable(),
  exhibits: z.array(ZRfeExhibit).max(RFE_FINDING_EXHIBITS_MAX),
  /** At least one exhibit, or cited in the response letter. */
  answered: z.boolean(),
  /**
   * The response letter (documents kind rfe_response, the latest RFE's) cites one of its exhibits (a reference to
   * the folder or one of its files); optional for older answers (decision 0077 "The response letter").
   */
  cited: z.boolean().optional(),
});
export type TRfeFinding = z.infer<typeof ZRfeFinding>;

export const ZRfeCheck = z.object({
  key: z.string().max(80),
  ok: z.boolean(),
  label: z.string(),
});

export const ZRfe = z.object({
  id: ZIdValue,
  kind: z.enum(RFE_KINDS),
  receipt_id: ZIdValue.nullable(),
  notice_date: z.string(),
  due_date: z.string(),
  notice_upload_id: ZIdValue.nullable(),
  responded_on: z.string().nullable(),
  status: z.enum(RFE_STATUSES),
  version: ZVersion,
  /** Calendar days from the customer's today to the due date (negative once past). */
  days_left: z.number().int().min(-100_000).max(100_000),
  findings: z.array(ZRfeFinding).max(RFE_FINDINGS_MAX),
  /** The response's exhibits in packet order: reprinted filed ones and new ones, by number. */
  exhibits: z.array(ZRfeExhibit).max(10_000),
  /** The filed packet's last exhibit number (new exhibits start after it); 0 without a snapshot. */
  filed_exhibits: z.number().int().min(0).max(10_000),
  /** The response checklist: every finding answered, due date, letter written, notice uploaded, signatures. */
  checklist: z.array(ZRfeCheck).max(RFE_FINDINGS_MAX + 20),
});
export type TRfe = z.infer<typeof ZRfe>;
export const ZRfeReply = ZRfe.extend({ msg: z.string() });
export type TRfeReply = z.infer<typeof ZRfeReply>;

/** DELETE of an RFE. */
export const ZRfeDeleted = z.object({ msg: z.string() });

export const ZRfeList = z.object({ items: z.array(ZRfe).max(RFES_MAX) });
export type TRfeList = z.infer<typeof ZRfeList>;

export const ZRfePacket = z.object({
  rfe_id: ZIdValue,
  build_state: z.enum(['idle', 'queued', 'generating', 'failed']),
  /** The last file is the current inputs' (false once anything changed since). */
  ready: z.boolean(),
  error_code: z.string().nullable(),
  file_pages: z.number().int().min(0).max(100_000).nullable(),
  file_size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable(),
  generated_at: z.string().nullable(),
  /** Problems that stop a build (unanswered findings, empty letter), in the caller's language. */
  problems: z.array(z.string()).max(RFE_FINDINGS_MAX + 20),
});
export type TRfePacket = z.infer<typeof ZRfePacket>;
