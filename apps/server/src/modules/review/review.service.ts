import {
  intendable,
  type Locale,
  type ProjectCode,
  ReviewErrorCode,
  type TReview,
  type TReviewFinding,
} from '@dossier/contract';
import type { AppContext } from '../../context.ts';
import { errorOf } from '../../plugins/errors.ts';
import type { CaseRow } from '../case/case.service.ts';
import { loadReviewInput, type ReviewInput } from './review-input.ts';
import { setIntended } from './review-intended.ts';
import { reviewMap } from './review-map.ts';
import { REVIEW_RULE_FNS } from './rules/index.ts';

/**
 * The case review (issue 31): every rule run over the case read once; findings the customer marked as intended
 * stay listed but neither block nor warn.
 */
export interface ReviewScope {
  customerId: number;
  caseRow: CaseRow;
  projectCode: ProjectCode;
  locale: Locale;
}

const SEVERITY_RANK = { block: 0, warn: 1, info: 2 } as const;

export function runReview(input: ReviewInput, locale: Locale): TReview {
  const findings: TReviewFinding[] = [];
  for (const rule of REVIEW_RULE_FNS) {
    for (const f of rule(input, locale)) {
      findings.push(input.intended.has(f.key) ? { ...f, intended: true } : f);
    }
  }
  findings.sort(
    (a, b) =>
      Number(a.intended) - Number(b.intended) || SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity],
  );
  const counts = { block: 0, warn: 0, info: 0 };
  for (const f of findings) if (!f.intended) counts[f.severity] += 1;
  return { case_id: input.caseRow.id, findings, map: reviewMap(input, locale), counts };
}

/** `GET /api/customer/case/{id}/review/` */
export async function reviewCase(ctx: AppContext, s: ReviewScope): Promise<TReview> {
  return runReview(await loadReviewInput(ctx, s), s.locale);
}

/**
 * `PUT …/review/intended/`: marks one finding as intended (or not), then the review as it now stands. Marking needs
 * a standing finding that is not a block no mark may lift (409 review_not_intendable); unmarking is always allowed.
 */
export async function markIntended(
  ctx: AppContext,
  s: ReviewScope,
  body: { key: string; intended: boolean },
): Promise<TReview> {
  if (body.intended) {
    // Only a standing finding, and no filing defect's block but those a mark may lift (contract `intendable`).
    const f = (await reviewCase(ctx, s)).findings.find((x) => x.key === body.key);
    if (!f || !intendable(f)) {
      throw errorOf(409, ReviewErrorCode.notIntendable);
    }
  }
  await setIntended(ctx.db.db, s.caseRow.id, body.key, body.intended, ctx.clock.now());
  return reviewCase(ctx, s);
}
