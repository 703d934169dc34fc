import { z } from 'zod';
import { ZCountValue, ZIdParam, ZIdValue, ZMinorValue, ZSafeCount, ZVersion } from './common.ts';
import { ZFileRef } from './evidence.ts';
import {
  FORM_STATUSES,
  ZCaseForm,
  ZFeeKey,
  ZFormIssue,
  ZFormPdf,
  ZFormProgress,
  ZFormValues,
  ZPaymentDue,
  ZPaymentFormNumber,
} from './immigration-data.ts';
import { ZEvidenceDay } from './review-map.ts';
import type { WorkbenchTab } from './routes.ts';
import { ZProjectCode, ZRight, ZWorkbenchAccess } from './shop.ts';

/**
 * The case (issue 11 §1, §3): one per customer and project (EB-1A, NIW), tied to the plan; its forms (and,
 * with later issues, evidence, letters, plan and petition) hang off it. Its summary answers the workbench
 * shell in one call; stages and completeness are computed from the data on every read, never stored.
 */

/** The six stages of the schedule, in order: the left tabs after Schedule (spec §2 Workbench). */
export const CASE_STAGES = ['forms', 'evidence', 'letters', 'plan', 'petition', 'readme'] as const;
export type CaseStage = (typeof CASE_STAGES)[number];
export const ZCaseStage = z.enum(CASE_STAGES);

/** The workbench tab (routes.ts WORKBENCH_TABS) where each stage is worked on. */
export const STAGE_TAB: Record<CaseStage, WorkbenchTab> = {
  forms: 'form',
  evidence: 'evidence',
  letters: 'reference',
  plan: 'endeavor',
  petition: 'petition',
  readme: 'readMe',
};

/**
 * `not_started`: no data; `in_progress`: some; `complete`: all of it done; `submitted`: complete and submitted
 * with exactly this content (a later change reopens it, so a submission never goes stale silently).
 */
export const STAGE_STATUSES = ['not_started', 'in_progress', 'complete', 'submitted'] as const;
export type StageStatus = (typeof STAGE_STATUSES)[number];

export const ZCaseQuery = z.object({ project_code: ZProjectCode });

export const ZStage = z.object({
  key: ZCaseStage,
  tab: z.string(),
  /** The stage's module exists yet (forms today; the others arrive with their issues). */
  available: z.boolean(),
  status: z.enum(STAGE_STATUSES),
  progress: z.object({ done: ZCountValue, total: ZCountValue }),
  last_change_at: z.string().nullable(),
  submitted_at: z.string().nullable(),
});
export type TStage = z.infer<typeof ZStage>;

/** One form of the filing, as the shell and the Form Instructions screen list it. */
export const ZCaseFormSummary = z.object({
  id: ZIdValue,
  form_number: ZCaseForm,
  edition: z.string(),
  status: z.enum(FORM_STATUSES),
  progress: ZFormProgress,
  last_change_at: z.string(),
  pdf: ZFormPdf,
  payments: z.array(ZPaymentDue),
});
export type TCaseFormSummary = z.infer<typeof ZCaseFormSummary>;

/** Fees from the dated table (packages/contract/src/fees.ts) for this case, on `date`, checked on `checked`. */
export const ZCaseFees = z.object({
  checked: z.string(),
  date: z.string(),
  lines: z.array(z.object({ key: ZFeeKey, amount_cents: ZMinorValue, separate_payment: z.boolean() })),
  total_cents: ZMinorValue,
  premium: z.object({ days: ZCountValue, business_days: z.boolean() }).nullable(),
  payments: z.array(ZPaymentDue),
  /** From this date cheques are refused: card (G-1450) or ACH (G-1650) only. */
  electronic_payment_only_from: z.string(),
  /** The I-907 fee on `date`, shown beside the premium-processing switch before it is chosen. */
  premium_fee_cents: ZMinorValue.nullable(),
  /** The NVC immigrant visa fee per person on `date` (consular processing, later), for information. */
  nvc_cents: ZMinorValue.nullable(),
});
export type TCaseFees = z.infer<typeof ZCaseFees>;

export const ZCaseSettings = z.object({
  /** Premium processing (Form I-907) chosen: the I-907 and its payment join the filing. */
  premium_processing: z.boolean(),
  payment_method: ZPaymentFormNumber,
  /** The petitioner's name highlighted on exhibit pages whose text layer shows it (issue 30 item 8). */
  highlight_name: z.boolean(),
  /**
   * The day the customer plans to mail the petition (YYYY-MM-DD; issue 31 item 4): evidence dated after it is
   * flagged by the review (eligibility is judged at filing); null until chosen (the review then uses today).
   */
  planned_filing_date: z.string().max(10).nullable(),
  /** Send it back with a settings change (409 version_conflict when stale). */
  version: ZVersion,
});

export const ZCasePreferences = z.object({
  /** "No Further Reminders" on the Form Instructions screen, remembered per customer. */
  form_instructions_hidden: z.boolean(),
});
export type TCasePreferences = z.infer<typeof ZCasePreferences>;

/** `GET /api/customer/case/?project_code=` — everything the workbench shell renders from. */
export const ZCaseSummary = z.object({
  id: ZIdValue,
  project_code: ZProjectCode,
  category: z.enum(['EB1A', 'NIW']),
  workbench_path: z.enum(['/EB-1A', '/NIW']),
  created_at: z.string(),
  /** Latest change to anything of the case (forms, profile, settings, submissions). */
  last_change_at: z.string(),
  access: ZWorkbenchAccess,
  /** The caller's rights (entitlements) for this project: My interest on the right side (spec §6). */
  rights: z.array(ZRight),
  plan: z.object({ id: ZIdValue, name: z.string() }).nullable(),
  settings: ZCaseSettings,
  preferences: ZCasePreferences,
  stages: z.array(ZStage),
  /** The first stage not yet submitted (where "go for the next step" leads); null when all are. */
  current_stage: ZCaseStage.nullable(),
  forms: z.array(ZCaseFormSummary),
  fees: ZCaseFees,
  /** NIW petitions include Form ETA-9089 (see `GET /api/customer/case/{id}/eta9089/`). */
  eta9089_required: z.boolean(),
  /** Completeness of evidence, letters and US-plan attachments (issue 12; contract evidence.ts). */
  evidence_counts: z.object({
    criteria_claimed: ZCountValue,
    /** Claimed criteria without any folder yet. */
    criteria_without_evidence: ZCountValue,
    folders: ZCountValue,
    files: ZCountValue,
    letters: ZCountValue,
    letters_received: ZCountValue,
    letters_independent: ZCountValue,
    plan_attachments: ZCountValue,
  }),
});
export type TCaseSummary = z.infer<typeof ZCaseSummary>;

/** `PATCH /api/customer/case/{id}/settings/` */
export const ZCaseSettingsRequest = z.object({
  version: ZVersion,
  premium_processing: z.boolean().optional(),
  payment_method: ZPaymentFormNumber.optional(),
  highlight_name: z.boolean().optional(),
  /** A real day from 1900 (else 400 validation); null clears it. */
  planned_filing_date: ZEvidenceDay.nullable().optional(),
});
export type TCaseSettingsRequest = z.infer<typeof ZCaseSettingsRequest>;

/** `PATCH /api/customer/case/{id}/preferences/` */
export const ZCasePreferencesRequest = ZCasePreferences;

/** `POST /api/customer/case/{id}/submit_stage/` */
export const ZSubmitStageRequest = z.object({ stage: ZCaseStage });
export const ZSubmitStageResponse = z.object({
  /** "Already completed and submitted, please go for the next step" */
  msg: z.string(),
  next_stage: ZCaseStage.nullable(),
  case: ZCaseSummary,
});
export type TSubmitStageResponse = z.infer<typeof ZSubmitStageResponse>;

/** `GET /api/customer/case/{id}/profile/` — the values entered once for every form (packages/forms profile.ts). */
export const ZProfile = z.object({
  values: ZFormValues,
  version: ZVersion,
  updated_at: z.string().nullable(),
  /** Format rules the stored values break (none are required). */
  issues: z.array(ZFormIssue),
});
export type TProfile = z.infer<typeof ZProfile>;

/** `PATCH /api/customer/case/{id}/profile/` — the whole profile (keys: PROFILE_KEYS of @dossier/forms). */
export const ZProfileRequest = z.object({ version: ZVersion, values: ZFormValues });
export type TProfileRequest = z.infer<typeof ZProfileRequest>;

export const ETA9089_FILE_KINDS = ['form', 'instructions', 'guide'] as const;
/** What the customer uploads signed on the ETA-9089 page (decision 0060). */
export const ETA9089_SIGNED_KINDS = ['form', 'final_determination'] as const;
export type Eta9089SignedKind = (typeof ETA9089_SIGNED_KINDS)[number];

/** `GET /api/customer/case/{id}/eta9089/` — what an NIW applicant downloads, fills, signs and includes. */
export const ZEta9089Page = z.object({
  /** True for NIW (Schedule A and NIW petitions include the ETA-9089 and Appendix A). */
  required: z.boolean(),
  /** The edition that applies: DOL's FLAG form in use since 2023-06-01, with Appendix A. */
  edition: z.object({ since: z.string(), appendix: z.string(), superseded: z.string() }),
  files: z.array(
    z.object({
      kind: z.enum(ETA9089_FILE_KINDS),
      key: z.string(),
      /** In the static-file catalogue now (staff replace the files without a release). */
      available: z.boolean(),
      name: z.string(),
      url: z.string().nullable(),
      /** Where DOL publishes it (for a file not in the catalogue yet). */
      official_url: z.string().nullable(),
      size: ZSafeCount.nullable(),
      updated_at: z.string().nullable(),
    }),
  ),
  /**
   * What the customer uploaded signed (issue 28 item 6, decision 0060): the main form with Appendix A (required
   * for NIW: a checklist item, placed in the packet right after the I-140) and DOL's Final Determination
   * (optional: DOL issues one only for a PERM-certified case; it follows the form when given).
   */
  signed: z.array(
    z.object({
      kind: z.enum(ETA9089_SIGNED_KINDS),
      required: z.boolean(),
      file: ZFileRef.nullable(),
    }),
  ),
});
export type TEta9089Page = z.infer<typeof ZEta9089Page>;

/** `PUT|DELETE /api/customer/case/{id}/eta9089/signed/{kind}/` */
export const ZEta9089SignedParams = z.object({ id: ZIdParam, kind: z.enum(ETA9089_SIGNED_KINDS) });
/** `PUT /api/customer/case/{id}/eta9089/signed/{kind}/` — an upload of this case (tus, `/api/customer/uploads/`). */
export const ZEta9089SignedRequest = z.object({ upload_id: ZIdValue });
export type TEta9089SignedRequest = z.infer<typeof ZEta9089SignedRequest>;

/** Error codes of the workbench; each is errors.<code> in packages/i18n. */
export const WorkbenchErrorCode = {
  /** "The required fields of the form have not been completed!" (spec §5) */
  formIncomplete: 'form_incomplete',
  formInvalid: 'form_invalid',
  versionConflict: 'version_conflict',
  formNotInFiling: 'form_not_in_filing',
  formNotSaved: 'form_not_saved',
  formBlankMissing: 'form_blank_missing',
  formEditionOutdated: 'form_edition_outdated',
  formNotMapped: 'form_not_mapped',
  formUnknownItem: 'form_unknown_item',
  formPdfRefused: 'form_pdf_refused',
  paymentNotDue: 'payment_not_due',
  /** "There are parts left unfilled, submission can't be confirmed" (spec §4) */
  stageIncomplete: 'stage_incomplete',
  stageNotAvailable: 'stage_not_available',
  blankWrongEdition: 'blank_wrong_edition',
  /** Staff publishing a form edition (issue 30 item 4). */
  editionNoBlank: 'edition_no_blank',
  editionMappingInvalid: 'edition_mapping_invalid',
  editionMappingIncomplete: 'edition_mapping_incomplete',
  editionDateInvalid: 'edition_date_invalid',
  /** The server has no page renderer (poppler's pdftoppm) for a test fill. */
  editionRenderUnavailable: 'edition_render_unavailable',
  /** The renderer could not draw the filled blank's pages (it failed or ran out of time). */
  editionRenderFailed: 'edition_render_failed',
  staticFileUnknown: 'static_file_unknown',
} as const;
