import { z } from 'zod';
import { ZCountValue, ZIdValue, ZMinorValue, ZVersion } from './common.ts';
import { ZErrorResponse } from './errors.ts';
import { FEE_KEYS } from './fees.ts';

/**
 * Official forms of a case (issue 11 §4–§7, spec §7 `PATCH /customer/immigration_data/{id}{token}`): one row
 * per case × form × edition. The definitions (labels, help, types, conditions, options) are the web's import of
 * `@dossier/forms` (`getForm(form_number, edition)`); these schemas carry the answers.
 */

export const CASE_FORMS = ['I-140', 'I-907', 'G-1145', 'G-1450', 'G-1650'] as const;
export type CaseForm = (typeof CASE_FORMS)[number];
export const ZCaseForm = z.enum(CASE_FORMS);

/** One payment method for every fee of a filing: card (G-1450) or ACH debit (G-1650), never mixed. */
export const PAYMENT_FORMS = ['G-1450', 'G-1650'] as const;
export type PaymentFormNumber = (typeof PAYMENT_FORMS)[number];
export const ZPaymentFormNumber = z.enum(PAYMENT_FORMS);

/** Longest single answer (the I-140 job description and Part 11 texts are the long ones). */
export const FORM_VALUE_MAX = 4_000;
/** Most answers one form may hold (the I-140 has 209 items). */
export const FORM_ITEMS_MAX = 400;
/** Largest serialised answer set, drafts included: hostile input is refused before it is stored. */
export const FORM_VALUES_BYTES_MAX = 64 * 1024;

/** An item id of a definition (`p1.1a`, `p7.p2.8`, `p3.us_bank`) or a profile key (`name.family`). */
export const ZItemId = z
  .string()
  .max(40)
  .regex(/^[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)*$/);
export const ZFormValue = z.union([
  z.string().max(FORM_VALUE_MAX),
  z.number().finite(),
  z.boolean(),
  z.null(),
]);
export const ZFormValues = z
  .record(ZItemId, ZFormValue)
  .refine((v) => Object.keys(v).length <= FORM_ITEMS_MAX, { message: 'too many answers' })
  .refine((v) => JSON.stringify(v).length <= FORM_VALUES_BYTES_MAX, { message: 'answers too large' });
export type TFormValues = z.infer<typeof ZFormValues>;

/**
 * How much an issue weighs (decision 0056): `error` refuses the save (spec §5, what USCIS intake rejects);
 * `blocking` saves, but the filing cannot go out (the checklist refuses "I confirm": the Asylum Program Fee
 * against I-140 Part 1 items 5/6); `warning` informs and never blocks Save, the filled PDF or the checklist.
 */
export const ISSUE_SEVERITIES = ['error', 'blocking', 'warning'] as const;
export type IssueSeverity = (typeof ISSUE_SEVERITIES)[number];

/** A rule a value breaks, for the wizard to show inline on the item (`code`: IssueCode of @dossier/forms). */
export const ZFormIssue = z.object({
  item_id: z.string().max(40),
  code: z.string().max(40),
  severity: z.enum(ISSUE_SEVERITIES),
  message: z.string().max(1_000),
});
export type TFormIssue = z.infer<typeof ZFormIssue>;

/**
 * `empty`: nothing typed; `draft`: typed but never saved complete; `complete`: saved, and its values (with the
 * profile and fees as they are now) pass every rule; `incomplete`: saved once, but a later profile, fee or
 * setting change broke a rule (the issues say which).
 */
export const FORM_STATUSES = ['empty', 'draft', 'complete', 'incomplete'] as const;
export type FormStatus = (typeof FORM_STATUSES)[number];

export const ZFeeKey = z.enum(FEE_KEYS);

/** One payment of the filing (fees.ts `paymentsDue`); payment forms print one copy per payment. */
export const ZPaymentDue = z.object({
  key: ZFeeKey,
  /** US cents; the authorised amount printed on this payment's copy. */
  amount_cents: ZMinorValue,
  keys: z.array(ZFeeKey),
  for_form: z.enum(['I-140', 'I-907']),
  /** Download of the filled payment form for this payment, when it can be filled. */
  pdf_url: z.string().nullable(),
});
export type TPaymentDue = z.infer<typeof ZPaymentDue>;

/**
 * Can the filled official PDF be downloaded? `no_blank`: the current edition's blank is not available here
 * (G-1650; staff may upload it); `outdated_edition`: the edition we can fill is no longer the current one
 * (G-1450 09/27/19); `not_mapped`: a blank exists but no field map (fill by hand). Each comes with
 * the official page to download the form from — never a silent blank page.
 */
export const FORM_PDF_REASONS = ['no_blank', 'outdated_edition', 'not_mapped'] as const;
export const ZFormPdf = z.object({
  available: z.boolean(),
  reason: z.enum(FORM_PDF_REASONS).nullable(),
  url: z.string().nullable(),
  official_url: z.string(),
  /** The edition USCIS accepts now, when we know it. */
  current_edition: z.string().nullable(),
  /** Expiry printed on the current edition (OMB), YYYY-MM-DD. */
  expires: z.string().nullable(),
});
export type TFormPdf = z.infer<typeof ZFormPdf>;

export const ZFormProgress = z.object({
  /** Required items (as visible now) that hold an answer. */
  filled: ZCountValue,
  required: ZCountValue,
  issues: ZCountValue,
});

/** `GET /api/customer/immigration_data/{id}/` and the `data` of a save. */
export const ZImmigrationData = z.object({
  id: ZIdValue,
  case_id: ZIdValue,
  form_number: ZCaseForm,
  /** Edition as printed (`06/07/24`): `getForm(form_number, edition)` of @dossier/forms. */
  edition: z.string(),
  /** Part of this case's filing (I-907 only with premium processing; only the chosen payment form). */
  in_filing: z.boolean(),
  /** Send it back with the next save (optimistic concurrency; every save, draft or complete, bumps it). */
  version: ZVersion,
  status: z.enum(FORM_STATUSES),
  /** The saved answers as they print: the form's own answers, profile values for bound items, case defaults. */
  values: ZFormValues,
  /** Per profile-bound item: read from the profile, or overridden for this form. */
  sources: z.record(z.string(), z.enum(['profile', 'override'])),
  overrides: z.array(z.string()),
  /** Answers the case decides (I-140 Part 2 item 1: 1.a for EB-1A, 1.h for NIW); any other is refused. */
  fixed: ZFormValues,
  /** Answers the case rules out, per item (I-140 Part 2 item 2.b, Schedule A, on a self-petition). */
  excluded: z.record(ZItemId, z.array(z.string().max(40)).max(20)),
  /**
   * The Asylum Program Fee the filing pays and each tier's amount in US cents (I-140 Part 1 items 5/6 decide
   * the tier: `fee_answers_conflict` when they disagree), or null when the filing pays none.
   */
  asylum_fee: z
    .object({
      charged: z.enum(['exempt', 'reduced', 'standard']),
      cents: z.object({ exempt: ZMinorValue, reduced: ZMinorValue, standard: ZMinorValue }),
    })
    .nullable(),
  /** Items the server computes (the authorised amount of a payment form: one copy per payment). */
  computed_items: z.array(z.string()),
  /** What the user last typed (a draft newer than `values`), or null. Restore it on return. */
  draft: ZFormValues.nullable(),
  /** The override switches of that draft. */
  draft_overrides: z.array(z.string()).nullable(),
  draft_saved_at: z.string().nullable(),
  saved_at: z.string().nullable(),
  updated_at: z.string(),
  /**
   * What the saved values meet now, each with its severity: refusals and filing blocks (none when complete),
   * warnings (shown at the field, never blocking). Empty when never saved.
   */
  issues: z.array(ZFormIssue),
  /**
   * The issues a complete save of the draft would meet, now (empty without a draft): the wizard shows them
   * inline and lets "Save and Next" move on when the current part has no `error` among them.
   */
  draft_issues: z.array(ZFormIssue),
  progress: ZFormProgress,
  /** Per part of the definition: required items filled, for the wizard's step marks. */
  parts: z.array(
    z.object({
      id: z.string(),
      number: ZCountValue,
      filled: ZCountValue,
      required: ZCountValue,
    }),
  ),
  /** Payment forms only: the payments this form authorises, one printed copy each. */
  payments: z.array(ZPaymentDue),
  pdf: ZFormPdf,
});
export type TImmigrationData = z.infer<typeof ZImmigrationData>;

/**
 * `PATCH /api/customer/immigration_data/{id}/` (the spec's `{id}{token}`: the id of this row; the token is the
 * bearer header). `values` is the whole answer set the wizard shows (profile-sourced items included).
 * `mode: 'draft'` stores what was typed, complete or not (formats are not checked, hostile input is);
 * `mode: 'save'` stores only a complete, valid form and writes profile-bound answers back to the profile
 * (400 `form_incomplete` / `form_invalid` with `issues` otherwise). `submit: true` with a save also submits
 * the forms stage when every form of the filing is complete ("Finish and Submit").
 */
export const ZSaveImmigrationDataRequest = z.object({
  version: ZVersion,
  mode: z.enum(['draft', 'save']),
  values: ZFormValues,
  overrides: z.array(ZItemId).max(FORM_ITEMS_MAX).default([]),
  submit: z.boolean().default(false),
});
export type TSaveImmigrationDataRequest = z.input<typeof ZSaveImmigrationDataRequest>;

export const ZSaveImmigrationDataResponse = z.object({
  data: ZImmigrationData,
  msg: z.string(),
  /** The forms stage was submitted by this call (`submit: true` and every form complete). */
  stage_submitted: z.boolean(),
  /** Where the schedule sends the user next (after a stage submission), else null. */
  next_stage: z.string().nullable(),
});
export type TSaveImmigrationDataResponse = z.infer<typeof ZSaveImmigrationDataResponse>;

/** 400 `form_incomplete` (spec §5 message) or `form_invalid`: what is wrong, item by item. */
export const ZFormIssuesError = ZErrorResponse.extend({ issues: z.array(ZFormIssue) });
/** 409 `version_conflict`: nothing was written; offer to reload (GET) or keep theirs (save again with this). */
export const ZVersionConflictError = ZErrorResponse.extend({ current_version: ZVersion });

/** `GET /api/customer/immigration_data/{id}/pdf/?payment=` — `payment` picks the copy of a payment form. */
export const ZFormPdfQuery = z.object({ payment: ZFeeKey.optional() });

/** A known edition of an official form (the registry staff keep: which is current, its blank, its expiry). */
export const ZFormEdition = z.object({
  form_number: z.string(),
  edition: z.string(),
  edition_date: z.string(),
  current: z.boolean(),
  expires: z.string().nullable(),
  official_url: z.string(),
  /** `shipped` with the release (packages/forms/blanks), `uploaded` by staff, or none. */
  blank: z.enum(['shipped', 'uploaded']).nullable(),
  blank_sha256: z.string().nullable(),
  /** Dossier can fill this edition (a definition with a field map exists). */
  fillable: z.boolean(),
  /** Published by staff (issue 30 item 4): cases filed on or after this day (YYYY-MM-DD) use it; else null. */
  effective_from: z.string().nullable(),
  updated_at: z.string(),
});
export type TFormEdition = z.infer<typeof ZFormEdition>;

/** `PUT /api/staff/form_edition/blank/?form_number=&edition=` (body: the PDF). */
export const ZFormEditionQuery = z.object({ form_number: ZCaseForm, edition: z.string().max(20) });

/** `PUT /api/staff/static_file/{key}/?name_zh=&name_en=` (body: the file) replaces a catalogue file. */
export const ZStaticFileKeyParams = z.object({ key: z.string().regex(/^[a-z0-9][a-z0-9._-]{0,80}$/) });
export const ZStaticFileUploadQuery = z.object({
  name_zh: z.string().trim().min(1).max(200).optional(),
  name_en: z.string().trim().min(1).max(200).optional(),
});
