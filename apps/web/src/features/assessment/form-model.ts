import type { AssessmentStep, TAssessmentData } from '@dossier/contract';
import { ACHIEVEMENT_ITEMS, ASSESSMENT_STEP_ORDER } from '@dossier/contract';

/**
 * The assessment form holds TAssessmentData as it is (month and date pickers store 'YYYY-MM' and
 * 'YYYY-MM-DD' strings), so these helpers only tidy what antd leaves behind before a draft is sent.
 */

export const STEPS: readonly AssessmentStep[] = ASSESSMENT_STEP_ORDER;

export type FormValues = TAssessmentData;

type Row = Record<string, unknown>;

/** antd Form.List may hold `undefined` rows; the contract wants objects. */
function rows<T extends Row>(list: (T | undefined | null)[] | undefined): T[] {
  return (list ?? []).map((row) => (row ?? {}) as T);
}

/** Details of a yes/no question are only kept with a yes (the form keeps them while the user toggles). */
function withDetails<T extends { has?: boolean | null }>(
  value: T | undefined,
  details: (keyof T)[],
): T | undefined {
  if (!value) return value;
  if (value.has === true) return value;
  const out = { ...value };
  for (const key of details) delete out[key];
  return out;
}

/** The whole draft as the server takes it (PATCH update_my_assessment/). */
export function toPayload(values: FormValues): TAssessmentData {
  const personal = values.personal && {
    ...values.personal,
    children: values.personal.children && rows(values.personal.children),
  };
  const b = values.background;
  const background = b && {
    ...b,
    military_service: withDetails(b.military_service, ['type']),
    prior_us_application: withDetails(b.prior_us_application, ['category', 'result', 'receipt_number']),
    abroad_or_visa: withDetails(b.abroad_or_visa, ['description']),
  };
  const achievements =
    values.achievements &&
    Object.fromEntries(
      ACHIEVEMENT_ITEMS.filter((item) => values.achievements?.[item]).map((item) => [
        item,
        withDetails(values.achievements?.[item], ['description']),
      ]),
    );
  const payload: TAssessmentData = {
    ...values,
    personal,
    background,
    education: values.education && rows(values.education),
    work: values.work && rows(values.work),
    achievements,
  };
  // Drops `undefined` the way the request body will, so two equal drafts compare equal.
  return JSON.parse(JSON.stringify(payload)) as TAssessmentData;
}

/** The form starts with one education and one work row to fill in (a blank row is not counted as given). */
export function formInitialValues(data: TAssessmentData): FormValues {
  return {
    ...data,
    education: data.education?.length ? data.education : [{}],
    work: data.work?.length ? data.work : [{}],
  };
}

/** 'education.0.school' → ['education', 0, 'school'] (antd's field name). */
export function namePath(path: string): (string | number)[] {
  return path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** The missing-field path that names a whole list rather than one field. */
export function isListPath(path: string): boolean {
  return !path.includes('.');
}
