import { z } from 'zod';
import { ZIdParam, ZIdValue, ZVersion } from './common.ts';
import { ZEvidenceDay } from './review-map.ts';

/**
 * After filing (issue 32, decision 0076): the filing record, receipts and their status (typed by the customer or
 * polled from USCIS's Case Status API), the premium clock and the stage after filing. Every path has the case id;
 * every nested id must belong to that case and to the caller (404 otherwise).
 *
 *   GET    /api/customer/case/{id}/filing/                       ZFiling
 *   PUT    /api/customer/case/{id}/filing/                       ZFilingRequest → ZFiling (mailing, carrier, tracking)
 *   PUT    /api/customer/case/{id}/filing/stage/                 ZFilingStageRequest → ZFiling
 *   POST   /api/customer/case/{id}/filing/snapshot/              → ZFiling (exhibit numbers as mailed, taken again)
 *   POST   /api/customer/case/{id}/filing/receipt/               ZReceiptRequest → ZFiling
 *   PUT    /api/customer/case/{id}/filing/receipt/{receipt_id}/  ZReceiptRequest → ZFiling
 *   DELETE /api/customer/case/{id}/filing/receipt/{receipt_id}/  → ZFiling
 *   POST   /api/customer/case/{id}/filing/receipt/{receipt_id}/status/   ZManualStatusRequest → ZFiling
 *
 * RFE workspace (contract rfe.ts) hangs off the same case.
 */

/** USCIS service centres' and offices' receipt prefixes (three letters + ten digits: IOE0912345678). */
export const RECEIPT_PREFIXES = ['IOE', 'SRC', 'LIN', 'EAC', 'WAC', 'MSC', 'NBC', 'YSC'] as const;
export const RECEIPT_NUMBER_RE = /^(IOE|SRC|LIN|EAC|WAC|MSC|NBC|YSC)\d{10}$/;

/** A receipt number as typed: spaces, dashes and lower case forgiven (`ioe-091-234-5678` → IOE0912345678). */
export function normaliseReceiptNumber(raw: string): string {
  return raw.replace(/[\s-]/g, '').toUpperCase();
}
export const isReceiptNumber = (raw: string) => RECEIPT_NUMBER_RE.test(normaliseReceiptNumber(raw));

export const ZReceiptNumber = z
  .string()
  .max(40)
  .transform(normaliseReceiptNumber)
  .pipe(z.string().regex(RECEIPT_NUMBER_RE, 'receipt_number'));

/** Forms a receipt can be for. */
export const FILING_RECEIPT_FORMS = ['I-140', 'I-907', 'I-485', 'I-765', 'I-131', 'other'] as const;
export type FilingReceiptForm = (typeof FILING_RECEIPT_FORMS)[number];

export const FILING_CARRIERS = ['usps', 'ups', 'fedex', 'dhl', 'other'] as const;
export type FilingCarrier = (typeof FILING_CARRIERS)[number];

/**
 * The case's stage after filing (item 5), shown on the Schedule tab with its next steps. `preparing` = no mailing
 * recorded; `mailed` → `receipted` (a receipt recorded) → `rfe` / `interview` → `approved` | `denied` | `withdrawn`.
 */
export const FILING_STAGES = [
  'preparing',
  'mailed',
  'receipted',
  'rfe',
  'interview',
  'approved',
  'denied',
  'withdrawn',
] as const;
export type FilingStage = (typeof FILING_STAGES)[number];
/** Stages after which nothing is polled any more. */
export const CLOSED_FILING_STAGES: ReadonlySet<FilingStage> = new Set(['approved', 'denied', 'withdrawn']);

/**
 * A receipt's status, normalised from USCIS's English status title (or chosen by the customer for a manual status).
 * `closed` codes end polling of the receipt.
 */
export const CASE_STATUS_CODES = [
  'received',
  'fingerprints',
  'transferred',
  'rfe_sent',
  'rfe_response_received',
  'interview_scheduled',
  'approved',
  'card_produced',
  'denied',
  'withdrawn',
  'rejected',
  'other',
] as const;
export type CaseStatusCode = (typeof CASE_STATUS_CODES)[number];
export const CLOSED_CASE_STATUS_CODES: ReadonlySet<CaseStatusCode> = new Set([
  'approved',
  'card_produced',
  'denied',
  'withdrawn',
  'rejected',
]);

export const STATUS_SOURCES = ['uscis', 'manual'] as const;
export type StatusSource = (typeof STATUS_SOURCES)[number];

export const FilingErrorCode = {
  /** Not a receipt number of the forms USCIS issues (three letters of a centre + ten digits). */
  receiptNumberInvalid: 'receipt_number_invalid',
  /** The case already has this receipt number. */
  receiptDuplicate: 'receipt_duplicate',
  /** A receipt, RFE or stage change before the mailing is recorded. */
  notFiled: 'filing_not_recorded',
  /** A date after today, or a notice before the mailing. */
  dateInvalid: 'filing_date_invalid',
  /** The I-797C scan is not an accepted upload of this customer. */
  noticeUploadInvalid: 'filing_notice_upload_invalid',
  /** A stage that cannot be set now (`preparing` once mailed; `receipted` without a receipt). */
  stageInvalid: 'filing_stage_invalid',
  /** RECEIPTS_MAX receipts already. */
  receiptsFull: 'filing_receipts_full',
} as const;

export const FILING_TEXT_MAX = 2_000;
export const TRACKING_MAX = 40;
export const RECEIPTS_MAX = 20;
export const STATUS_HISTORY_MAX = 200;

export const ZFilingRequest = z.object({
  version: ZVersion,
  mailed_on: ZEvidenceDay,
  carrier: z.enum(FILING_CARRIERS).nullable(),
  tracking_number: z.string().trim().max(TRACKING_MAX).nullable(),
});
export type TFilingRequest = z.infer<typeof ZFilingRequest>;

export const ZFilingStageRequest = z.object({
  version: ZVersion,
  stage: z.enum(FILING_STAGES),
  /** The day the stage began (interview date, approval notice date, …); null = unknown. */
  stage_on: ZEvidenceDay.nullable(),
});
export type TFilingStageRequest = z.infer<typeof ZFilingStageRequest>;

export const ZReceiptRequest = z.object({
  form: z.enum(FILING_RECEIPT_FORMS),
  receipt_number: z.string().max(40),
  notice_date: ZEvidenceDay,
  premium: z.boolean(),
  /** The scanned I-797C: an accepted upload of the caller's (uploads.ts), or null. */
  notice_upload_id: ZIdValue.nullable(),
});
export type TReceiptRequest = z.infer<typeof ZReceiptRequest>;

export const ZManualStatusRequest = z.object({
  status_code: z.enum(CASE_STATUS_CODES),
  /** The customer's words (what the notice or the USCIS page said). */
  text: z.string().trim().min(1).max(FILING_TEXT_MAX),
  occurred_on: ZEvidenceDay,
});
export type TManualStatusRequest = z.infer<typeof ZManualStatusRequest>;

/** Path of the receipt routes: the case and the receipt. */
export const ZReceiptParams = z.object({ id: ZIdParam, receipt_id: ZIdParam });

export const ZStatusEvent = z.object({
  id: ZIdValue,
  status_code: z.enum(CASE_STATUS_CODES),
  status_text: z.string(),
  status_description: z.string().nullable(),
  source: z.enum(STATUS_SOURCES),
  occurred_on: z.string().nullable(),
  observed_at: z.string(),
});
export type TStatusEvent = z.infer<typeof ZStatusEvent>;

/**
 * The premium clock (item 3): business days from the receipt (15 for EB-1A, 45 for NIW; US federal holidays as dated
 * data, contract premium-clock.ts), restarted by an RFE on the response's receipt. `due_on` is the last business day
 * USCIS has; `business_days_left` ≤ 0 once missed (then the premium fee is owed back).
 */
export const ZPremiumClock = z.object({
  business_days: z.number().int().min(1).max(365),
  started_on: z.string(),
  /** 'receipt' | 'rfe_response' */
  started_by: z.enum(['receipt', 'rfe_response']),
  due_on: z.string(),
  business_days_left: z.number().int().min(-10_000).max(10_000),
  /** 'running' | 'stopped' (USCIS acted: approval, denial or an RFE) | 'missed' */
  state: z.enum(['running', 'stopped', 'missed']),
  /** Source of the rule and of the holiday list (dated). */
  source: z.string(),
});
export type TPremiumClock = z.infer<typeof ZPremiumClock>;

export const ZReceipt = z.object({
  id: ZIdValue,
  form: z.enum(FILING_RECEIPT_FORMS),
  receipt_number: z.string(),
  notice_date: z.string().nullable(),
  premium: z.boolean(),
  notice_upload_id: ZIdValue.nullable(),
  status_code: z.enum(CASE_STATUS_CODES).nullable(),
  status_text: z.string().nullable(),
  status_description: z.string().nullable(),
  status_source: z.enum(STATUS_SOURCES).nullable(),
  status_at: z.string().nullable(),
  closed: z.boolean(),
  /** When USCIS was last asked (null: never, or case status is off). */
  last_polled_at: z.string().nullable(),
  history: z.array(ZStatusEvent).max(STATUS_HISTORY_MAX),
  /** Only for a premium I-140 receipt. */
  premium_clock: ZPremiumClock.nullable(),
});
export type TReceipt = z.infer<typeof ZReceipt>;

export const ZFilingExhibitSnapshot = z.object({
  taken_at: z.string(),
  exhibits: z
    .array(
      z.object({ folder_id: ZIdValue, number: z.number().int().min(1).max(10_000), name_en: z.string() }),
    )
    .max(10_000),
});
export type TFilingExhibitSnapshot = z.infer<typeof ZFilingExhibitSnapshot>;

/** A stage's next steps (item 5), in the caller's language, each with its source. */
export const ZNextStep = z.object({
  key: z.string().max(80),
  title: z.string(),
  text: z.string(),
  /** A date that matters (e.g. a motion's 33-day deadline), computed from the stage date; null when none. */
  due_on: z.string().nullable(),
  source: z.string(),
});
export type TNextStep = z.infer<typeof ZNextStep>;

export const ZFiling = z.object({
  case_id: ZIdValue,
  /** false = nothing recorded yet (stage `preparing`). */
  recorded: z.boolean(),
  version: ZVersion,
  mailed_on: z.string().nullable(),
  carrier: z.enum(FILING_CARRIERS).nullable(),
  tracking_number: z.string().nullable(),
  stage: z.enum(FILING_STAGES),
  stage_on: z.string().nullable(),
  receipts: z.array(ZReceipt).max(RECEIPTS_MAX),
  snapshot: ZFilingExhibitSnapshot.nullable(),
  next_steps: z.array(ZNextStep).max(20),
  /** Whether USCIS's case status is polled on this deployment (else the customer types the status). */
  status_polling: z.boolean(),
});
export type TFiling = z.infer<typeof ZFiling>;

export const ZFilingReply = ZFiling.extend({ msg: z.string() });
export type TFilingReply = z.infer<typeof ZFilingReply>;
