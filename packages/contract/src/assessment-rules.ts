import {
  ACHIEVEMENT_ITEMS,
  type AchievementItem,
  type Degree,
  EB1A_CRITERIA,
  type Eb1aCriterion,
  NIW_EXCEPTIONAL_CRITERIA,
  type NiwExceptionalCriterion,
  type TAssessmentData,
  type TEducationEntry,
  type TSelfCheck,
  type TWorkEntry,
} from './assessment.ts';
import { EB1A_CRITERIA_MIN, NIW_EXCEPTIONAL_ABILITY_MIN } from './constants.ts';
import { CONTACT_EMAIL_PATTERN } from './contact.ts';

/**
 * Free-assessment rules shared by the server (submit) and the web (step checks, self-check display).
 *
 * Keys the web translates (assessment namespace):
 * - EB-1A criteria (EB1A_CRITERIA): awards, association, media_reports, judge, original_contributions,
 *   scholarly_publication, exhibition, critical_role, high_salary, commercial_successes.
 * - NIW exceptional-ability criteria (NIW_EXCEPTIONAL_CRITERIA): degree_record, ten_years_experience,
 *   licence, salary, membership, recognition.
 * - Next steps (SELF_CHECK_NEXT_STEPS, in the order they can appear): eb1a_awards, eb1a_association,
 *   eb1a_media_reports, eb1a_judge, eb1a_original_contributions, eb1a_scholarly_publication,
 *   eb1a_exhibition, eb1a_critical_role, eb1a_high_salary, eb1a_commercial_successes,
 *   eb1a_need_more_criteria, eb1a_final_merits, degree_documents, employer_letters, niw_licence,
 *   niw_salary, niw_membership, niw_recognition, niw_need_more_criteria, degree_evaluation,
 *   niw_proposed_endeavor, comparable_evidence, recommendation_letters.
 */

// ─── Required fields ──────────────────────────────────────────────────────────────────────────────

/** The three form steps and the top-level sections of TAssessmentData each one covers. */
export const ASSESSMENT_STEPS = {
  basic: ['personal', 'background', 'education'],
  working: ['work', 'achievements'],
  consult: ['appointment'],
} as const satisfies Record<string, readonly (keyof TAssessmentData)[]>;
export type AssessmentStep = keyof typeof ASSESSMENT_STEPS;
export const ASSESSMENT_STEP_ORDER: readonly AssessmentStep[] = ['basic', 'working', 'consult'];

const filled = (s: string | null | undefined): boolean => typeof s === 'string' && s.trim() !== '';
const answered = (b: boolean | null | undefined): boolean => typeof b === 'boolean';

/** A real calendar day 'YYYY-MM-DD' (rejects 2026-02-30). */
export function isCalendarDate(date: string | undefined): boolean {
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const d = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === date;
}

/** 'YYYY-MM' → months since year 0 (null when empty or malformed). */
export function monthIndex(month: string | null | undefined): number | null {
  const m = month ? /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month) : null;
  return m ? Number(m[1]) * 12 + Number(m[2]) - 1 : null;
}

/** A list row in which nothing was typed or chosen counts as not given (the form may show an empty row). */
function isBlankRow(row: object): boolean {
  return Object.values(row).every(
    (v) => v === undefined || v === null || (typeof v === 'string' && !filled(v)),
  );
}

const EDUCATION_REQUIRED = ['degree', 'school', 'major', 'start_month', 'end_month'] as const;
const WORK_REQUIRED = ['company', 'title', 'start_month'] as const;

function missingInEducation(i: number, e: TEducationEntry): string[] {
  const out: string[] = [];
  for (const f of EDUCATION_REQUIRED) {
    const v = e[f];
    if (!(f === 'degree' ? v != null : filled(v as string | undefined))) out.push(`education.${i}.${f}`);
  }
  const s = monthIndex(e.start_month);
  const end = monthIndex(e.end_month);
  // An end before the start is reported on the end month.
  if (s !== null && end !== null && end < s) out.push(`education.${i}.end_month`);
  return out;
}

function missingInWork(i: number, w: TWorkEntry): string[] {
  const out: string[] = WORK_REQUIRED.filter((f) => !filled(w[f])).map((f) => `work.${i}.${f}`);
  const s = monthIndex(w.start_month);
  const end = monthIndex(w.end_month);
  if (s !== null && end !== null && end < s) out.push(`work.${i}.end_month`);
  return out;
}

function missingBySection(data: TAssessmentData): Record<keyof TAssessmentData, string[]> {
  const p = data.personal ?? {};
  const personal: string[] = [];
  if (!filled(p.name)) personal.push('personal.name');
  if (p.gender == null) personal.push('personal.gender');
  if (!isCalendarDate(p.birth_date)) personal.push('personal.birth_date');
  if (!filled(p.email) || !CONTACT_EMAIL_PATTERN.test(p.email!.trim())) personal.push('personal.email');
  if (p.marital_status == null) personal.push('personal.marital_status');

  const b = data.background ?? {};
  const background: string[] = [];
  if (!answered(b.military_service?.has)) background.push('background.military_service.has');
  if (!answered(b.party_member)) background.push('background.party_member');
  if (!answered(b.infectious_disease)) background.push('background.infectious_disease');
  if (!answered(b.criminal_record)) background.push('background.criminal_record');
  if (!answered(b.prior_us_application?.has)) background.push('background.prior_us_application.has');
  if (!answered(b.abroad_or_visa?.has)) background.push('background.abroad_or_visa.has');

  const rows = data.education ?? [];
  const education: string[] = [];
  const given = rows.map((e, i) => [i, e] as const).filter(([, e]) => !isBlankRow(e));
  if (given.length === 0) {
    // At least one entry: point at the first row's fields when the form shows one, else at the list.
    if (rows.length > 0) education.push(...EDUCATION_REQUIRED.map((f) => `education.0.${f}`));
    else education.push('education');
  } else {
    for (const [i, e] of given) education.push(...missingInEducation(i, e));
  }

  const work: string[] = [];
  (data.work ?? []).forEach((w, i) => {
    if (!isBlankRow(w)) work.push(...missingInWork(i, w));
  });

  const achievements: string[] = [];
  for (const item of ACHIEVEMENT_ITEMS) {
    const a = data.achievements?.[item];
    if (!answered(a?.has)) achievements.push(`achievements.${item}.has`);
    else if (a?.has === true && !filled(a.description)) achievements.push(`achievements.${item}.description`);
  }

  const ap = data.appointment ?? {};
  const appointment: string[] = [];
  if (!filled(ap.timezone)) appointment.push('appointment.timezone');
  if (!isCalendarDate(ap.date)) appointment.push('appointment.date');
  if (ap.time_range == null) appointment.push('appointment.time_range');

  return { personal, background, education, work, achievements, appointment };
}

/**
 * Dotted paths of the fields that block submit, in form order ('personal.name', 'education.0.school',
 * 'achievements.awards.description', 'appointment.time_range', or 'education' for an empty list).
 * An invalid value (bad e-mail, impossible date, end month before start month) counts as missing.
 */
export function assessmentMissingFields(data: TAssessmentData): string[] {
  const by = missingBySection(data);
  return ASSESSMENT_STEP_ORDER.flatMap((step) => ASSESSMENT_STEPS[step].flatMap((s) => by[s]));
}

/** The missing fields of one step (the web checks a step before moving on). */
export function assessmentMissingFieldsForStep(data: TAssessmentData, step: AssessmentStep): string[] {
  const by = missingBySection(data);
  return ASSESSMENT_STEPS[step].flatMap((s) => by[s]);
}

// ─── Self-check (guidance, not legal advice) ──────────────────────────────────────────────────────

/** Every next-step key computeSelfCheck can give, in the order it gives them. */
export const SELF_CHECK_NEXT_STEPS = [
  ...EB1A_CRITERIA.map((c) => `eb1a_${c}` as const),
  'eb1a_need_more_criteria',
  'eb1a_final_merits',
  'degree_documents',
  'employer_letters',
  'niw_licence',
  'niw_salary',
  'niw_membership',
  'niw_recognition',
  'niw_need_more_criteria',
  'degree_evaluation',
  'niw_proposed_endeavor',
  'comparable_evidence',
  'recommendation_letters',
] as const;
export type SelfCheckNextStep = (typeof SELF_CHECK_NEXT_STEPS)[number];

interface AchievementRule {
  /** EB-1A criteria (8 CFR 204.5(h)(3)) a yes answer may touch. */
  eb1a: readonly Eb1aCriterion[];
  /** NIW exceptional-ability criteria (8 CFR 204.5(k)(3)(ii)) a yes answer may touch. */
  niw: readonly NiwExceptionalCriterion[];
  /** Extra next steps a yes answer adds. */
  next: readonly SelfCheckNextStep[];
}

/**
 * The one table behind the self-check. A yes answer "touches" a criterion: the answers suggest evidence
 * may exist; whether it meets the standard is for the petition, not this check.
 */
export const SELF_CHECK_RULES = {
  achievements: {
    awards: { eb1a: ['awards'], niw: ['recognition'], next: [] },
    memberships: { eb1a: ['association'], niw: ['membership'], next: [] },
    media_reports: { eb1a: ['media_reports'], niw: ['recognition'], next: [] },
    original_contributions: { eb1a: ['original_contributions'], niw: ['recognition'], next: [] },
    articles: { eb1a: ['scholarly_publication'], niw: [], next: [] },
    major_projects: { eb1a: ['critical_role'], niw: [], next: [] },
    // Papers and talks at conferences are published work; reviewing or chairing sessions is judging.
    international_conferences: { eb1a: ['scholarly_publication', 'judge'], niw: [], next: [] },
    critical_positions: { eb1a: ['critical_role'], niw: [], next: [] },
    exhibitions: { eb1a: ['exhibition'], niw: [], next: [] },
    commercial_success: { eb1a: ['commercial_successes'], niw: [], next: [] },
    professional_licences: { eb1a: [], niw: ['licence'], next: [] },
    // 8 CFR 204.5(h)(4): comparable evidence when a criterion does not readily apply.
    other_achievements: { eb1a: [], niw: [], next: ['comparable_evidence'] },
    high_income: { eb1a: ['high_salary'], niw: ['salary'], next: [] },
    // Letters are supporting evidence for every route, not a criterion (always suggested, below).
    recommendation_letters: { eb1a: [], niw: [], next: [] },
  } satisfies Record<AchievementItem, AchievementRule>,

  /** Degrees that satisfy the NIW advanced-degree route outright (8 CFR 204.5(k)(2)). */
  advancedDegrees: ['doctorate', 'master'] as const satisfies readonly Degree[],
  /** Bachelor's plus this many months of post-degree experience is the other advanced-degree route. */
  bachelorPlusMonths: 60,
  /** degree_record: an official record of a degree, diploma or certificate from a college or school. */
  degreeRecordDegrees: [
    'associate',
    'bachelor',
    'master',
    'doctorate',
    'other',
  ] as const satisfies readonly Degree[],
  /** ten_years_experience: at least this many months of work in total (overlaps counted once). */
  tenYearsMonths: 120,
  /** Degrees for which a foreign credential evaluation is suggested (degree_evaluation). */
  evaluationDegrees: ['bachelor', 'master', 'doctorate'] as const satisfies readonly Degree[],

  /** Next step for each touched EB-1A criterion: the evidence to gather for it. */
  eb1aEvidence: Object.fromEntries(EB1A_CRITERIA.map((c) => [c, `eb1a_${c}`])) as Record<
    Eb1aCriterion,
    SelfCheckNextStep
  >,
  /** Next step for each touched exceptional-ability criterion (shown when the degree route is not met). */
  niwEvidence: {
    degree_record: 'degree_documents',
    ten_years_experience: 'employer_letters',
    licence: 'niw_licence',
    salary: 'niw_salary',
    membership: 'niw_membership',
    recognition: 'niw_recognition',
  } satisfies Record<NiwExceptionalCriterion, SelfCheckNextStep>,
  /** Always suggested: the Dhanasar prongs and the letters (at least 3, about 5, one independent). */
  always: ['niw_proposed_endeavor', 'recommendation_letters'] as const satisfies readonly SelfCheckNextStep[],
} as const;

type Interval = [start: number, end: number];

/** Months covered by the intervals (inclusive month indices), overlaps counted once. */
function unionMonths(intervals: Interval[]): number {
  const sorted = intervals.filter(([s, e]) => s <= e).sort((a, b) => a[0] - b[0]);
  let total = 0;
  let cur: Interval | null = null;
  for (const [s, e] of sorted) {
    if (cur && s <= cur[1] + 1) cur[1] = Math.max(cur[1], e);
    else {
      if (cur) total += cur[1] - cur[0] + 1;
      cur = [s, e];
    }
  }
  if (cur) total += cur[1] - cur[0] + 1;
  return total;
}

/**
 * Work entries as inclusive month intervals: an empty end is "until now" (the current month); nothing
 * counts after the current month; an entry without a start month is skipped.
 */
function workIntervals(work: TWorkEntry[], nowMonth: number): Interval[] {
  const out: Interval[] = [];
  for (const w of work) {
    const s = monthIndex(w.start_month);
    if (s === null) continue;
    const e = monthIndex(w.end_month) ?? nowMonth;
    out.push([s, Math.min(e, nowMonth)]);
  }
  return out;
}

/**
 * Work months after the bachelor's degree (the earliest completed one). Exported for tests.
 * 2015-06 bachelor, job 2015-07..2020-06 → 60 months.
 */
export function postBachelorMonths(data: TAssessmentData, today: Date): number {
  const nowMonth = today.getUTCFullYear() * 12 + today.getUTCMonth();
  const ends = heldDegrees(data.education ?? [], nowMonth)
    .filter((e) => e.degree === 'bachelor')
    .map((e) => monthIndex(e.end_month)!);
  if (ends.length === 0) return 0;
  const after = Math.min(...ends) + 1;
  const clipped = workIntervals(data.work ?? [], nowMonth).map(([s, e]): Interval => [Math.max(s, after), e]);
  return unionMonths(clipped);
}

/** Degrees already earned: a degree with an end month not after the current month. */
function heldDegrees(education: TEducationEntry[], nowMonth: number): TEducationEntry[] {
  return education.filter((e) => {
    const end = monthIndex(e.end_month);
    return e.degree != null && end !== null && end <= nowMonth;
  });
}

const yes = (data: TAssessmentData, item: AchievementItem) => data.achievements?.[item]?.has === true;

/** The instant self-check shown on submit, from SELF_CHECK_RULES. `today` fixes "until now". */
export function computeSelfCheck(data: TAssessmentData, today: Date): TSelfCheck {
  const R = SELF_CHECK_RULES;
  const nowMonth = today.getUTCFullYear() * 12 + today.getUTCMonth();
  const yesItems = ACHIEVEMENT_ITEMS.filter((item) => yes(data, item));

  const eb1aSet = new Set<Eb1aCriterion>(yesItems.flatMap((item) => R.achievements[item].eb1a));
  const eb1aTouched = EB1A_CRITERIA.filter((c) => eb1aSet.has(c));

  const held = heldDegrees(data.education ?? [], nowMonth);
  const has = (degrees: readonly Degree[]) => held.some((e) => degrees.includes(e.degree!));
  const postBachelor = postBachelorMonths(data, today);
  const basis: TSelfCheck['niw']['degree_route']['basis'] = has(['doctorate'])
    ? 'doctorate'
    : has(['master'])
      ? 'master'
      : has(['bachelor']) && postBachelor >= R.bachelorPlusMonths
        ? 'bachelor_plus_5'
        : null;

  const niwSet = new Set<NiwExceptionalCriterion>(yesItems.flatMap((item) => R.achievements[item].niw));
  if (has(R.degreeRecordDegrees)) niwSet.add('degree_record');
  if (unionMonths(workIntervals(data.work ?? [], nowMonth)) >= R.tenYearsMonths) {
    niwSet.add('ten_years_experience');
  }
  const niwTouched = NIW_EXCEPTIONAL_CRITERIA.filter((c) => niwSet.has(c));

  const next: SelfCheckNextStep[] = eb1aTouched.map((c) => R.eb1aEvidence[c]);
  next.push(eb1aTouched.length >= EB1A_CRITERIA_MIN ? 'eb1a_final_merits' : 'eb1a_need_more_criteria');
  if (basis !== null) {
    next.push('degree_documents');
    if (basis === 'bachelor_plus_5') next.push('employer_letters');
  } else {
    next.push(...niwTouched.map((c) => R.niwEvidence[c]));
    if (niwTouched.length < NIW_EXCEPTIONAL_ABILITY_MIN) next.push('niw_need_more_criteria');
  }
  if (has(R.evaluationDegrees)) next.push('degree_evaluation');
  next.push(...yesItems.flatMap((item) => R.achievements[item].next), ...R.always);
  const order = new Map(SELF_CHECK_NEXT_STEPS.map((k, i) => [k, i]));
  const nextSteps = [...new Set(next)].sort((a, b) => order.get(a)! - order.get(b)!);

  return {
    eb1a: {
      touched: eb1aTouched,
      count: eb1aTouched.length,
      minimum: EB1A_CRITERIA_MIN,
      meets_minimum: eb1aTouched.length >= EB1A_CRITERIA_MIN,
    },
    niw: {
      degree_route: {
        eligible: basis !== null,
        basis,
        post_bachelor_years: Math.floor(postBachelor / 12),
      },
      exceptional_ability: {
        touched: niwTouched,
        count: niwTouched.length,
        minimum: NIW_EXCEPTIONAL_ABILITY_MIN,
        meets_minimum: niwTouched.length >= NIW_EXCEPTIONAL_ABILITY_MIN,
      },
    },
    next_steps: nextSteps,
  };
}
