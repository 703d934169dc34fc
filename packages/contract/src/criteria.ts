import { z } from 'zod';
import { EB1A_CRITERIA } from './assessment.ts';
import { ZCountValue, ZVersion } from './common.ts';

/**
 * Claimed criteria (issue 12 item 1; spec §3, §4): EB-1A categories, NIW directions and their categories, the
 * regulation each answers, and the criteria calls' shapes. Paths: EVIDENCE_PATHS in evidence.ts.
 */

/** EB-1A: the 10 criteria of 8 CFR 204.5(h)(3)(i)–(x) (assessment.ts, regulation order), then Other Evidence. */
export const EB1A_CATEGORIES = [...EB1A_CRITERIA, 'other_evidence'] as const;
export type Eb1aCategory = (typeof EB1A_CATEGORIES)[number];

export const NIW_DIRECTIONS = ['advanced_degree', 'exceptional_ability'] as const;
export type NiwDirection = (typeof NIW_DIRECTIONS)[number];
export const ZNiwDirection = z.enum(NIW_DIRECTIONS);

/** NIW categories (spec §3): Degree = study, Job = work, Achievements = personal achievement, … */
export const NIW_CATEGORIES = [
  'degree',
  'job',
  'achievements',
  'supporting_evidence',
  'license',
  'salary',
  'membership',
  'contributions',
  'others',
] as const;
export type NiwCategory = (typeof NIW_CATEGORIES)[number];

/** The categories of each NIW route, in display order (spec §3 "Degree route" / "Exceptional-ability route"). */
export const NIW_CATEGORIES_BY_DIRECTION: Record<NiwDirection, readonly NiwCategory[]> = {
  advanced_degree: ['degree', 'job', 'achievements', 'supporting_evidence'],
  exceptional_ability: [
    'degree',
    'job',
    'license',
    'salary',
    'membership',
    'contributions',
    'supporting_evidence',
    'others',
  ],
};

/** What a direction switch keeps (spec §4): work, education (study), industry/supporting reports. */
export const NIW_KEPT_ON_SWITCH: readonly NiwCategory[] = ['job', 'degree', 'supporting_evidence'];

/**
 * Background exhibits (issue 28 item 4): CV, degrees, passport / visa / I-94 copies, employment verification. A
 * group every case has (EB-1A and NIW) without claiming it; numbered before the criteria by default, never counted
 * as a claimed criterion, kept through criteria changes and an NIW direction switch.
 */
export const BACKGROUND = 'background';
/** Names offered when adding a background folder (zh/en labels: workbench `evidence.background.suggestions`). */
export const BACKGROUND_SUGGESTIONS = ['cv', 'degrees', 'identity', 'employment'] as const;

export const CRITERIA = [BACKGROUND, ...EB1A_CATEGORIES, ...NIW_CATEGORIES] as const;
export type Criterion = (typeof CRITERIA)[number];
export const ZCriterion = z.enum(CRITERIA);

/** The regulation each criterion answers (shown on the screen and in the template). */
export const CRITERION_REGULATION: Record<Criterion, string> = {
  background: 'Form I-140 Instructions',
  awards: '8 CFR 204.5(h)(3)(i)',
  association: '8 CFR 204.5(h)(3)(ii)',
  media_reports: '8 CFR 204.5(h)(3)(iii)',
  judge: '8 CFR 204.5(h)(3)(iv)',
  original_contributions: '8 CFR 204.5(h)(3)(v)',
  scholarly_publication: '8 CFR 204.5(h)(3)(vi)',
  exhibition: '8 CFR 204.5(h)(3)(vii)',
  critical_role: '8 CFR 204.5(h)(3)(viii)',
  high_salary: '8 CFR 204.5(h)(3)(ix)',
  commercial_successes: '8 CFR 204.5(h)(3)(x)',
  other_evidence: '8 CFR 204.5(h)(4)',
  degree: '8 CFR 204.5(k)(3)(i)(A)/(k)(3)(ii)(A)',
  job: '8 CFR 204.5(k)(3)(i)(B)/(k)(3)(ii)(B)',
  achievements: 'Matter of Dhanasar, 26 I&N Dec. 884 (AAO 2016)',
  supporting_evidence: 'Matter of Dhanasar, 26 I&N Dec. 884 (AAO 2016)',
  license: '8 CFR 204.5(k)(3)(ii)(C)',
  salary: '8 CFR 204.5(k)(3)(ii)(D)',
  membership: '8 CFR 204.5(k)(3)(ii)(E)',
  contributions: '8 CFR 204.5(k)(3)(ii)(F)',
  others: '8 CFR 204.5(k)(3)(iii)',
};

export const ZCriterionState = z.object({
  key: ZCriterion,
  /** Localised label (zh or en by the Language header). */
  label: z.string(),
  regulation: z.string(),
  claimed: z.boolean(),
  /** Evidence folders saved under it. */
  folders: ZCountValue,
});

/** `GET …/criteria/`: what the case may claim and what it claims, in display order. */
export const ZCriteriaState = z.object({
  category: z.enum(['EB1A', 'NIW']),
  /** NIW only: null until chosen (criteria can be claimed once it is). Always null for EB-1A. */
  niw_direction: ZNiwDirection.nullable(),
  /** The criteria of the case's category (and NIW direction), in order. */
  available: z.array(ZCriterionState),
  /** The claimed ones in their order (the order numbers evidence follows). */
  claimed: z.array(ZCriterion),
  version: ZVersion,
});
export type TCriteriaState = z.infer<typeof ZCriteriaState>;

/**
 * `PUT …/criteria/`: the claimed list in display order. Dropping a criterion that still holds folders → 409
 * `criterion_has_evidence` (details.folders) unless `confirm: true`, which deletes them.
 */
export const ZCriteriaRequest = z.object({
  criteria: z.array(z.string().max(40)).max(CRITERIA.length),
  version: ZVersion,
  confirm: z.boolean().optional(),
});
export type TCriteriaRequest = z.infer<typeof ZCriteriaRequest>;

/**
 * `PUT …/niw_direction/` (NIW only). Changing a chosen direction needs `confirm: true`; without it → 409
 * `niw_direction_confirm` with details `{ kept: NiwCategory[], removed_folders: number }`. After confirmation only
 * NIW_KEPT_ON_SWITCH criteria and their evidence stay.
 */
export const ZNiwDirectionRequest = z.object({
  direction: ZNiwDirection,
  confirm: z.boolean().optional(),
});
export type TNiwDirectionRequest = z.infer<typeof ZNiwDirectionRequest>;

/** "The criteria has been confirmed" */
export const ZCriteriaResponse = z.object({
  msg: z.string(),
  criteria: ZCriteriaState,
  /** Folders deleted by this change. */
  removed_folders: ZCountValue,
});
export type TCriteriaResponse = z.infer<typeof ZCriteriaResponse>;
