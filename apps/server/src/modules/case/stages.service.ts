import { createHash } from 'node:crypto';
import {
  CASE_STAGES,
  type CaseStage,
  WorkbenchErrorCode as E,
  README_PARTS,
  type ReadmePart,
  STAGE_TAB,
  type StageStatus,
  type TStage,
} from '@dossier/contract';
import type { FormDefinition } from '@dossier/forms';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { inSomeReadScope } from '../../db/read-scope.ts';
import { stageSubmission } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { assertServiceChoice } from '../documents/documents.service.ts';
import { petitionStageContent, planStageContent } from '../documents/documents-stage.ts';
import { resolvableTargets } from '../documents/numbering.ts';
import { evidenceStageContent, lettersStageContent } from '../evidence/evidence-stage.ts';
import { type CaseContext, type FormState, formsFingerprint } from '../forms/form-state.ts';
import type { FormRow } from '../forms/immigration-data.service.ts';
import type { Target } from '../numbering/case-numbering.ts';
import { readmeBlocked } from '../readme/readme-review.ts';
import { readmeStageContent } from '../readme/readme-stage.ts';
import { type CaseRow, notAvailable } from './case.service.ts';
import { eta9089Row } from './eta9089-signed.service.ts';

/**
 * The schedule (issue 11 §3): six stages whose progress is derived from the case data on every read. A
 * stage is `submitted` only while its content still has the digest recorded when it was submitted, so an
 * edit after submitting reopens it instead of leaving a stale "finished" mark. Each stage has its provider: the
 * five parts (forms, evidence, letters, plan, petition) from their modules, the readme from the five (issue 14).
 */

export interface FilingForm {
  row: FormRow;
  def: FormDefinition;
  state: FormState;
}

export interface StageContent {
  available: boolean;
  done: number;
  total: number;
  lastChange: Date | null;
  /** Digest of what a submission vouches for; null while the stage has no module. */
  fingerprint: string | null;
}

/** The newest of some change times (null when none is known): a stage's "last change". */
export function latestChange(dates: readonly (Date | null | undefined)[]): Date | null {
  const times = dates.filter((d): d is Date => d instanceof Date).map((d) => d.getTime());
  return times.length ? new Date(Math.max(...times)) : null;
}

/**
 * The forms part: the filing's forms, and for NIW the signed ETA-9089 (main form with Appendix A, decision 0060)
 * as one more item, done once uploaded; its upload is part of what a submission vouches for.
 */
async function formsContent(
  ctx: AppContext,
  caseRow: CaseRow,
  cc: CaseContext,
  forms: readonly FilingForm[],
): Promise<StageContent> {
  const eta = cc.category === 'NIW' ? await eta9089Row(ctx.db.db, caseRow.id) : null;
  const signed = eta?.formUploadId ?? null;
  const touched = forms.some((f) => f.state.status !== 'empty') || signed !== null;
  const fingerprint = formsFingerprint(cc, forms);
  return {
    available: true,
    done: forms.filter((f) => f.state.status === 'complete').length + (signed !== null ? 1 : 0),
    total: forms.length + (cc.category === 'NIW' ? 1 : 0),
    lastChange: touched
      ? latestChange([caseRow.profileUpdatedAt, ...forms.map((f) => f.row.updatedAt), eta?.updatedAt])
      : null,
    fingerprint:
      cc.category === 'NIW'
        ? createHash('sha256')
            .update(JSON.stringify([fingerprint, signed]))
            .digest('hex')
        : fingerprint,
  };
}

/**
 * What more than one part computes, shared by the parts of one checklist (each part computes it itself when alone).
 * The untranslated uploads are not here: they are a scoped read (`untranslatedUploads`), once per read scope.
 */
export interface StageReads {
  targets: () => Promise<Map<string, Target>>;
}

function partContent(
  ctx: AppContext,
  part: ReadmePart,
  caseRow: CaseRow,
  cc: CaseContext,
  forms: readonly FilingForm[],
  reads?: StageReads,
): Promise<StageContent> | StageContent {
  if (part === 'forms') return formsContent(ctx, caseRow, cc, forms);
  if (part === 'evidence') return evidenceStageContent(ctx.db.db, caseRow.id);
  if (part === 'letters') return lettersStageContent(ctx.db.db, caseRow.id);
  if (part === 'plan') return planStageContent(ctx.db.db, caseRow.id, reads);
  return petitionStageContent(ctx, caseRow.id, reads);
}

/** The content of the five parts the checklist verifies (each also a stage of the schedule). */
export async function partContents(
  ctx: AppContext,
  caseRow: CaseRow,
  cc: CaseContext,
  forms: readonly FilingForm[],
): Promise<Record<ReadmePart, StageContent>> {
  // The reference targets several parts ask for: computed once for all five.
  const once = <T>(read: () => Promise<T>) => {
    let answer: Promise<T> | undefined;
    return () => {
      answer ??= read();
      return answer;
    };
  };
  const reads: StageReads = {
    targets: once(() => resolvableTargets(ctx.db.db, caseRow.id)),
  };
  // The parts read the same case rows (claim, folders, files, letters, documents): once, in one read scope.
  const list = await inSomeReadScope(() =>
    Promise.all(README_PARTS.map((p) => partContent(ctx, p, caseRow, cc, forms, reads))),
  );
  return Object.fromEntries(README_PARTS.map((p, i) => [p, list[i]!])) as Record<ReadmePart, StageContent>;
}

async function contentOf(
  ctx: AppContext,
  stage: CaseStage,
  caseRow: CaseRow,
  cc: CaseContext,
  forms: readonly FilingForm[],
): Promise<StageContent> {
  if (stage === 'readme') {
    const parts = await partContents(ctx, caseRow, cc, forms);
    return readmeStageContent(parts, await readmeBlocked(ctx, caseRow, cc, forms, parts));
  }
  return partContent(ctx, stage, caseRow, cc, forms);
}

type Submission = typeof stageSubmission.$inferSelect;

export async function latestSubmissions(ctx: AppContext, caseId: number): Promise<Map<string, Submission>> {
  const rows = await ctx.db.db
    .select()
    .from(stageSubmission)
    .where(eq(stageSubmission.caseId, caseId))
    .orderBy(desc(stageSubmission.submittedAt), desc(stageSubmission.id));
  const latest = new Map<string, Submission>();
  for (const r of rows) if (!latest.has(r.stage)) latest.set(r.stage, r);
  return latest;
}

export function statusOf(c: StageContent, latest: Submission | undefined): StageStatus {
  if (!c.available || (c.done === 0 && c.lastChange === null)) return 'not_started';
  const complete = c.total > 0 && c.done === c.total;
  if (complete && latest && latest.fingerprint === c.fingerprint) return 'submitted';
  return complete ? 'complete' : 'in_progress';
}

export async function caseStages(
  ctx: AppContext,
  caseRow: CaseRow,
  cc: CaseContext,
  forms: readonly FilingForm[],
): Promise<TStage[]> {
  const latest = await latestSubmissions(ctx, caseRow.id);
  const parts = await partContents(ctx, caseRow, cc, forms);
  const readme = readmeStageContent(parts, await readmeBlocked(ctx, caseRow, cc, forms, parts));
  const contents: Record<CaseStage, StageContent> = { ...parts, readme };
  return CASE_STAGES.map((key) => {
    const c = contents[key];
    const status = statusOf(c, latest.get(key));
    return {
      key,
      tab: STAGE_TAB[key],
      available: c.available,
      status,
      progress: { done: c.done, total: c.total },
      last_change_at: c.lastChange?.toISOString() ?? null,
      submitted_at: status === 'submitted' ? latest.get(key)!.submittedAt.toISOString() : null,
    };
  });
}

/** Where the schedule sends the user: the first stage not submitted (null once all are). */
export const currentStage = (stages: readonly TStage[]): CaseStage | null =>
  stages.find((s) => s.status !== 'submitted')?.key ?? null;

export const stageAfter = (stage: CaseStage): CaseStage | null =>
  CASE_STAGES[CASE_STAGES.indexOf(stage) + 1] ?? null;

/**
 * Marks a complete stage finished (spec §4 Module submission). Refused while any part is unfilled ("There are
 * parts left unfilled, submission can't be confirmed"); a second submission of unchanged content is a no-op.
 */
export async function submitStage(
  ctx: AppContext,
  opts: {
    caseRow: CaseRow;
    cc: CaseContext;
    forms: readonly FilingForm[];
    stage: CaseStage;
    /** The add-ons held (the petition letter needs the service order when both review and translation are). */
    services?: readonly string[];
  },
): Promise<void> {
  const c = await contentOf(ctx, opts.stage, opts.caseRow, opts.cc, opts.forms);
  if (!c.available || !c.fingerprint) throw notAvailable();
  if (c.total === 0 || c.done < c.total) {
    throw new AppError(409, E.stageIncomplete, `errors:${E.stageIncomplete}`);
  }
  const caseId = opts.caseRow.id;
  // Issue 13 item 7: "Please choose service used" before the letter is submitted (409 service_choice_required).
  if (opts.stage === 'petition') await assertServiceChoice(ctx.db.db, caseId, opts.services ?? []);
  // Serialised per case and stage, so submissions sent together record one row.
  await ctx.db.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`stage:${caseId}:${opts.stage}`}))`);
    const [latest] = await tx
      .select({ fingerprint: stageSubmission.fingerprint })
      .from(stageSubmission)
      .where(and(eq(stageSubmission.caseId, caseId), eq(stageSubmission.stage, opts.stage)))
      .orderBy(desc(stageSubmission.submittedAt), desc(stageSubmission.id))
      .limit(1);
    if (latest?.fingerprint === c.fingerprint) return;
    await tx.insert(stageSubmission).values({
      caseId,
      stage: opts.stage,
      fingerprint: c.fingerprint!,
      submittedAt: ctx.clock.now(),
    });
  });
}
