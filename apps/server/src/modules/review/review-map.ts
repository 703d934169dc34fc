import type { Locale, TReviewMap } from '@dossier/contract';
import type { ReviewInput } from './review-input.ts';

/** The evidence map per claimed criterion (issue 31 item 1). Placeholder until the evidence-map work lands. */
export function reviewMap(input: ReviewInput, _locale: Locale): TReviewMap {
  return { criteria: input.rows.claim.claimed.map((key) => ({ key, label: key })) };
}
