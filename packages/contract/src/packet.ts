import { z } from 'zod';
import { ZCaseFees } from './case.ts';
import { ZCountValue, ZIdValue, ZSafeCount } from './common.ts';
import { ZRight } from './shop.ts';

/**
 * The ReadMe checklist and the print file (issue 14; spec §2 ReadMe / Preview, §4 Print file / Checklist, §8).
 * Every path has the case id (the caller's, 404 otherwise); reads pass after the plan expired, writes do not.
 *
 *   GET    /api/customer/case/{id}/readme/              ZReadme
 *   POST   /api/customer/case/{id}/readme/confirm/      → ZReadmeConfirmResponse (409 stage_incomplete
 *                                                          "There are parts left unfilled, submission can't be confirmed")
 *   GET    /api/customer/case/{id}/packet/              ZPacket (poll it while `state` is queued/generating)
 *   POST   /api/customer/case/{id}/packet/              → ZPacketResponse: queue a build (idempotent: while one is
 *                                                          queued or running, answers that one). 409 readme_not_confirmed
 *                                                          before the checklist is confirmed; 409 packet_inputs_damaged
 *                                                          (details.problems) when a file cannot go into the packet.
 *   GET    /api/customer/case/{id}/packet/file/         the last built PDF (attachment; `?inline=1` to view)
 *   PATCH  /api/customer/plan/{id}/apply_print_material/ (spec §7) queues the same build for the plan's case.
 */

export const PACKET_PATHS = {
  readme: (caseId: number) => `/api/customer/case/${caseId}/readme/`,
  readmeConfirm: (caseId: number) => `/api/customer/case/${caseId}/readme/confirm/`,
  packet: (caseId: number) => `/api/customer/case/${caseId}/packet/`,
  packetFile: (caseId: number, inline = false) =>
    `/api/customer/case/${caseId}/packet/file/${inline ? '?inline=1' : ''}`,
} as const;

// ---- ReadMe: Notice before Submission ----

/** The five parts Step I verifies, in the order the checklist shows them. */
export const README_PARTS = ['forms', 'evidence', 'letters', 'plan', 'petition'] as const;
export type ReadmePart = (typeof README_PARTS)[number];
export const ZReadmePart = z.enum(README_PARTS);

/**
 * Something to fix or to consider, with where: `tab` is a workbench tab (routes.ts WORKBENCH_TABS, e.g.
 * `form`, `evidence`, `reference`, `endeavor`, `petition`); `target` narrows it (a form number, a folder or
 * letter id, a document kind) for a deep link; `msg` is in the caller's language.
 */
export const ZReadmeItem = z.object({
  code: z.string(),
  msg: z.string(),
  tab: z.string(),
  target: z.string().nullable(),
});
export type TReadmeItem = z.infer<typeof ZReadmeItem>;

export const ZReadmePartState = z.object({
  key: ZReadmePart,
  complete: z.boolean(),
  progress: z.object({ done: ZCountValue, total: ZCountValue }),
  /** What keeps the part from being complete (empty when complete). */
  missing: z.array(ZReadmeItem),
});
export type TReadmePartState = z.infer<typeof ZReadmePartState>;

/**
 * Guidance that does not block confirmation (spec §5 Guidance rules, issue 14 §1): fewer than 3 EB-1A criteria
 * with evidence; NIW exceptional ability with fewer than 3 of 6; fewer than 3 letters or none independent;
 * dangling exhibit references; foreign-language files without an English translation; forms whose edition is
 * not the current one.
 */
export const README_WARNING_CODES = [
  'readme_criteria_few',
  'readme_niw_exceptional_few',
  'readme_letters_few',
  'readme_letters_no_independent',
  'readme_reference_dangling',
  'readme_translation_missing',
  'readme_form_edition_outdated',
  /** A form's warning at one item (target `I-140/p4.1`: the wizard opens at that item; issue 28 item 1). */
  'readme_form_warning',
  /** Typed signature dates that differ between the forms (issue 28 item 8). */
  'readme_signature_dates_differ',
] as const;

/** One step of Step III (after filing), with the fee figures that apply on `fees.date`. */
export const README_PROCEDURES = [
  'download',
  'print_sign',
  'compile',
  'file',
  'status',
  'rfe',
  'interview',
  'green_card',
] as const;
export type ReadmeProcedure = (typeof README_PROCEDURES)[number];

export const ZReadme = z.object({
  case_id: ZIdValue,
  /** Step I */
  parts: z.array(ZReadmePartState),
  warnings: z.array(ZReadmeItem),
  /** True when every part is complete ("I confirm" is enabled). */
  can_confirm: z.boolean(),
  /** When "I confirm" was last accepted; null before. Stays set while every part stays complete. */
  confirmed_at: z.string().nullable(),
  /** True while confirmed and still complete: download/print, review and translation are open (spec §4). */
  confirmed: z.boolean(),
  /** Step II: the platform services and whether the caller has them (rights of this project). */
  services: z.array(ZRight),
  /** Step III: the subsequent procedures, in order; fees from the dated fee table for this case. */
  procedures: z.array(z.enum(README_PROCEDURES)),
  fees: ZCaseFees,
});
export type TReadme = z.infer<typeof ZReadme>;

export const ZReadmeConfirmResponse = z.object({ msg: z.string(), readme: ZReadme });
export type TReadmeConfirmResponse = z.infer<typeof ZReadmeConfirmResponse>;

// ---- The print file (packet) ----

/**
 * `none`: never built ("Generate"); `queued`/`generating`: a build is on its way (`progress` 0–100);
 * `ready`: the file matches the case ("Download and Print"); `stale`: the case changed since the file was
 * built ("Generate and Print Again"; the old file stays downloadable); `failed`: the last build failed
 * (`error`), the previous file, if any, is untouched.
 */
export const PACKET_STATES = ['none', 'queued', 'generating', 'ready', 'stale', 'failed'] as const;
export type PacketState = (typeof PACKET_STATES)[number];

export interface TPacketOutlineNode {
  title: string;
  /** 1-based page in the packet. */
  page: number;
  children: TPacketOutlineNode[];
}
export const ZPacketOutlineNode: z.ZodType<TPacketOutlineNode> = z.lazy(() =>
  z.object({ title: z.string(), page: ZCountValue, children: z.array(ZPacketOutlineNode) }),
);

/** A file that cannot go into the packet, reported before any build (which file, why). */
export const ZPacketProblem = z.object({
  /** `exhibit`, `exhibit_translation`, `letter`, `letter_translation`, `attachment`, `attachment_translation`. */
  part: z.string(),
  /** The row's own name as the customer gave it, e.g. the evidence file name or the recommender. */
  name: z.string(),
  /** The uploaded file's name. */
  file: z.string(),
  code: z.string(),
  msg: z.string(),
  tab: z.string(),
});
export type TPacketProblem = z.infer<typeof ZPacketProblem>;

export const ZPacketFile = z.object({
  size: ZSafeCount,
  pages: ZCountValue,
  generated_at: z.string(),
  /** The file's name for the download, e.g. "EB-1A petition packet 2026-11-24.pdf". */
  name: z.string(),
  outline: z.array(ZPacketOutlineNode),
  /** Forms the packet could not fill (the cover sheet says where to place them). */
  missing_forms: z.array(z.string()),
  /** The day the cover prints and the name carries (YYYY-MM-DD in `time_zone`, the customer's; decision 0058). */
  date: z.string(),
  /** The IANA zone `date` is in: the screen shows `generated_at` in it too, never in the browser's. */
  time_zone: z.string(),
  /** The file's self-check (issue 28 item 9): what it found resolved; null for a file built before the check. */
  check: z.object({ pages: ZCountValue, bookmarks: ZCountValue, references: ZCountValue }).nullable(),
});
export type TPacketFile = z.infer<typeof ZPacketFile>;

export const ZPacket = z.object({
  case_id: ZIdValue,
  state: z.enum(PACKET_STATES),
  /** 0–100 while queued/generating; 100 when ready. */
  progress: z.number().int().min(0).max(100),
  /** The running build's phase (render, assemble, stamp, save) while generating. */
  phase: z.string().nullable(),
  /** The last file built (still there while stale, generating again, or after a failed rebuild). */
  file: ZPacketFile.nullable(),
  error: z.object({ code: z.string(), msg: z.string() }).nullable(),
  /** Files that would stop a build right now (a build is refused while any is listed). */
  problems: z.array(ZPacketProblem),
  /** The checklist is confirmed (a build is refused before). */
  readme_confirmed: z.boolean(),
});
export type TPacket = z.infer<typeof ZPacket>;

export const ZPacketResponse = z.object({ msg: z.string(), packet: ZPacket });
export type TPacketResponse = z.infer<typeof ZPacketResponse>;

export const PacketErrorCode = {
  /** "Please confirm the checklist (ReadMe) first" */
  readmeNotConfirmed: 'readme_not_confirmed',
  /** "Some files cannot go into the packet: …" (details.problems) */
  inputsDamaged: 'packet_inputs_damaged',
  /** "The print file has not been generated yet" */
  fileMissing: 'packet_file_missing',
  /** "Preview failure" (spec §8): the build failed; the message names the part. */
  buildFailed: 'packet_build_failed',
  /**
   * "The print file failed its own check (…) and is not offered": the last build's file was not kept; the
   * download answers 409 until a build passes (decision 0058).
   */
  checkFailed: 'packet_check_failed',
} as const;
