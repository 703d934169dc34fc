import {
  type Locale,
  type ProjectCode,
  README_PARTS,
  type ReadmePart,
  STAGE_TAB,
  type TReadmeItem,
  type TReview,
  type TReviewFinding,
} from '@dossier/contract';
import { translate } from '@dossier/i18n';
import type { AppContext } from '../../context.ts';
import type { CaseRow } from '../case/case.service.ts';
import { caseFingerprint } from '../case/case-summary-cache.ts';
import type { FilingForm, StageContent } from '../case/stages.service.ts';
import type { CaseContext } from '../forms/form-state.ts';
import { runReview } from '../review/review.service.ts';
import { loadReviewInput } from '../review/review-input.ts';
import { partComplete } from './readme-stage.ts';

/**
 * The case review in the ReadMe checklist (issue 31 item 7; decision 0074): a `block` finding not marked as
 * intended keeps the part of its first place incomplete and is listed in that part's `missing`; a `warn` finding
 * not marked as intended is a guidance warning. `info` findings are for the readiness report only.
 */

const PART_OF_TAB = new Map<string, ReadmePart>(README_PARTS.map((p) => [STAGE_TAB[p], p]));

/** The ReadMe part a finding belongs to: its first place's tab; an unknown tab (or none) → the petition part. */
export function partOfFinding(f: Pick<TReviewFinding, 'places'>): ReadmePart {
  return PART_OF_TAB.get(f.places[0]?.tab ?? '') ?? 'petition';
}

/** The checklist item of a finding: code `review_<rule>`, its title, and where to fix it (its first place). */
export function reviewItem(f: TReviewFinding, locale: Locale): TReadmeItem {
  const place = f.places[0];
  const part = partOfFinding(f);
  return {
    code: `review_${f.rule}`,
    msg: translate(locale, 'review:checklist.item', { title: f.title }),
    tab: place && PART_OF_TAB.has(place.tab) ? place.tab : STAGE_TAB[part],
    target: place?.target ?? null,
  };
}

const standing = (review: TReview, severity: 'block' | 'warn') =>
  review.findings.filter((f) => f.severity === severity && !f.intended);

/** The blocking findings by the part they keep incomplete (parts without any are absent). */
export function blocksByPart(review: TReview): Map<ReadmePart, TReviewFinding[]> {
  const out = new Map<ReadmePart, TReviewFinding[]>();
  for (const f of standing(review, 'block')) {
    const part = partOfFinding(f);
    out.set(part, [...(out.get(part) ?? []), f]);
  }
  return out;
}

/** The guidance warnings of the review (judgement calls). */
export const reviewWarnings = (review: TReview, locale: Locale): TReadmeItem[] =>
  standing(review, 'warn').map((f) => reviewItem(f, locale));

const projectOf = (cc: CaseContext): ProjectCode => (cc.category === 'EB1A' ? 'USA_EB1A' : 'USA_NIW');

/** The review of a case whose rule context and forms the caller already read (they are not read again). */
export async function caseReview(
  ctx: AppContext,
  caseRow: CaseRow,
  cc: CaseContext,
  forms: readonly FilingForm[],
  locale: Locale,
): Promise<TReview> {
  const input = await loadReviewInput(ctx, { caseRow, projectCode: projectOf(cc) }, { cc, forms });
  return runReview(input, locale);
}

/**
 * The blocked parts kept per case, by what they were computed from: the fingerprint of every row the case summary
 * reads (which covers every table the review reads: case-summary-cache.ts FINGERPRINTED, checked by
 * summary-cache.test.ts), the case row's versions as the caller read it, and the customer's today. The packet's
 * gate and its polled view ask on every call; one statement then answers instead of the whole review.
 */
const KEPT_MAX = 500;
const kept = new WeakMap<AppContext, Map<number, { key: string; parts: Set<ReadmePart> }>>();

/** The parts a standing blocking finding keeps incomplete (the schedule and "I confirm" count them). */
export async function blockedParts(
  ctx: AppContext,
  caseRow: CaseRow,
  cc: CaseContext,
  forms: readonly FilingForm[],
): Promise<Set<ReadmePart>> {
  const key = [
    await caseFingerprint(ctx, caseRow.id),
    caseRow.updatedAt.getTime(),
    caseRow.profileVersion,
    caseRow.settingsVersion,
    cc.today,
  ].join('|');
  let shelf = kept.get(ctx);
  if (!shelf) {
    shelf = new Map();
    kept.set(ctx, shelf);
  }
  const hit = shelf.get(caseRow.id);
  if (hit?.key === key) return new Set(hit.parts);
  const parts = new Set(blocksByPart(await caseReview(ctx, caseRow, cc, forms, 'en')).keys());
  shelf.delete(caseRow.id);
  shelf.set(caseRow.id, { key, parts });
  if (shelf.size > KEPT_MAX) shelf.delete(shelf.keys().next().value!);
  return new Set(parts);
}

/**
 * What the schedule's readme stage and "I confirm" count: the review runs only when every part is complete by its
 * own content (before that the stage cannot be complete whatever the review finds), so the case summary of a case
 * in progress pays nothing for it.
 */
export async function readmeBlocked(
  ctx: AppContext,
  caseRow: CaseRow,
  cc: CaseContext,
  forms: readonly FilingForm[],
  parts: Record<ReadmePart, StageContent>,
): Promise<Set<ReadmePart>> {
  if (!README_PARTS.every((p) => partComplete(parts[p]))) return new Set();
  return blockedParts(ctx, caseRow, cc, forms);
}
