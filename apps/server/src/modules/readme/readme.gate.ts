import { PacketErrorCode, type ProjectCode, type ReadmePart } from '@dossier/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { project } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { type CaseRow, contextOf } from '../case/case.service.ts';
import {
  type FilingForm,
  latestSubmissions,
  partContents,
  type StageContent,
  statusOf,
} from '../case/stages.service.ts';
import type { CaseContext } from '../forms/form-state.ts';
import { filingStates } from '../forms/immigration-data.service.ts';
import { readmeBlocked } from './readme-review.ts';
import { readmeStageContent } from './readme-stage.ts';

export interface ReadmeState {
  parts: Record<ReadmePart, StageContent>;
  content: StageContent;
  /** True while "I confirm" stands: every part complete and a confirmation recorded (decision 0026). */
  confirmed: boolean;
  confirmedAt: Date | null;
}

/** The checklist's state, derived from the case on every call (never a stored flag). */
export async function readmeState(
  ctx: AppContext,
  caseRow: CaseRow,
  cc: CaseContext,
  forms: readonly FilingForm[],
  /** The parts the case review's blocking findings keep incomplete, when the caller ran it (decision 0074). */
  blocked?: ReadonlySet<ReadmePart>,
): Promise<ReadmeState> {
  const parts = await partContents(ctx, caseRow, cc, forms);
  const content = readmeStageContent(parts, blocked ?? (await readmeBlocked(ctx, caseRow, cc, forms, parts)));
  const latest = (await latestSubmissions(ctx, caseRow.id)).get('readme');
  const confirmed = statusOf(content, latest) === 'submitted';
  return { parts, content, confirmed, confirmedAt: confirmed ? latest!.submittedAt : null };
}

async function projectCodeOf(ctx: AppContext, caseRow: CaseRow): Promise<ProjectCode> {
  const [p] = await ctx.db.db
    .select({ code: project.code })
    .from(project)
    .where(eq(project.id, caseRow.projectId));
  return p!.code as ProjectCode;
}

/** Whether the checklist of the case is confirmed now (the packet build asks this at merge time). */
export async function readmeConfirmed(ctx: AppContext, caseRow: CaseRow): Promise<boolean> {
  const cc = await contextOf(ctx, caseRow, await projectCodeOf(ctx, caseRow));
  const forms = await filingStates(ctx, caseRow, cc);
  return (await readmeState(ctx, caseRow, cc, forms)).confirmed;
}

/** 409 readme_not_confirmed ("Please confirm the checklist (ReadMe) first") unless it is confirmed. */
export async function assertReadmeConfirmed(ctx: AppContext, caseRow: CaseRow): Promise<void> {
  if (await readmeConfirmed(ctx, caseRow)) return;
  const code = PacketErrorCode.readmeNotConfirmed;
  throw new AppError(409, code, `errors:${code}`);
}
