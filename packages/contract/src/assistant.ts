import { z } from 'zod';
import { ZCountValue, ZIdParam, ZIdValue, ZSafeCount, ZVersion } from './common.ts';
import { ZDocumentKind } from './documents.ts';

/**
 * The writing assistant (issue 33, decisions 0083–0086): optional, any OpenAI-compatible chat-completions model.
 * It drafts only from the case's own record and exhibit text; every sentence it proposes carries citations the
 * server checked (the exhibit is this case's, the pages exist, the quoted words are in that exhibit's text); the
 * customer accepts or rejects each paragraph. Nothing is sent to a provider before the customer's consent for the
 * case. Every path has the case id; every nested id must belong to that case and to the caller (404 otherwise).
 *
 *   GET    /api/customer/case/{id}/assistant/                                  ZAssistantState
 *   PUT    /api/customer/case/{id}/assistant/consent/                          ZAssistantConsentRequest → ZAssistantState
 *   DELETE /api/customer/case/{id}/assistant/consent/                          → ZAssistantState
 *   POST   /api/customer/case/{id}/assistant/drafts/                           ZAssistantDraftRequest → 202 ZAssistantDraft
 *   GET    /api/customer/case/{id}/assistant/drafts/{draft_id}/                ZAssistantDraft
 *   POST   /api/customer/case/{id}/assistant/drafts/{draft_id}/cancel/         → ZAssistantDraft
 *   PUT    /api/customer/case/{id}/assistant/drafts/{draft_id}/paragraphs/{index}/
 *                                                      ZAssistantDecisionRequest → ZAssistantDecisionReply
 *   GET    /api/customer/case/{id}/exhibit-text/{upload_id}/                   ZExhibitText
 *
 *   GET    /api/staff/assistant/usage/?day=YYYY-MM-DD                          ZAssistantUsageList (admin, finance)
 *   GET    /api/staff/task/{id}/exhibit-text/{upload_id}/                      ZExhibitText (the task's case)
 *   POST   /api/staff/task/{id}/assistant/pretranslate/                        ZPretranslateRequest → ZPretranslation
 *
 * Errors: 409 `assistant_off` (no provider configured), 409 `assistant_consent_required`, 429
 * `assistant_quota_exceeded` (the customer's daily quota) / `assistant_budget_exhausted` (the deployment's),
 * 409 `assistant_paragraph_stale` (the text it replaces changed), 409 `assistant_draft_not_ready`.
 */

/** What the assistant can be asked (item 5). `pretranslate_exhibit` is staff-side only. */
export const ASSISTANT_TASKS = [
  'draft_section',
  'tighten',
  'translate',
  'outline_letter',
  'explain_finding',
  'pretranslate_exhibit',
] as const;
export type AssistantTask = (typeof ASSISTANT_TASKS)[number];
export const CUSTOMER_ASSISTANT_TASKS = [
  'draft_section',
  'tighten',
  'translate',
  'outline_letter',
  'explain_finding',
] as const;

export const ASSISTANT_DRAFT_STATUSES = ['running', 'ready', 'failed', 'cancelled'] as const;
export type AssistantDraftStatus = (typeof ASSISTANT_DRAFT_STATUSES)[number];

/**
 * Why a draft failed, for the screen (each with a zh/en message): the provider's answer could not be used or did
 * not come. Never the provider's own text.
 */
export const ASSISTANT_FAILURES = [
  'timeout',
  'rate_limited',
  'provider_error',
  'truncated',
  'unreadable',
  'token_cap',
  'nothing_supported',
] as const;
export type AssistantFailure = (typeof ASSISTANT_FAILURES)[number];

/** The bounds of a request and a draft (item 2: a per-request token cap, quotas). */
export const ASSISTANT_LIMITS = {
  instructionMax: 2000,
  paragraphsMax: 40,
  sentencesMax: 400,
  sentenceMax: 2000,
  quoteMax: 400,
  citationsPerSentenceMax: 8,
  draftsListed: 20,
} as const;

export const ZAssistantParams = z.object({ id: ZIdParam });
export const ZAssistantDraftParams = z.object({ id: ZIdParam, draft_id: ZIdParam });
export const ZAssistantParagraphParams = ZAssistantDraftParams.extend({
  index: z.coerce
    .number()
    .int()
    .min(0)
    .max(ASSISTANT_LIMITS.paragraphsMax - 1),
});
export const ZExhibitTextParams = z.object({ id: ZIdParam, upload_id: ZIdParam });

/** The provider as the consent screen names it (item 3): what is sent goes to this base URL's model. */
export const ZAssistantProvider = z.object({
  name: z.string().max(100),
  model: z.string().max(200),
  base_url_host: z.string().max(300),
});

export const ZAssistantConsent = z.object({
  granted_at: z.string(),
  provider: z.string().max(100),
  model: z.string().max(200),
});

export const ZAssistantQuota = z.object({
  /** The customer's tokens today (their time zone's day is not used: quotas count by UTC day). */
  used_tokens: ZSafeCount,
  limit_tokens: ZSafeCount,
  used_requests: ZCountValue,
  limit_requests: ZCountValue,
});

/** One citation as the model gave it, and the server's verdict (item 4). */
export const ZAssistantCitation = z.object({
  /** The reference id as the document stores it: `folder:<id>`, `file:<id>` or `letter:<id>`. */
  ref: z.string().max(64),
  pages: z
    .object({ from: z.number().int().min(1).max(2000), to: z.number().int().min(1).max(2000) })
    .nullable(),
  quote: z.string().max(ASSISTANT_LIMITS.quoteMax).nullable(),
  ok: z.boolean(),
  /** Why it failed: not this case's exhibit, a page it does not have, words not in its text, no text to check. */
  problem: z.enum(['unknown_ref', 'no_such_page', 'quote_not_found', 'no_text']).nullable(),
});

/** A sentence: `kept` carries at least one checked citation; `removed` had none that held (shown struck out). */
export const ZAssistantSentence = z.object({
  text: z.string().max(ASSISTANT_LIMITS.sentenceMax),
  citations: z.array(ZAssistantCitation).max(ASSISTANT_LIMITS.citationsPerSentenceMax),
  status: z.enum(['kept', 'removed', 'gap']),
});

export const ASSISTANT_DECISIONS = ['pending', 'accepted', 'rejected'] as const;

export const ZAssistantParagraph = z.object({
  index: z
    .number()
    .int()
    .min(0)
    .max(ASSISTANT_LIMITS.paragraphsMax - 1),
  sentences: z.array(ZAssistantSentence).max(ASSISTANT_LIMITS.sentencesMax),
  /** The paragraph as it would be written (kept and gap sentences only), for the diff. */
  text: z.string().max(50_000),
  /** For tighten / translate: the text of the paragraph it replaces (the diff's left side). */
  replaces: z.string().max(50_000).nullable(),
  decision: z.enum(ASSISTANT_DECISIONS),
});

/** What a task works on (item 5). */
export const ZAssistantTarget = z.discriminatedUnion('task', [
  z.object({ task: z.literal('draft_section'), criterion: z.string().min(1).max(64) }),
  z.object({
    task: z.literal('tighten'),
    document_kind: ZDocumentKind,
    block_index: z.number().int().min(0).max(10_000),
  }),
  z.object({
    task: z.literal('translate'),
    document_kind: ZDocumentKind,
    block_index: z.number().int().min(0).max(10_000),
    to: z.enum(['zh', 'en']),
  }),
  z.object({ task: z.literal('outline_letter'), letter_id: ZIdValue }),
  z.object({ task: z.literal('explain_finding'), rfe_id: ZIdValue, finding_id: ZIdValue }),
]);
export type TAssistantTarget = z.infer<typeof ZAssistantTarget>;

export const ZAssistantDraftRequest = z.object({
  target: ZAssistantTarget,
  /** The customer's own words to steer it (data like the rest: never instructions that change the format). */
  instruction: z.string().max(ASSISTANT_LIMITS.instructionMax).optional(),
});

export const ZAssistantDraft = z.object({
  id: ZIdValue,
  target: ZAssistantTarget,
  status: z.enum(ASSISTANT_DRAFT_STATUSES),
  failure: z.enum(ASSISTANT_FAILURES).nullable(),
  /** The localised reason of a failure (follows the Language header). */
  failure_msg: z.string().nullable(),
  /** Characters received so far while running (the stream's progress). */
  received_chars: ZSafeCount,
  paragraphs: z.array(ZAssistantParagraph).max(ASSISTANT_LIMITS.paragraphsMax),
  /** Sentences removed because no citation held, and citations that failed: what the screen warns about. */
  removed_sentences: ZCountValue,
  failed_citations: ZCountValue,
  /** For outline_letter: warnings of the "read alike" rule against the case's other letters (localised). */
  warnings: z.array(z.string().max(1000)).max(20),
  tokens: ZSafeCount,
  created_at: z.string(),
  updated_at: z.string(),
});
export type TAssistantDraft = z.infer<typeof ZAssistantDraft>;

export const ZAssistantState = z.object({
  /** false: no provider configured; every assistant button says so. */
  enabled: z.boolean(),
  provider: ZAssistantProvider.nullable(),
  consent: ZAssistantConsent.nullable(),
  quota: ZAssistantQuota,
  drafts: z.array(ZAssistantDraft).max(ASSISTANT_LIMITS.draftsListed),
});
export type TAssistantState = z.infer<typeof ZAssistantState>;

/** The consent names the provider and model the customer saw (a changed configuration needs a new consent). */
export const ZAssistantConsentRequest = z.object({
  provider: z.string().max(100),
  model: z.string().max(200),
});

export const ZAssistantDecisionRequest = z.object({
  decision: z.enum(['accepted', 'rejected']),
  /** Accepting into a document: the version the screen read (409 on a stale one). */
  document_version: ZVersion.optional(),
});
export const ZAssistantDecisionReply = z.object({
  draft: ZAssistantDraft,
  /** The document's new version when an accepted paragraph was written into it. */
  document_version: ZVersion.nullable(),
  msg: z.string(),
});

/** An upload's text per page (item 1): `layer` from the PDF, `ocr` read by Tesseract, `none` no text found. */
export const EXHIBIT_TEXT_SOURCES = ['layer', 'ocr', 'none', 'ocr_timeout', 'ocr_unavailable'] as const;
export const ZExhibitText = z.object({
  upload_id: ZIdValue,
  pages: z
    .array(
      z.object({
        page: z.number().int().min(1).max(100_000),
        text: z.string(),
        source: z.enum(EXHIBIT_TEXT_SOURCES),
      }),
    )
    .max(100_000),
  /** Localised note when some pages have no text (OCR not installed, a page past its time limit). */
  note: z.string().nullable(),
});
export type TExhibitText = z.infer<typeof ZExhibitText>;

export const ZAssistantUsageQuery = z.object({
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});
export const ZAssistantUsageRow = z.object({
  customer_id: ZIdValue,
  phone_masked: z.string().max(40),
  requests: ZCountValue,
  tokens: ZSafeCount,
});
export const ZAssistantUsageList = z.object({
  day: z.string(),
  total_tokens: ZSafeCount,
  budget_tokens: ZSafeCount,
  items: z.array(ZAssistantUsageRow).max(1000),
});

export const ZPretranslateRequest = z.object({
  upload_id: ZIdValue,
  to: z.enum(['zh', 'en']).default('en'),
});
export const ZPretranslation = z.object({
  upload_id: ZIdValue,
  pages: z.array(z.object({ page: z.number().int().min(1).max(100_000), text: z.string() })).max(100_000),
  msg: z.string(),
});
