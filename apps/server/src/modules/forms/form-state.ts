/**
 * What a form of a case looks like right now, computed from its row, the profile, the case's settings and the
 * dated fee table — never stored. The same evaluation feeds the form view, the case summary, the stage
 * derivation and the PDF download, so they cannot disagree.
 */
import { createHash } from 'node:crypto';
import {
  type CaseForm,
  type FeeSchedule,
  type FilingFees,
  type FormStatus,
  feeOn,
  type Locale,
  type PaymentDue,
  type PaymentFormNumber,
  paymentsDue,
  selfPetitionFees,
  type TFormIssue,
  type TFormValues,
} from '@dossier/contract';
import {
  type AsylumFeeTier,
  allItems,
  caseValuesOf,
  type FormDefinition,
  type FormValues,
  type Issue,
  isEmpty,
  isRequired,
  overrideWarnings,
  profileUpdatesFrom,
  type ValidateOptions,
  type ValueSource,
  validateForm,
  withProfile,
} from '@dossier/forms';

export type Category = 'EB1A' | 'NIW';

/** Everything about the case a form's evaluation depends on. */
export interface CaseContext {
  category: Category;
  profile: FormValues;
  premium: boolean;
  paymentMethod: PaymentFormNumber;
  /** Today (UTC), YYYY-MM-DD: fee date, card expiry, "not in the future". */
  today: string;
  fees: FilingFees;
  payments: PaymentDue[];
  refusedEmailDomains: readonly string[];
  /** The fee table in force (shipped + staff rows: reference/fee-schedule.service.ts) and its check date. */
  feeSchedule: FeeSchedule;
  feesChecked: string;
}

export function caseContext(opts: Omit<CaseContext, 'fees' | 'payments'>): CaseContext {
  const fees = selfPetitionFees({
    category: opts.category,
    date: opts.today,
    premium: opts.premium,
    schedule: opts.feeSchedule,
  });
  return { ...opts, fees, payments: paymentsDue(fees) };
}

/** The forms of the filing, in the order the Form Instructions screen lists them. */
export function filingForms(cc: Pick<CaseContext, 'premium' | 'paymentMethod'>): CaseForm[] {
  return ['I-140', ...(cc.premium ? (['I-907'] as const) : []), 'G-1145', cc.paymentMethod];
}

export const inFiling = (formNumber: string, cc: Pick<CaseContext, 'premium' | 'paymentMethod'>) =>
  (filingForms(cc) as string[]).includes(formNumber);

/** The authorised-amount item of a payment form (G-1450 card / G-1650 ACH check), which the server computes. */
export function amountItem(def: FormDefinition): string | null {
  const c = def.checks?.find((x) => x.kind === 'card' || x.kind === 'ach');
  return c && 'amount' in c ? c.amount : null;
}

const dollars = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

/** `values` with the computed amount of `payment` (default: the first payment due) on a payment form. */
export function withAmount(def: FormDefinition, values: FormValues, cc: CaseContext, payment?: PaymentDue) {
  const id = amountItem(def);
  const p = payment ?? cc.payments[0];
  return id && p ? { ...values, [id]: dollars(p.cents) } : { ...values };
}

/**
 * The Asylum Program Fee the filing pays (its fee line: the self-petitioner's, fees.ts) and what each answer
 * tier of I-140 Part 1 items 5/6 would cost on the filing date, for `fee_answers_conflict` (issue 28 item 8).
 */
export function asylumFeeOf(cc: CaseContext): ValidateOptions['asylumFee'] {
  const line = cc.fees.lines.find((l) => l.key === 'asylumProgramSelf' || l.key === 'asylumProgramStandard');
  if (!line) return undefined;
  const charged: AsylumFeeTier = line.key === 'asylumProgramSelf' ? 'reduced' : 'standard';
  const on = (key: 'asylumProgramSelf' | 'asylumProgramStandard') =>
    feeOn(key, cc.today, cc.feeSchedule) ?? 0;
  return {
    charged,
    cents: { exempt: 0, reduced: on('asylumProgramSelf'), standard: on('asylumProgramStandard') },
  };
}

export function validationOptions(def: FormDefinition, cc: CaseContext): ValidateOptions {
  const caseValues = caseValuesOf(def, cc.category);
  const asylumFee = asylumFeeOf(cc);
  return {
    today: cc.today,
    refusedEmailDomains: cc.refusedEmailDomains,
    fixed: caseValues.fixed,
    excluded: caseValues.excluded,
    amountsDue: { cents: cc.payments.map((p) => p.cents), checked: cc.feesChecked },
    ...(asylumFee ? { asylumFee } : {}),
  };
}

/** Issues that keep a saved form from being complete: refusals and filing blocks (warnings do not). */
export const keepsIncomplete = (i: Issue) => i.severity !== 'warning';

export interface FormRowLike {
  data: unknown;
  draft: unknown;
  overrides: unknown;
}

export interface StoredDraft {
  values: FormValues;
  overrides: string[];
}

export interface FormState {
  /** Saved complete at least once (its answers are printable unless a refusal stands). */
  saved: boolean;
  values: Record<string, FormValues[string]>;
  sources: Record<string, ValueSource>;
  overrides: string[];
  status: FormStatus;
  /** Every issue of the saved answers now, warnings included (severity says which ones count). */
  issues: Issue[];
  draft: StoredDraft | null;
  /** What a save of the draft would answer now (shown inline while typing; a draft is never refused for it). */
  draftIssues: Issue[];
  progress: { filled: number; required: number; issues: number };
  parts: { id: string; number: number; filled: number; required: number }[];
}

const asValues = (v: unknown): FormValues => (v && typeof v === 'object' ? (v as FormValues) : {});
const asList = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x) => typeof x === 'string') : []);

export function evaluate(def: FormDefinition, row: FormRowLike, cc: CaseContext): FormState {
  const saved = row.data !== null && row.data !== undefined;
  const overrides = asList(row.overrides);
  // A form never saved shows what the case suggests (Part 5 "Self", the fee answers …) under the profile.
  const own = saved ? asValues(row.data) : caseValuesOf(def, cc.category).defaults;
  const { values, sources } = withProfile(def, own, cc.profile, overrides);
  const computed = amountItem(def);
  if (computed) delete values[computed];
  const draftRaw = row.draft as { values?: unknown; overrides?: unknown } | null;
  const draft = draftRaw
    ? { values: asValues(draftRaw.values), overrides: asList(draftRaw.overrides) }
    : null;
  const check = (v: FormValues, o: readonly string[]) => [
    ...validateForm(def, withAmount(def, v, cc), validationOptions(def, cc)),
    ...overrideWarnings(def, v, cc.profile, o),
  ];
  const issues = saved ? check(values, overrides) : [];
  const draftIssues = draft
    ? [
        ...check(draft.values, draft.overrides),
        ...profileUpdatesFrom(def, draft.values, draft.overrides).issues,
      ]
    : [];
  const status: FormStatus = saved
    ? issues.some(keepsIncomplete)
      ? 'incomplete'
      : 'complete'
    : draft
      ? 'draft'
      : 'empty';
  const working = withAmount(def, draft?.values ?? values, cc);
  const parts = def.parts.map((p) => {
    const required = p.items.filter((it) => isRequired(def, it, working));
    return {
      id: p.id,
      number: p.number,
      filled: required.filter((it) => !isEmpty(working[it.id])).length,
      required: required.length,
    };
  });
  const sum = (k: 'filled' | 'required') => parts.reduce((n, p) => n + p[k], 0);
  return {
    saved,
    values,
    sources,
    overrides,
    status,
    issues,
    draft,
    draftIssues,
    progress: {
      filled: sum('filled'),
      required: sum('required'),
      issues: issues.filter(keepsIncomplete).length,
    },
    parts,
  };
}

export const issuesIn = (issues: readonly Issue[], locale: Locale): TFormIssue[] =>
  issues.map((i) => ({ item_id: i.itemId, code: i.code, severity: i.severity, message: i.message[locale] }));

/** A digest of what a stage submission vouches for: the filing's forms and their values. */
export function formsFingerprint(
  cc: CaseContext,
  forms: readonly { def: FormDefinition; state: FormState }[],
): string {
  const canon = forms.map(({ def, state }) => [
    def.formNumber,
    def.edition,
    Object.entries(state.values)
      .filter(([, v]) => !isEmpty(v))
      .sort(([a], [b]) => a.localeCompare(b)),
  ]);
  return createHash('sha256')
    .update(JSON.stringify([cc.premium, cc.paymentMethod, cc.payments, canon]))
    .digest('hex');
}

/** Item ids of the definition (for refusing unknown answers). */
export const itemIds = (def: FormDefinition) => new Set(allItems(def).map((i) => i.id));

/** Answers as the API sends them (no `undefined`). */
export const wireValues = (v: FormValues): TFormValues =>
  Object.fromEntries(Object.entries(v).filter((e): e is [string, TFormValues[string]] => e[1] !== undefined));
