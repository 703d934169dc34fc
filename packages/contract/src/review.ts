import { z } from 'zod';
import { ZReviewMap } from './review-map.ts';

/**
 * The case review (issue 31): the customer's assembled case checked against the Policy Manual and against itself,
 * deterministic, run on every read (cheap: pure functions over the case's rows). One review, read by three places:
 * the ReadMe checklist (filing defects block, judgement calls warn), the editor margin, and the readiness report.
 *
 *   GET    /api/customer/case/{id}/review/              ZReview (in the caller's Language)
 *   GET    /api/customer/case/{id}/review/report.pdf    the readiness report as a PDF (zh/en by Language)
 *   PUT    /api/customer/case/{id}/review/intended/     ZReviewIntendedRequest → ZReview (a finding marked intended)
 */

export const REVIEW_RULES = [
  'evidence_map',
  'priority_date',
  'pins',
  'unsupported',
  'uncited',
  'consistency',
  'letters',
  'read_alike',
  'leftovers',
  'translations',
] as const;
export type ReviewRule = (typeof REVIEW_RULES)[number];

/**
 * What the customer may mark as intended (decision 0074): any judgement call (`warn`, `info`) — it then stops
 * warning — and, among filing defects (`block`), only those of these rules: a spelling that differs on purpose
 * ("Dr. Zhang Wei" / "Wei Zhang"), bracketed text or a file meant to be there. No mark lifts any other block (a pin
 * past an exhibit's pages); the server refuses it (409 `review_not_intendable`). The screen offers the mark for these
 * rules' findings.
 */
export const REVIEW_INTENDABLE_RULES: ReadonlySet<ReviewRule> = new Set<ReviewRule>([
  'consistency',
  'leftovers',
]);

/** Whether a finding may be marked as intended (the server's rule; see REVIEW_INTENDABLE_RULES). */
export const intendable = (f: { rule: ReviewRule; severity: ReviewSeverity }) =>
  f.severity !== 'block' || REVIEW_INTENDABLE_RULES.has(f.rule);

export const ReviewErrorCode = {
  /** PUT …/review/intended/ on a key that is no standing finding, or a block no mark may lift. */
  notIntendable: 'review_not_intendable',
} as const;

/** `block`: a filing defect (the checklist cannot be confirmed); `warn`: a judgement call; `info`: for the report. */
export const REVIEW_SEVERITIES = ['block', 'warn', 'info'] as const;
export type ReviewSeverity = (typeof REVIEW_SEVERITIES)[number];

/**
 * Where a finding is: a workbench tab (routes.ts WORKBENCH_TABS) and a target there (a form number, a folder /
 * letter / attachment id, a document kind, `petition_letter#3` for a top-level block), with a label in the caller's
 * language ("Exhibit 4 · Membership certificate", "Petition letter, paragraph 12").
 */
export const ZReviewPlace = z.object({
  tab: z.string().max(40),
  target: z.string().max(200).nullable(),
  label: z.string().max(500),
});
export type TReviewPlace = z.infer<typeof ZReviewPlace>;

export const ZReviewFinding = z.object({
  /** Stable across runs for the same subject (rule + ids): what "mark as intended" stores. */
  key: z.string().min(1).max(300),
  rule: z.enum(REVIEW_RULES),
  severity: z.enum(REVIEW_SEVERITIES),
  title: z.string().max(500),
  detail: z.string().max(4000),
  /** The rule's source ("8 CFR 204.5(h)(3)(ii)", "USCIS Policy Manual 6 F 2 (2024-10-02)"); null for our own. */
  source: z.string().max(300).nullable(),
  places: z.array(ZReviewPlace).max(200),
  /** Passages shown side by side (letters that read alike: the shared text in each). */
  passages: z.array(z.object({ a: z.string().max(2000), b: z.string().max(2000) })).max(20),
  /** The customer marked it as intended (it then neither blocks nor warns; the report still lists it). */
  intended: z.boolean(),
});
export type TReviewFinding = z.infer<typeof ZReviewFinding>;

/** How the report and the screens list findings, in order: what blocks, what warns, for information, marked intended. */
export const FINDING_GROUPS = ['block', 'warn', 'info', 'intended'] as const;
export type FindingGroup = (typeof FINDING_GROUPS)[number];

export const findingGroup = (f: Pick<TReviewFinding, 'severity' | 'intended'>): FindingGroup =>
  f.intended ? 'intended' : f.severity;

/** The findings by group, in FINDING_GROUPS order; empty groups left out. */
export function groupFindings(findings: readonly TReviewFinding[]): [FindingGroup, TReviewFinding[]][] {
  return FINDING_GROUPS.map(
    (g) => [g, findings.filter((f) => findingGroup(f) === g)] as [FindingGroup, TReviewFinding[]],
  ).filter(([, list]) => list.length > 0);
}

export const ZReview = z.object({
  case_id: z.number().int().min(1).max(2_147_483_647),
  findings: z.array(ZReviewFinding).max(2000),
  map: ZReviewMap,
  counts: z.object({
    block: z.number().int().min(0).max(2000),
    warn: z.number().int().min(0).max(2000),
    info: z.number().int().min(0).max(2000),
  }),
});
export type TReview = z.infer<typeof ZReview>;

export const ZReviewIntendedRequest = z.object({
  key: z.string().min(1).max(300),
  intended: z.boolean(),
});
export type TReviewIntendedRequest = z.infer<typeof ZReviewIntendedRequest>;
