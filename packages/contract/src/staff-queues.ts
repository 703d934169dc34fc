import { z } from 'zod';
import { ZCountValue, ZIdParam, ZIdValue, ZMinorValue, ZPage, ZPageQuery, ZSafeCount } from './common.ts';
import { FEE_KEYS } from './fees.ts';
import { ZProjectCode } from './shop.ts';

/**
 * The staff work queues that are not review/translation tasks (issue 16 items 8 and 9; decision 0035):
 * agent appointments and assessment submissions (contact status, notes, claim), Q&A (answer in both
 * languages, publish, categories, hot-keyword review), the suggestions inbox, and content (static files,
 * fee-table rows with effective dates). Roles: appointments and assessments — admin, consultant; Q&A,
 * suggestions and content — admin, content_editor.
 */

// ── Leads: agent appointments and assessment submissions ──────────────────────────────────────────────────

/** new → contacted → closed (new → closed allowed: unreachable, spam). Closed is final. */
export const LEAD_STATUSES = ['new', 'contacted', 'closed'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const ZLeadStatus = z.enum(LEAD_STATUSES);
export const LEAD_MOVES: Readonly<Record<LeadStatus, readonly LeadStatus[]>> = {
  new: ['contacted', 'closed'],
  contacted: ['closed'],
  closed: [],
};

export const NOTE_MAX = 4000;
export const ZStaffNote = z.object({
  id: ZIdValue,
  author: z.string(),
  body: z.string(),
  created_at: z.string(),
});
export type TStaffNote = z.infer<typeof ZStaffNote>;
/** POST …/{id}/note/ */
export const ZStaffNoteRequest = z.object({ body: z.string().trim().min(1).max(NOTE_MAX) });

export const ZStaffQueueIdParams = z.object({ id: ZIdParam });

/** GET /api/staff/appointment/, /api/staff/assessment/ */
export const ZStaffLeadQuery = ZPageQuery({ size: 20, maxSize: 100 }).extend({
  /** Default: the open ones (new, contacted). */
  status: ZLeadStatus.optional(),
});

const ZLeadBase = z.object({
  id: ZIdValue,
  status: ZLeadStatus,
  customer_id: ZIdValue.nullable(),
  /** The submitter's interface language. */
  language: z.string().nullable(),
  area_code: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  submitted_at: z.string(),
  /** Seconds since the submission. */
  age_seconds: ZSafeCount,
  /** The staff member holding it (username), null before a claim. */
  holder: z.string().nullable(),
  claimed_at: z.string().nullable(),
  contacted_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  /** Detail only (the list answers []). */
  notes: z.array(ZStaffNote),
});

export const ZStaffAppointment = ZLeadBase.extend({
  name: z.string(),
  wechat: z.string().nullable(),
  timezone: z.string(),
  appointment_date: z.string(),
  time_range: z.string(),
  entrance: z.string(),
});
export type TStaffAppointment = z.infer<typeof ZStaffAppointment>;
export const ZStaffAppointmentPage = ZPage(ZStaffAppointment);

export const ZStaffAssessment = ZLeadBase.extend({
  area: z.string(),
  /** TAssessmentData as submitted. */
  data: z.record(z.string(), z.unknown()),
  /** TSelfCheck computed at submit. */
  self_check: z.unknown(),
});
export type TStaffAssessment = z.infer<typeof ZStaffAssessment>;
export const ZStaffAssessmentPage = ZPage(ZStaffAssessment);

/** POST …/{id}/status/ — the holder moves it along LEAD_MOVES. */
export const ZLeadStatusRequest = z.object({ status: ZLeadStatus });

// ── Q&A ───────────────────────────────────────────────────────────────────────────────────────────────────

export const QA_STATES = ['unanswered', 'answered', 'published', 'all'] as const;
export const ZStaffQaQuery = ZPageQuery({ size: 20, maxSize: 100 }).extend({
  /** Default: unanswered (customers' questions waiting for an answer). */
  state: z.enum(QA_STATES).default('unanswered'),
  category_id: ZIdParam.optional(),
});
export const QA_TEXT_MAX = 20_000;
export const ZStaffQa = z.object({
  id: ZIdValue,
  category_id: ZIdValue.nullable(),
  customer_id: ZIdValue.nullable(),
  /** The language the customer asked in. */
  language: z.string(),
  question_zh: z.string().nullable(),
  question_en: z.string().nullable(),
  answer_zh: z.string().nullable(),
  answer_en: z.string().nullable(),
  published: z.boolean(),
  position: ZCountValue,
  answered_at: z.string().nullable(),
  answered_by: z.string().nullable(),
  created_at: z.string(),
  age_seconds: ZSafeCount,
});
export type TStaffQa = z.infer<typeof ZStaffQa>;
export const ZStaffQaPage = ZPage(ZStaffQa);

const ZQaText = z.string().trim().min(1).max(QA_TEXT_MAX);
/** PUT /api/staff/qa/{id}/ — the question and its answer, both languages required. */
export const ZStaffQaAnswerRequest = z.object({
  category_id: ZIdValue.nullable().optional(),
  question_zh: ZQaText,
  question_en: ZQaText,
  answer_zh: ZQaText,
  answer_en: ZQaText,
  position: z.number().int().min(0).max(100_000).optional(),
});
/** POST /api/staff/qa/{id}/publish/ */
export const ZStaffQaPublishRequest = z.object({ published: z.boolean() });

const ZCategoryName = z.string().trim().min(1).max(100);
export const ZStaffQaCategory = z.object({
  id: ZIdValue,
  key: z.string(),
  name_zh: z.string(),
  name_en: z.string(),
  position: ZCountValue,
  /** How many questions it holds. */
  questions: ZCountValue,
});
export type TStaffQaCategory = z.infer<typeof ZStaffQaCategory>;
/** POST /api/staff/qa_category/, PUT /api/staff/qa_category/{id}/ */
export const ZStaffQaCategoryRequest = z.object({
  name_zh: ZCategoryName,
  name_en: ZCategoryName,
  position: z.number().int().min(0).max(100_000).default(0),
});

/**
 * Review state of a searched keyword (decision 0052): `pending` (never reviewed: shown publicly only while it is
 * found in published Q&A), `approved` (may be shown), `hidden` (never shown). Searches are counted in every state.
 */
export const KEYWORD_REVIEW_STATUSES = ['pending', 'approved', 'hidden'] as const;
export type KeywordReviewStatus = (typeof KEYWORD_REVIEW_STATUSES)[number];
export const ZKeywordReviewStatus = z.enum(KEYWORD_REVIEW_STATUSES);
/** GET /api/staff/qa/hot_keywords/?status= — the most searched keywords of the window, of one state or all. */
export const ZStaffHotKeywordQuery = z.object({ status: ZKeywordReviewStatus.optional() });
export const ZStaffHotKeyword = z.object({
  keyword: z.string(),
  /** Distinct visitors who searched it in the window, each counted once a day. */
  count: ZCountValue,
  status: ZKeywordReviewStatus,
  /** Found in published Q&A (a question or an answer, zh or en). */
  matches_published: z.boolean(),
  /** May appear in the public list: approved, or pending and found in published Q&A. */
  public: z.boolean(),
});
export type TStaffHotKeyword = z.infer<typeof ZStaffHotKeyword>;
export const ZStaffHotKeywords = z.array(ZStaffHotKeyword);
/** POST /api/staff/qa/hot_keywords/ — review a keyword: approve it, hide it, or set it back to pending. */
export const ZStaffHotKeywordRequest = z.object({
  keyword: z.string().trim().min(1).max(200),
  status: ZKeywordReviewStatus,
});

// ── Suggestions inbox ─────────────────────────────────────────────────────────────────────────────────────

export const ADVICE_STATUSES = ['new', 'read', 'archived'] as const;
export type AdviceStatus = (typeof ADVICE_STATUSES)[number];
export const ZAdviceStatus = z.enum(ADVICE_STATUSES);
export const ZStaffAdviceQuery = ZPageQuery({ size: 20, maxSize: 100 }).extend({
  /** Default: not archived (new and read). */
  status: ZAdviceStatus.optional(),
});
export const ZStaffAdvice = z.object({
  id: ZIdValue,
  customer_id: ZIdValue.nullable(),
  content: z.string(),
  language: z.string(),
  status: ZAdviceStatus,
  created_at: z.string(),
  age_seconds: ZSafeCount,
  notes: z.array(ZStaffNote),
});
export type TStaffAdvice = z.infer<typeof ZStaffAdvice>;
export const ZStaffAdvicePage = ZPage(ZStaffAdvice);
export const ZAdviceStatusRequest = z.object({ status: ZAdviceStatus });

// ── Content: static files, fee-table rows ─────────────────────────────────────────────────────────────────

export const ZStaffStaticFile = z.object({
  id: ZIdValue,
  key: z.string(),
  name_zh: z.string(),
  name_en: z.string(),
  content_type: z.string(),
  size: ZSafeCount,
  sha256: z.string(),
  source: z.string(),
  updated_at: z.string(),
});
export const ZStaffStaticFiles = z.array(ZStaffStaticFile);

const ZFeeKey = z.enum(FEE_KEYS);
export const ZStaffFeeRow = z.object({
  key: ZFeeKey,
  /** First postmark date (YYYY-MM-DD) the amount applies to. */
  from: z.string(),
  cents: ZMinorValue,
  /** `shipped`: the release's table (packages/contract fees.ts); `staff`: added in the console. */
  source: z.enum(['shipped', 'staff']),
  created_by: z.string().nullable(),
  created_at: z.string().nullable(),
});
export type TStaffFeeRow = z.infer<typeof ZStaffFeeRow>;
export const ZStaffFeeRows = z.array(ZStaffFeeRow);
/** POST /api/staff/fee/ — a new dated amount; `from` must be after today (UTC): history is never rewritten. */
export const ZStaffFeeRowRequest = z.object({
  key: ZFeeKey,
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  cents: z.number().int().positive().max(100_000_000),
});

/**
 * GET /api/customer/project/fee_schedule/ — the government fee table in force: the shipped amounts and those
 * staff added, per fee oldest first, and the date they were last checked.
 */
export const ZFeeScheduleView = z.object({
  checked: z.string(),
  schedule: z.record(ZFeeKey, z.array(z.object({ from: z.string(), cents: ZMinorValue }))),
});
export type TFeeScheduleView = z.infer<typeof ZFeeScheduleView>;

/** GET /api/customer/project/guidance_zip_files/, …/instruction_pdf_files/ */
export const ZProjectFilesQuery = z.object({ project_code: ZProjectCode.optional() });

export const QueueErrorCode = {
  /** Another staff member already holds it. */
  claimed: 'queue_claimed',
  /** Only the holder may change its status (claim it first). */
  notHolder: 'queue_not_holder',
  /** This status change is not allowed from where it stands. */
  state: 'queue_state',
  /** Publishing needs the question and the answer in both languages. */
  qaNotAnswered: 'qa_not_answered',
  /** A category still holding questions cannot be deleted. */
  categoryInUse: 'qa_category_in_use',
  /** An amount already starts on that date for that fee. */
  feeRowExists: 'fee_row_exists',
  /** A new amount must start after today: the table's history is never rewritten. */
  feeRowPast: 'fee_row_past',
} as const;
