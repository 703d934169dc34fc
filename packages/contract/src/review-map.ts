import { z } from 'zod';
import { isCalendarDate } from './assessment-rules.ts';
import { ZCountValue, ZIdValue } from './common.ts';

/**
 * The evidence map of the case review (issue 31 items 1 and 4; decision 0070). Per claimed criterion (EB-1A) or
 * category (NIW): the kinds of evidence the USCIS Policy Manual describes as proving it (content as data on the
 * server, review/content/), which kinds the case's folders are tagged with, which that count are missing, folders
 * tagged only with a kind that does not count, untagged folders, independent letters that cite its folders, and
 * whether the petition letter cites them. Then the questions asked of the whole case: EB-1A's final merits, or
 * NIW's EB-2 threshold and Matter of Dhanasar's three prongs. Guidance in words, never a promise.
 *
 *   GET /api/customer/case/{id}/evidence/kinds/   ZEvidenceKinds (the folder dialog's choices, caller's language)
 */

export const EVIDENCE_KIND_KEY_MAX = 60;
/** A folder's kind: a key of its criterion's kinds (the server checks it belongs to that criterion). */
export const ZEvidenceKindKey = z
  .string()
  .max(EVIDENCE_KIND_KEY_MAX)
  .regex(/^[a-z0-9_]+$/, 'kind');

/** A calendar day 'YYYY-MM-DD', a real date, from 1900-01-01 to 2999-12-31. */
export const ZEvidenceDay = z
  .string()
  .max(10)
  .refine((s) => isCalendarDate(s) && s >= '1900-01-01' && s <= '2999-12-31', 'date');

/** One kind of evidence of a criterion, in the caller's language. `counts: false`: the Manual says it is not enough. */
export const ZEvidenceKind = z.object({
  key: ZEvidenceKindKey,
  label: z.string().max(300),
  counts: z.boolean(),
  why: z.string().max(1000),
  source: z.string().max(300),
});
export type TEvidenceKind = z.infer<typeof ZEvidenceKind>;

/** `GET …/evidence/kinds/`: each criterion of the case (claimed or not) with its kinds, in display order. */
export const ZEvidenceKinds = z.object({
  criteria: z
    .array(z.object({ criterion: z.string().max(40), kinds: z.array(ZEvidenceKind).max(40) }))
    .max(40),
});
export type TEvidenceKinds = z.infer<typeof ZEvidenceKinds>;

/** A point of the Manual or the regulation the map shows with its source. */
export const ZReviewPoint = z.object({
  key: z.string().max(80),
  text: z.string().max(1000),
  source: z.string().max(300),
});
export type TReviewPoint = z.infer<typeof ZReviewPoint>;

/** A folder as the map names it: its exhibit number (null while it holds no file). */
export const ZReviewMapFolder = z.object({
  id: ZIdValue,
  name: z.string().max(400),
  exhibit: ZCountValue.nullable(),
});
export type TReviewMapFolder = z.infer<typeof ZReviewMapFolder>;

export const ZReviewMapCriterion = z.object({
  /** The criterion key (contract criteria.ts). */
  key: z.string().max(40),
  label: z.string().max(200),
  regulation: z.string().max(300),
  /** Kinds the case's folders are tagged with, each with its folders. */
  present: z
    .array(
      z.object({
        kind: ZEvidenceKindKey,
        label: z.string().max(300),
        counts: z.boolean(),
        folders: z.array(ZReviewMapFolder).max(300),
      }),
    )
    .max(40),
  /** Kinds that count and that no folder is tagged with. */
  missing: z.array(ZEvidenceKind).max(40),
  /** Folders tagged with a kind that does not count (and why). */
  not_counting: z
    .array(
      ZReviewMapFolder.extend({
        kind: ZEvidenceKindKey,
        label: z.string().max(300),
        why: z.string().max(1000),
      }),
    )
    .max(300),
  untagged: z.array(ZReviewMapFolder).max(300),
  /** Letters from independent recommenders that cite one of its folders. */
  corroboration: z
    .array(z.object({ letter_id: ZIdValue, name: z.string().max(400), number: ZCountValue.nullable() }))
    .max(30),
  /** References in the petition letter to its folders or their files (0: the letter does not argue it with one). */
  references: ZCountValue,
  points: z.array(ZReviewPoint).max(20),
});
export type TReviewMapCriterion = z.infer<typeof ZReviewMapCriterion>;

/**
 * A question asked of the whole case: EB-1A's final merits (sustained acclaim, the small percentage at the top),
 * NIW's EB-2 threshold (`needed`: 1 for the advanced degree, 3 of the 6 kinds for exceptional ability; `shown`:
 * how many of its categories hold a folder of a kind that counts) and Dhanasar's prongs (`needed` null: judged).
 */
export const ZReviewQuestion = z.object({
  key: z.string().max(80),
  title: z.string().max(300),
  points: z.array(ZReviewPoint).max(20),
  /** The criteria (categories) whose evidence bears on it. */
  criteria: z.array(z.string().max(40)).max(40),
  needed: z.number().int().min(0).max(10).nullable(),
  shown: z.number().int().min(0).max(40).nullable(),
});
export type TReviewQuestion = z.infer<typeof ZReviewQuestion>;

export const ZReviewMap = z.object({
  category: z.enum(['EB1A', 'NIW']),
  /** The claimed criteria in their order (background is not a claim). */
  criteria: z.array(ZReviewMapCriterion).max(40),
  questions: z.array(ZReviewQuestion).max(10),
  /** The planned filing date (case setting) the priority-date rule compares with; null: today is used. */
  planned_filing_date: z.string().max(10).nullable(),
});
export type TReviewMap = z.infer<typeof ZReviewMap>;
