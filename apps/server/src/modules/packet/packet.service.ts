import {
  PacketErrorCode as E,
  knownTimeZone,
  type Locale,
  localDate,
  type ProjectCode,
  type TPacket,
  type TPacketOutlineNode,
} from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { and, eq, notInArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { withReadScope } from '../../db/read-scope.ts';
import { casePacket, project, workbenchCase } from '../../db/schema/index.ts';
import { PACKET_EXPIRE_SECONDS, PACKET_RETRIES, sendPacketBuild } from '../../jobs/packet-build.job.ts';
import { AppError } from '../../plugins/errors.ts';
import type { CaseRow } from '../case/case.service.ts';
import { categoryOf } from '../case/case.service.ts';
import { packetGate, readmeConfirmed } from './packet.gate.ts';
import { packetProblems, planPacket } from './packet.inputs.ts';

type PacketRow = typeof casePacket.$inferSelect;

/** A case by id with its project code (the job's view; routes use ownedCase). */
export async function ownedCaseById(ctx: AppContext, caseId: number) {
  const [r] = await ctx.db.db
    .select({ row: workbenchCase, code: project.code })
    .from(workbenchCase)
    .innerJoin(project, eq(workbenchCase.projectId, project.id))
    .where(eq(workbenchCase.id, caseId));
  return r ? { row: r.row, projectCode: r.code as ProjectCode } : undefined;
}

/** A build whose worker died on every attempt is shown failed once pg-boss would have given up on it. */
const STUCK_MS = (PACKET_EXPIRE_SECONDS + 60) * (PACKET_RETRIES + 1) * 1000;

/** `GET …/packet/`: state from the row, `ready`/`stale` from the fingerprint computed now (decision 0027). */
export async function packetView(
  ctx: AppContext,
  caseRow: CaseRow,
  projectCode: ProjectCode,
  locale: Locale,
): Promise<TPacket> {
  const [row] = await ctx.db.db.select().from(casePacket).where(eq(casePacket.caseId, caseRow.id));
  const plan = await planPacket(ctx, caseRow, projectCode);
  const problems = await packetProblems(ctx, plan, locale);
  const running = row && (row.buildState === 'queued' || row.buildState === 'generating');
  const stuck = running && ctx.clock.now().getTime() - row.updatedAt.getTime() > STUCK_MS;
  const state: TPacket['state'] = !row
    ? 'none'
    : running && !stuck
      ? (row.buildState as 'queued' | 'generating')
      : row.buildState === 'failed' || stuck
        ? 'failed'
        : !row.fileKey
          ? 'none'
          : row.builtFingerprint === plan.fingerprint
            ? 'ready'
            : 'stale';
  return {
    case_id: caseRow.id,
    state,
    progress: state === 'ready' || state === 'stale' ? 100 : running && !stuck ? row.progress : 0,
    phase: running && !stuck ? row.phase : null,
    file: row?.fileKey ? fileOf(row, categoryOf(projectCode)) : null,
    error: state === 'failed' ? failure(row!, !!stuck, locale) : null,
    problems,
    readme_confirmed: await readmeConfirmed(ctx, caseRow),
  };
}

/** The last build's failure: its self-check's first problem, or the part that could not go in. */
function failure(row: PacketRow, stuck: boolean, locale: Locale): NonNullable<TPacket['error']> {
  if (!stuck && row.errorCode === E.checkFailed) {
    return {
      code: E.checkFailed,
      msg: translate(locale, `errors:${E.checkFailed}`, { reason: row.phase ?? '' }),
    };
  }
  return {
    code: E.buildFailed,
    msg: translate(locale, `errors:${E.buildFailed}`, {
      part: (!stuck && row.phase) || translate(locale, 'errors:packet_part_unknown'),
    }),
  };
}

/**
 * The file as the API shows it. Its date is the cover's, in the customer's zone when it was built (decision
 * 0058); a file built before that kept no zone and is dated in the default one.
 */
function fileOf(row: PacketRow, category: 'EB1A' | 'NIW'): NonNullable<TPacket['file']> {
  const timeZone = knownTimeZone(row.fileTimeZone);
  const date = row.fileDate ?? localDate(row.generatedAt!, timeZone);
  return {
    size: row.fileSize!,
    pages: row.filePages!,
    generated_at: row.generatedAt!.toISOString(),
    name: `${category === 'EB1A' ? 'EB-1A' : 'NIW'} petition packet ${date}.pdf`,
    outline: (row.fileOutline ?? []) as TPacketOutlineNode[],
    missing_forms: row.missingForms ?? [],
    date,
    time_zone: timeZone,
    check: row.fileCheck ?? null,
  };
}

/**
 * `POST …/packet/` and `PATCH …/plan/{id}/apply_print_material/`: queue one build of the case. The gate, then
 * every input file checked (409 packet_inputs_damaged naming each), then a conditional update that only one
 * of two concurrent requests wins: the winner sends the job, the other answers the build already queued.
 */
export async function requestPacket(
  ctx: AppContext,
  caseRow: CaseRow,
  projectCode: ProjectCode,
  locale: Locale,
): Promise<{ queued: boolean }> {
  // The checklist's gate and the plan with its file checks are independent reads: made together (the stored
  // files are looked at while the database answers). The gate's refusal comes first.
  // Both read the case's rows once between them (db/read-scope.ts; nothing here writes case data).
  const [gate, planned] = await withReadScope(() =>
    Promise.allSettled([
      packetGate(ctx, caseRow),
      planPacket(ctx, caseRow, projectCode).then((plan) => packetProblems(ctx, plan, locale)),
    ]),
  );
  if (gate.status === 'rejected') throw gate.reason;
  if (planned.status === 'rejected') throw planned.reason;
  const problems = planned.value;
  if (problems.length > 0) {
    throw new AppError(
      409,
      E.inputsDamaged,
      `errors:${E.inputsDamaged}`,
      { names: problems.map((p) => p.file || p.name).join(', ') },
      { details: { problems } },
    );
  }
  const db = ctx.db.db;
  const now = ctx.clock.now();
  await db
    .insert(casePacket)
    .values({ caseId: caseRow.id, buildState: 'idle', updatedAt: now })
    .onConflictDoNothing({ target: casePacket.caseId });
  const won = await db
    .update(casePacket)
    .set({ buildState: 'queued', progress: 0, phase: null, errorCode: null, updatedAt: now })
    .where(
      and(eq(casePacket.caseId, caseRow.id), notInArray(casePacket.buildState, ['queued', 'generating'])),
    )
    .returning({ caseId: casePacket.caseId });
  if (won.length === 0) return { queued: false };
  try {
    const jobId = await sendPacketBuild(ctx.jobs, { caseId: caseRow.id, locale });
    if (jobId) await db.update(casePacket).set({ jobId }).where(eq(casePacket.caseId, caseRow.id));
  } catch (err) {
    await db
      .update(casePacket)
      .set({ buildState: 'failed', errorCode: E.buildFailed, phase: null, updatedAt: ctx.clock.now() })
      .where(eq(casePacket.caseId, caseRow.id));
    throw err;
  }
  return { queued: true };
}

/** The last file's storage key, or 404 packet_file_missing. */
export async function packetFileKey(ctx: AppContext, caseRow: CaseRow, projectCode: ProjectCode) {
  const [row] = await ctx.db.db.select().from(casePacket).where(eq(casePacket.caseId, caseRow.id));
  if (!row?.fileKey) throw new AppError(404, E.fileMissing, `errors:${E.fileMissing}`);
  // The last build failed its self-check: no file is offered until one passes (issue 28 item 9).
  if (row.buildState === 'failed' && row.errorCode === E.checkFailed) {
    throw new AppError(409, E.checkFailed, `errors:${E.checkFailed}`, { reason: row.phase ?? '' });
  }
  return { key: row.fileKey, file: fileOf(row, categoryOf(projectCode)) };
}
