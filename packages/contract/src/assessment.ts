import { z } from 'zod';
import { EMAIL_MAX, ZCountValue, ZIdValue } from './common.ts';
import { APPOINTMENT_TIME_RANGES } from './constants.ts';

/**
 * Free assessment (spec §2 Free assessment, §3 Free assessment, §4 Free assessment, §6 Visitor, §7
 * Assessment). A draft is saved as the user goes (every field optional, lengths bounded); submit checks the
 * required fields (assessmentMissingFields) and happens once per person across the US and HK variants.
 */

export const ASSESSMENT_AREAS = ['US', 'HK'] as const;
export type AssessmentArea = (typeof ASSESSMENT_AREAS)[number];
export const ZAssessmentArea = z.enum(ASSESSMENT_AREAS);

export const GENDERS = ['male', 'female'] as const;
export const MARITAL_STATUSES = ['single', 'married', 'divorced'] as const;
export const DEGREES = ['high_school', 'associate', 'bachelor', 'master', 'doctorate', 'other'] as const;
export type Degree = (typeof DEGREES)[number];

/** The yes/no-with-description items (spec §3), in the order the form shows them. */
export const ACHIEVEMENT_ITEMS = [
  'awards',
  'memberships',
  'media_reports',
  'original_contributions',
  'articles',
  'major_projects',
  'international_conferences',
  'critical_positions',
  'exhibitions',
  'commercial_success',
  'professional_licences',
  'other_achievements',
  'high_income',
  'recommendation_letters',
] as const;
export type AchievementItem = (typeof ACHIEVEMENT_ITEMS)[number];

export const ASSESSMENT_TEXT_MAX = 100;
export const ASSESSMENT_DESCRIPTION_MAX = 2000;
export const ASSESSMENT_LIST_MAX = 20;

const text = (max = ASSESSMENT_TEXT_MAX) => z.string().trim().max(max).optional();
const yesNo = z.boolean().nullable().optional();
/** 'YYYY-MM' or '' */
const month = z
  .string()
  .regex(/^(\d{4}-(0[1-9]|1[0-2]))?$/)
  .optional();
/** 'YYYY-MM-DD' or '' */
const day = z
  .string()
  .regex(/^(\d{4}-\d{2}-\d{2})?$/)
  .optional();

export const ZYesNoDescribed = z.object({
  has: yesNo,
  description: text(ASSESSMENT_DESCRIPTION_MAX),
});

export const ZEducationEntry = z.object({
  degree: z.enum(DEGREES).nullable().optional(),
  school: text(),
  major: text(),
  start_month: month,
  end_month: month,
});
export type TEducationEntry = z.infer<typeof ZEducationEntry>;

export const ZWorkEntry = z.object({
  company: text(),
  title: text(),
  /** Free text as the user states it ("USD 120,000", "¥500k"). */
  annual_income: text(),
  start_month: month,
  /** Empty means "until now" (spec §5). */
  end_month: month,
});
export type TWorkEntry = z.infer<typeof ZWorkEntry>;

/** Every field of spec §3 Free assessment. All optional in a draft. */
export const ZAssessmentData = z.object({
  personal: z
    .object({
      name: text(),
      gender: z.enum(GENDERS).nullable().optional(),
      birth_date: day,
      email: text(EMAIL_MAX),
      wechat: text(),
      marital_status: z.enum(MARITAL_STATUSES).nullable().optional(),
      children: z
        .array(z.object({ name: text(), age: z.number().int().min(0).max(60).nullable().optional() }))
        .max(ASSESSMENT_LIST_MAX)
        .optional(),
    })
    .optional(),
  background: z
    .object({
      military_service: z.object({ has: yesNo, type: text() }).optional(),
      party_member: yesNo,
      infectious_disease: yesNo,
      criminal_record: yesNo,
      passport: z.object({ place_of_issue: text(), issue_month: month, expiry_month: month }).optional(),
      prior_us_application: z
        .object({ has: yesNo, category: text(), result: text(), receipt_number: text() })
        .optional(),
      abroad_or_visa: z.object({ has: yesNo, description: text(ASSESSMENT_DESCRIPTION_MAX) }).optional(),
    })
    .optional(),
  education: z.array(ZEducationEntry).max(ASSESSMENT_LIST_MAX).optional(),
  work: z.array(ZWorkEntry).max(ASSESSMENT_LIST_MAX).optional(),
  achievements: z.partialRecord(z.enum(ACHIEVEMENT_ITEMS), ZYesNoDescribed).optional(),
  appointment: z
    .object({
      timezone: text(64),
      date: day,
      time_range: z.enum(APPOINTMENT_TIME_RANGES).nullable().optional(),
    })
    .optional(),
});
export type TAssessmentData = z.infer<typeof ZAssessmentData>;

/** GET /api/customer/assess/my_assessment/?area=US|HK */
export const ZMyAssessmentQuery = z.object({ area: ZAssessmentArea.default('US') });

/** PATCH /api/customer/assess/update_my_assessment/ — the whole draft of one area replaces the stored one. */
export const ZUpdateAssessmentRequest = z.object({ area: ZAssessmentArea, data: ZAssessmentData });

export const EB1A_CRITERIA = [
  'awards',
  'association',
  'media_reports',
  'judge',
  'original_contributions',
  'scholarly_publication',
  'exhibition',
  'critical_role',
  'high_salary',
  'commercial_successes',
] as const;
export type Eb1aCriterion = (typeof EB1A_CRITERIA)[number];

/** 8 CFR 204.5(k)(3)(ii): the six exceptional-ability criteria (at least 3). */
export const NIW_EXCEPTIONAL_CRITERIA = [
  'degree_record',
  'ten_years_experience',
  'licence',
  'salary',
  'membership',
  'recognition',
] as const;
export type NiwExceptionalCriterion = (typeof NIW_EXCEPTIONAL_CRITERIA)[number];

/** The instant self-check shown on submit: guidance, not legal advice. Texts are i18n keys on the web. */
export const ZSelfCheck = z.object({
  eb1a: z.object({
    touched: z.array(z.enum(EB1A_CRITERIA)),
    count: ZCountValue,
    minimum: ZCountValue,
    meets_minimum: z.boolean(),
  }),
  niw: z.object({
    degree_route: z.object({
      eligible: z.boolean(),
      /** 'doctorate' | 'master' | 'bachelor_plus_5' or null */
      basis: z.enum(['doctorate', 'master', 'bachelor_plus_5']).nullable(),
      /** Whole years of work after the bachelor's degree (overlaps counted once). */
      post_bachelor_years: ZCountValue,
    }),
    exceptional_ability: z.object({
      touched: z.array(z.enum(NIW_EXCEPTIONAL_CRITERIA)),
      count: ZCountValue,
      minimum: ZCountValue,
      meets_minimum: z.boolean(),
    }),
  }),
  /** Keys of the evidence to gather next (assessment:selfCheck.next.<key>). */
  next_steps: z.array(z.string()),
});
export type TSelfCheck = z.infer<typeof ZSelfCheck>;

export const ZAssessment = z.object({
  id: ZIdValue,
  area: ZAssessmentArea,
  status: z.enum(['draft', 'submitted']),
  data: ZAssessmentData,
  updated_at: z.string(),
  submitted_at: z.string().nullable(),
  self_check: ZSelfCheck.nullable(),
  /** True when this person already used the free assessment (in either area). */
  used_free_assessment: z.boolean(),
});
export type TAssessment = z.infer<typeof ZAssessment>;

/** PATCH /api/customer/assess/{id}/submit/ answers the assessment and a localised message. */
export const ZSubmitAssessmentResponse = z.object({ assessment: ZAssessment, msg: z.string() });

export const AssessmentErrorCode = {
  loginRequired: 'assessment_login_required',
  incomplete: 'assessment_incomplete',
  alreadySubmitted: 'assessment_already_submitted',
  datePast: 'assessment_date_past',
  notFound: 'not_found',
} as const;
