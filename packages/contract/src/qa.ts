import { z } from 'zod';
import { ZCountValue, ZIdParam, ZIdValue, ZPage, ZPageQuery } from './common.ts';

/**
 * Q&A zone (spec §2 Q&A zone, §5 "This cannot be left blank.", §6 Visitor, §7 Q&A and suggestions). Questions and
 * answers are stored in both languages; every call answers in the caller's `Language`.
 */

export const QA_PAGE_SIZE_MAX = 50;
export const QA_KEYWORD_MAX = 50;
export const QA_QUESTION_MAX = 500;
export const ADVICE_CONTENT_MAX = 1000;
/**
 * Hot keywords: the keywords searched by the most distinct visitors (each counted once a day) of this many recent
 * days, at most HOT_KEYWORDS_LIMIT of them; only keywords found in published Q&A or approved by a content editor
 * are shown (decision 0052).
 */
export const HOT_KEYWORDS_DAYS = 30;
export const HOT_KEYWORDS_LIMIT = 10;

/**
 * Error `code`s of the Q&A calls: `blank` is an empty or whitespace-only question or suggestion (400,
 * "This cannot be left blank."); asking needs a login (401 `unauthorized`).
 */
export const QaErrorCode = { blank: 'blank' } as const;

export const ZQaCategory = z.object({ id: ZIdValue, name: z.string() });
export type TQaCategory = z.infer<typeof ZQaCategory>;

/** A published question with its answer, in the caller's language. */
export const ZQa = z.object({
  id: ZIdValue,
  category_id: ZIdValue.nullable(),
  question: z.string(),
  answer: z.string(),
  /** ISO 8601 instant. */
  created_at: z.string(),
});
export type TQa = z.infer<typeof ZQa>;

export const ZQaQuery = ZPageQuery({ size: 10, maxSize: QA_PAGE_SIZE_MAX }).extend({
  /** Searched in the question and the answer, in the caller's language; `%` and `_` are plain characters. */
  keyword: z.string().trim().max(QA_KEYWORD_MAX).optional(),
  category_id: ZIdParam.optional(),
});
export type TQaQuery = z.infer<typeof ZQaQuery>;
export const ZQaPage = ZPage(ZQa);

/** `count`: distinct visitors in the window. */
export const ZHotKeyword = z.object({ keyword: z.string(), count: ZCountValue });
export type THotKeyword = z.infer<typeof ZHotKeyword>;
export const ZHotKeywords = z.array(ZHotKeyword);

/** A customer's question; staff answer it before it is published. */
export const ZAskQuestionRequest = z.object({
  category_id: ZIdValue.optional(),
  question: z.string().trim().min(1).max(QA_QUESTION_MAX),
});
export type TAskQuestionRequest = z.infer<typeof ZAskQuestionRequest>;
/** `msg` is the confirmation in the caller's language. */
export const ZAskQuestionResponse = z.object({ id: ZIdValue, msg: z.string() });

/** A suggestion (logged in or visitor). */
export const ZAdviceRequest = z.object({ content: z.string().trim().min(1).max(ADVICE_CONTENT_MAX) });
export type TAdviceRequest = z.infer<typeof ZAdviceRequest>;
/** `msg`: "Submit successfully. Thanks for your feedback." in the caller's language. */
export const ZAdviceResponse = z.object({ msg: z.string() });
