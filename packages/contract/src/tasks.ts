import { z } from 'zod';
import { ZIdParam, ZIdValue, ZPage, ZPageQuery, ZSafeCount } from './common.ts';
import { TASK_STATUSES, ZProjectCode } from './shop.ts';

/**
 * Review and translation tasks (spec §3 Task, §4 Rights entries, §7 Rights tasks; issue 16; decision 0031).
 * A task is the request behind one REVIEW or TRANSLATION entitlement: its id is the entitlement's id (the
 * `id` of the my_rights row). States: can_submit → submitted → in_progress → audited (the result);
 * cancelled only before in_progress; resubmitted after a result.
 */

export const TASK_SERVICES = ['REVIEW', 'TRANSLATION'] as const;
export type TaskService = (typeof TASK_SERVICES)[number];
export const ZTaskService = z.enum(TASK_SERVICES);
export const ZTaskStatus = z.enum(TASK_STATUSES);

/**
 * The parts of the case a task covers (and locks while in progress): the petition letter, the US plan (its
 * document and attachments), the evidence files, the recommendation letters. A translation covers, within
 * them, the files marked needs_translation with mode `service` (the petition letter is not translated).
 */
export const TASK_COVERS = ['petition', 'plan', 'evidence', 'letters'] as const;
export type TaskCover = (typeof TASK_COVERS)[number];
export const ZTaskCover = z.enum(TASK_COVERS);
export const TRANSLATION_COVERS: readonly TaskCover[] = ['plan', 'evidence', 'letters'];

/** One file (or document) a task covers. For a translation, `translation_upload_id` is the service's result. */
export const TASK_ITEM_KINDS = [
  'petition_letter',
  'us_plan',
  'plan_attachment',
  'evidence_file',
  'letter',
  'resume',
] as const;
export type TaskItemKind = (typeof TASK_ITEM_KINDS)[number];
export const ZTaskItem = z.object({
  /** `<kind>:<row id>` (e.g. `evidence_file:12`, `resume:3`): the key a translation result names. */
  key: z.string(),
  kind: z.enum(TASK_ITEM_KINDS),
  ref_id: ZIdValue,
  name: z.string(),
  /** The customer's upload (null for the two documents, rendered as PDF). */
  upload_id: ZIdValue.nullable(),
  translation_upload_id: ZIdValue.nullable(),
});
export type TTaskItem = z.infer<typeof ZTaskItem>;

/** The review result (Audit Result). */
export const ZTaskResult = z.object({
  comments: z.string().nullable(),
  /** An optional file of comments (an upload of the customer's case, downloadable as any upload). */
  upload_id: ZIdValue.nullable(),
  /** The reviewer's or translator's display name. */
  by: z.string(),
  at: z.string(),
});

/** A task as the customer sees it (personal-centre rows, workbench right side). */
export const ZTask = z.object({
  id: ZIdValue,
  project_code: ZProjectCode,
  service: ZTaskService,
  status: ZTaskStatus,
  covers: z.array(ZTaskCover),
  /** Last submit (or resubmit). */
  submitted_at: z.string().nullable(),
  claimed_at: z.string().nullable(),
  /** The items covered (live while not started; as claimed once in progress). */
  items: z.array(ZTaskItem),
  /** The latest result (after a resubmit, the previous one stays until the next). */
  result: ZTaskResult.nullable(),
  /** What the customer may do now. */
  can_submit: z.boolean(),
  can_cancel: z.boolean(),
});
export type TTask = z.infer<typeof ZTask>;

/** GET /api/customer/task/?project_code= (all the caller's tasks without it) */
export const ZTaskListQuery = z.object({ project_code: ZProjectCode.optional() });
export const ZTaskList = z.array(ZTask);

/** PATCH /api/customer/task/{id}/submit/ — submit (or resubmit after a result), choosing what it covers. */
export const ZTaskSubmitRequest = z.object({
  covers: z
    .array(ZTaskCover)
    .min(1)
    .max(TASK_COVERS.length)
    .refine((a) => new Set(a).size === a.length, 'covers_unique'),
});

/** GET /api/customer/task/{id}/get_zip_file_url/ — a signed link to the zip of the task's materials. */
export const ZTaskZipUrl = z.object({
  url: z.string(),
  /** Seconds the link stays valid. */
  expires_in: ZSafeCount,
});
export const TASK_ZIP_LINK_SECONDS = 600;
/**
 * The signed download (`url` of ZTaskZipUrl): `GET /api/customer/task/{id}/zip/?expires=&sig=`, plus `&by=` (the
 * staff id, under the signature) on a link issued to staff: that download is audited as theirs.
 */
export const ZTaskZipQuery = z.object({
  expires: z.coerce.number().int().positive().max(4_102_444_800),
  sig: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  by: ZIdParam.optional(),
});

// ── Staff queue (roles reviewer / translator; admin sees every task) ──────────────────────────────────────

/** GET /api/staff/task/ */
export const ZStaffTaskQuery = ZPageQuery({ size: 20, maxSize: 100 }).extend({
  service: ZTaskService.optional(),
  /** Default: the queue (submitted, resubmitted, in_progress). */
  status: ZTaskStatus.optional(),
});
export const ZStaffTask = z.object({
  id: ZIdValue,
  customer_id: ZIdValue,
  project_code: ZProjectCode,
  service: ZTaskService,
  status: ZTaskStatus,
  covers: z.array(ZTaskCover),
  submitted_at: z.string().nullable(),
  /** Seconds since the (re)submit. */
  age_seconds: ZSafeCount.nullable(),
  /** The staff member holding it (username), null before a claim. */
  holder: z.string().nullable(),
  claimed_at: z.string().nullable(),
  items: z.array(ZTaskItem),
  result: ZTaskResult.nullable(),
});
export type TStaffTask = z.infer<typeof ZStaffTask>;
export const ZStaffTaskPage = ZPage(ZStaffTask);

/** PUT /api/staff/task/{id}/file/?name= (application/pdf body): a result file, stored as the customer's upload. */
export const ZStaffTaskFileQuery = z.object({ name: z.string().trim().min(1).max(200).optional() });
export const ZStaffTaskFile = z.object({ upload_id: ZIdValue });

/**
 * POST /api/staff/task/{id}/result/ — review: `comments` (and an optional file); translation: one translated
 * PDF per covered item (`translations`, every item key once).
 */
export const ZStaffTaskResultRequest = z.object({
  comments: z.string().trim().min(1).max(20_000).optional(),
  upload_id: ZIdValue.optional(),
  translations: z
    .array(z.object({ key: z.string().max(40), upload_id: ZIdValue }))
    .max(500)
    .optional(),
});

/** PUT /api/staff/me/display_name/ — the name shown to customers (translator's certification). */
/** POST /api/staff/task/{id}/release/ (admin): why the holder's claim is taken back (audited). */
export const ZStaffTaskReleaseRequest = z.object({ reason: z.string().trim().min(1).max(500) });
export type TStaffTaskReleaseRequest = z.infer<typeof ZStaffTaskReleaseRequest>;

export const ZStaffDisplayNameRequest = z.object({ display_name: z.string().trim().min(1).max(100) });
export const ZStaffDisplayName = z.object({ display_name: z.string() });

export const ZTaskIdParams = z.object({ id: ZIdParam });

export const TaskErrorCode = {
  /** The task is not in a state this action applies to (one transition table; conflicts answer this). */
  state: 'task_state',
  /** Nothing to review or translate in what was chosen. */
  nothingCovered: 'task_nothing_covered',
  /** A part a translation cannot cover (the petition letter). */
  coverNotTranslatable: 'task_cover_not_translatable',
  /** The signed zip link has expired: ask for a new one. */
  linkExpired: 'task_link_expired',
  /** The signed zip link is not valid. */
  linkInvalid: 'task_link_invalid',
  /** Another staff member holds the task. */
  notHolder: 'task_not_holder',
  /** The staff role does not handle this service. */
  wrongService: 'task_wrong_service',
  /** A result misses comments or a translation, or names an item the task does not cover. */
  resultIncomplete: 'task_result_incomplete',
  /** A result file must be a PDF. */
  fileNotPdf: 'task_file_not_pdf',
} as const;
