import { createHash } from 'node:crypto';
import {
  TaskErrorCode as E,
  type Locale,
  type ProjectCode,
  type StaffRole,
  type TaskCover,
  type TaskService,
  type TaskStatus,
  type TStaffTask,
} from '@dossier/contract';
import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  caseLock,
  entitlement,
  evidenceFile,
  planAttachment,
  project,
  recommendationLetter,
  serviceTask,
  staffUser,
  upload,
} from '../../db/schema/index.ts';
import { sendUploadNormalise } from '../../jobs/uploads-normalise.job.ts';
import { sniff } from '../../pdf/normalise/sniff.ts';
import { errorOf, notFound } from '../../plugins/errors.ts';
import type { StaffPrincipal } from '../../plugins/staff-auth.ts';
import { ownedCase } from '../case/case.service.ts';
import type { EditScope } from '../case/case-lock.ts';
import { syncSlots } from '../evidence/upload-slots.ts';
import { notify } from '../notification/notification.service.ts';
import { caseReviewReport } from '../review/review-report.ts';
import { recordAudit } from '../staff/audit.service.ts';
import { attachUpload, detachUpload } from '../uploads/uploads.attach.ts';
import { blobKey, lockCustomerUploads } from '../uploads/uploads.blobs.ts';
import {
  coveredItems,
  type ItemDraft,
  itemView,
  replaceSnapshot,
  setItemTranslation,
} from './tasks.items.ts';
import { resultOf, taskItems } from './tasks.service.ts';
import { moveTask, type TaskRow } from './tasks.transitions.ts';
import { zipLink } from './tasks.zip.ts';

/**
 * The staff work queue of review and translation tasks (issue 16 item 8; decision 0031): reviewers see and
 * handle review tasks, translators translation tasks, admin every task. Claim, result files, result — each
 * audited in the transaction of its change, the customer notified in the same transaction.
 */

/** Which services a role handles (null: all). */
const SERVICES_OF: Partial<Record<StaffRole, TaskService>> = {
  reviewer: 'REVIEW',
  translator: 'TRANSLATION',
};
export const TASK_STAFF: readonly StaffRole[] = ['admin', 'reviewer', 'translator'];
const QUEUE: readonly TaskStatus[] = ['submitted', 'resubmitted', 'in_progress'];
const LOCK_SCOPE: Record<TaskCover, EditScope> = {
  petition: 'petition',
  plan: 'plan',
  evidence: 'evidence',
  letters: 'letters',
};
export const lockRef = (id: number) => `task:${id}`;

/** Runs a staff change in one transaction; a failure leaves the call-level audit row to the staff plugin. */
export async function staffTx<T>(
  ctx: AppContext,
  who: StaffPrincipal,
  run: (tx: Db) => Promise<T>,
): Promise<T> {
  try {
    return await ctx.db.db.transaction(run);
  } catch (err) {
    who.audited = false; // the service's row was rolled back with the change
    throw err;
  }
}

interface Joined {
  row: TaskRow;
  code: string;
  holder: string | null;
}

const baseQuery = (db: Db) =>
  db
    .select({ row: serviceTask, code: project.code, holder: staffUser.username })
    .from(serviceTask)
    .innerJoin(entitlement, eq(entitlement.id, serviceTask.id))
    .innerJoin(project, eq(project.id, entitlement.projectId))
    .leftJoin(staffUser, eq(staffUser.id, serviceTask.holderId));

async function staffView(ctx: AppContext, j: Joined): Promise<TStaffTask> {
  const { row } = j;
  const now = ctx.clock.now().getTime();
  return {
    id: row.id,
    customer_id: row.customerId,
    project_code: j.code as ProjectCode,
    service: row.service as TaskService,
    status: row.status as TaskStatus,
    covers: row.covers as TaskCover[],
    submitted_at: row.submittedAt?.toISOString() ?? null,
    age_seconds: row.submittedAt ? Math.max(0, Math.floor((now - row.submittedAt.getTime()) / 1000)) : null,
    holder: j.holder,
    claimed_at: row.claimedAt?.toISOString() ?? null,
    items: (await taskItems(ctx.db.db, row)).map(itemView),
    result: resultOf(row),
  };
}

/** GET /api/staff/task/: the queue (oldest submit first), limited to the services of the caller's role. */
export async function listQueue(
  ctx: AppContext,
  who: StaffPrincipal,
  q: { page: number; size: number; service?: TaskService | undefined; status?: TaskStatus | undefined },
) {
  const mine = SERVICES_OF[who.role];
  if (mine && q.service && q.service !== mine) throw errorOf(403, E.wrongService);
  const service = mine ?? q.service;
  const where: SQL[] = [inArray(serviceTask.status, q.status ? [q.status] : [...QUEUE])];
  if (service) where.push(eq(serviceTask.service, service));
  const db = ctx.db.db;
  const [total] = await db
    .select({ n: count() })
    .from(serviceTask)
    .where(and(...where));
  const rows = await baseQuery(db)
    .where(and(...where))
    .orderBy(serviceTask.submittedAt, serviceTask.id)
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const results: TStaffTask[] = [];
  for (const r of rows) results.push(await staffView(ctx, r));
  return { count: total?.n ?? 0, results };
}

/** A task the caller's role handles: 404 when absent, 403 task_wrong_service for another service's task. */
export async function handled(
  ctx: AppContext,
  who: StaffPrincipal,
  id: number,
  db: Db = ctx.db.db,
): Promise<Joined> {
  const [j] = await baseQuery(db).where(eq(serviceTask.id, id));
  if (!j) throw notFound();
  const mine = SERVICES_OF[who.role];
  if (mine && j.row.service !== mine) throw errorOf(403, E.wrongService);
  return j;
}

export async function staffTask(ctx: AppContext, who: StaffPrincipal, id: number): Promise<TStaffTask> {
  return staffView(ctx, await handled(ctx, who, id));
}

/** GET …/get_zip_file_url/ for staff: the customer's zip, by a link that names the caller (its download audited). */
export async function staffZipLink(ctx: AppContext, who: StaffPrincipal, id: number) {
  return zipLink(ctx, (await handled(ctx, who, id)).row, who.staffId);
}

/**
 * GET …/review_report.pdf: the readiness report of a review task's case (issue 31 item 7; decision 0074), generated
 * now in the staff member's language — a derived file, like the zip's. 404 for a translation task (no report).
 */
export async function staffReviewReport(
  ctx: AppContext,
  who: StaffPrincipal,
  id: number,
  locale: Locale,
): Promise<{ bytes: Uint8Array; caseId: number }> {
  const j = await handled(ctx, who, id);
  if (j.row.service !== 'REVIEW') throw notFound();
  const c = await ownedCase(ctx, j.row.customerId, j.row.caseId);
  // The audit row of the read names the customer (a PDF answer is not serialised, so it is set here).
  who.shown = { ids: null, customers: [j.row.customerId] };
  const bytes = await caseReviewReport(ctx, { caseRow: c.row, projectCode: c.projectCode }, locale);
  return { bytes, caseId: c.row.id };
}

/** The task as it stands for its holder: in progress and held by the caller (409 / 403 otherwise). */
async function heldBy(ctx: AppContext, who: StaffPrincipal, id: number, db: Db): Promise<Joined> {
  const j = await handled(ctx, who, id, db);
  if (j.row.status !== 'in_progress') throw errorOf(409, E.state);
  if (j.row.holderId !== who.staffId) throw errorOf(403, E.notHolder);
  return j;
}

/**
 * POST …/claim/: submitted or resubmitted → in progress, held by the caller. In the same transaction: the
 * covered items are snapshotted, the covered parts of the case locked (case_lock), the customer notified and
 * the audit row written. Two staff claiming at once: one wins, the other answers 409 task_state.
 */
export async function claimTask(ctx: AppContext, who: StaffPrincipal, id: number): Promise<TStaffTask> {
  const seen = await handled(ctx, who, id);
  await staffTx(ctx, who, async (tx) => {
    const now = ctx.clock.now();
    const row = await moveTask(tx, id, 'claim', now, { holderId: who.staffId, claimedAt: now });
    const items = await coveredItems(tx, row.caseId, row.service as TaskService, row.covers);
    await replaceSnapshot(tx, id, items);
    await tx.delete(caseLock).where(eq(caseLock.taskRef, lockRef(id)));
    await tx.insert(caseLock).values(
      (row.covers as TaskCover[]).map((c) => ({
        caseId: row.caseId,
        scope: LOCK_SCOPE[c],
        reason: row.service === 'REVIEW' ? 'review' : 'translation',
        taskRef: lockRef(id),
        createdAt: now,
      })),
    );
    await notify(ctx, { customerId: row.customerId, key: `task_claimed_${row.service.toLowerCase()}` }, tx);
    await recordAudit(ctx, tx, who, {
      action: 'task.claim',
      targetType: 'service_task',
      targetId: id,
      before: { status: seen.row.status, submitted_at: seen.row.submittedAt?.toISOString() ?? null },
      after: { status: row.status, holder: who.actor },
      detail: { covers: row.covers, items: items.length },
    });
  });
  return staffTask(ctx, who, id);
}

const FILE_MAX_NAME = 200;

/**
 * PUT …/file/: a result file (PDF) from the holder, stored as an upload of the customer's case (so the customer
 * downloads it as any upload; normalised like one). Answers its id for the result call.
 */
export async function storeResultFile(
  ctx: AppContext,
  who: StaffPrincipal,
  id: number,
  bytes: Uint8Array,
  name: string | undefined,
): Promise<{ upload_id: number }> {
  const j = await heldBy(ctx, who, id, ctx.db.db);
  if (bytes.length === 0 || sniff(bytes) !== 'pdf') throw errorOf(400, E.fileNotPdf);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const customerId = j.row.customerId;
  const blob = blobKey(customerId, sha256);
  const originalName = (name ?? `${j.row.service.toLowerCase()}-result-${id}.pdf`).slice(0, FILE_MAX_NAME);
  const uploadId = await staffTx(ctx, who, async (tx) => {
    await lockCustomerUploads(tx, customerId);
    if (!(await ctx.storage.stat(blob))) {
      await ctx.storage.put(blob, Buffer.from(bytes), { contentType: 'application/pdf' });
    }
    const now = ctx.clock.now();
    const [row] = await tx
      .insert(upload)
      .values({
        customerId,
        projectCode: j.code,
        originalName,
        size: bytes.length,
        sha256,
        kind: 'pdf',
        contentType: 'application/pdf',
        status: 'checking',
        unreferencedSince: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: upload.id });
    await recordAudit(ctx, tx, who, {
      action: 'task.result_file',
      targetType: 'service_task',
      targetId: id,
      detail: { upload_id: row!.id, size: bytes.length, sha256, name: originalName },
    });
    return row!.id;
  });
  // The row is in; a queue that does not answer now leaves it 'checking' for the purge's requeue step.
  await sendUploadNormalise(ctx.jobs, ctx.config.uploads.normaliseTimeoutMs, uploadId).catch((err: unknown) =>
    ctx.logger.warn({ err, uploadId }, 'normalise job not sent; the stuck-upload step sends it later'),
  );
  return { upload_id: uploadId };
}

/** Attaches a translated file to the row it translates (its translation slot), mode "service". */
async function attachTranslation(
  tx: Db,
  opts: { customerId: number; projectCode: ProjectCode; now: Date },
  item: ItemDraft,
  uploadId: number,
): Promise<void> {
  const slot = (ref: string, before: number | null) =>
    syncSlots(tx, { ...opts, slots: [{ ref, before, after: uploadId }] });
  const now = opts.now;
  if (item.kind === 'evidence_file') {
    const [f] = await tx.select().from(evidenceFile).where(eq(evidenceFile.id, item.refId)).for('update');
    if (!f) throw notFound();
    await slot(`evidence_file:${f.id}:translation`, f.translationUploadId);
    await tx
      .update(evidenceFile)
      .set({ translationUploadId: uploadId, translationMode: 'service', updatedAt: now })
      .where(eq(evidenceFile.id, f.id));
  } else if (item.kind === 'plan_attachment') {
    const [a] = await tx.select().from(planAttachment).where(eq(planAttachment.id, item.refId)).for('update');
    if (!a) throw notFound();
    await slot(`plan_attachment:${a.id}:translation`, a.translationUploadId);
    await tx
      .update(planAttachment)
      .set({ translationUploadId: uploadId, translationMode: 'service', updatedAt: now })
      .where(eq(planAttachment.id, a.id));
  } else if (item.kind === 'letter' || item.kind === 'resume') {
    const [l] = await tx
      .select()
      .from(recommendationLetter)
      .where(eq(recommendationLetter.id, item.refId))
      .for('update');
    if (!l) throw notFound();
    if (item.kind === 'letter') {
      await slot(`letter:${l.id}:letter_translation`, l.letterTranslationUploadId);
      await tx
        .update(recommendationLetter)
        .set({ letterTranslationUploadId: uploadId, translationMode: 'service', updatedAt: now })
        .where(eq(recommendationLetter.id, l.id));
    } else {
      await slot(`letter:${l.id}:resume_translation`, l.resumeTranslationUploadId);
      await tx
        .update(recommendationLetter)
        .set({ resumeTranslationUploadId: uploadId, translationMode: 'service', updatedAt: now })
        .where(eq(recommendationLetter.id, l.id));
    }
  } else {
    throw errorOf(400, E.resultIncomplete);
  }
}

export interface ResultBody {
  comments?: string | undefined;
  upload_id?: number | undefined;
  translations?: Array<{ key: string; upload_id: number }> | undefined;
}

/**
 * POST …/result/ by the holder: a review's comments (and optional file), or one translated PDF per covered
 * item, attached to that evidence file / letter / plan attachment as its translation (mode "service", the
 * translator's display name on the item). In progress → result; the locks go, the customer is notified, the
 * audit row written — one transaction.
 */
export async function finishTask(
  ctx: AppContext,
  who: StaffPrincipal,
  id: number,
  body: ResultBody,
): Promise<TStaffTask> {
  await staffTx(ctx, who, async (tx) => {
    const [locked] = await tx.select().from(serviceTask).where(eq(serviceTask.id, id)).for('update');
    if (!locked) throw notFound();
    const j = await heldBy(ctx, who, id, tx);
    const row = j.row;
    const now = ctx.clock.now();
    const opts = { customerId: row.customerId, projectCode: j.code as ProjectCode, now };
    const [me] = await tx
      .select({ name: staffUser.displayName })
      .from(staffUser)
      .where(eq(staffUser.id, who.staffId));
    const by = me?.name ?? who.actor;
    let translated = 0;
    if (row.service === 'REVIEW') {
      if (!body.comments || body.translations?.length) throw errorOf(400, E.resultIncomplete);
      if (row.resultUploadId !== null && row.resultUploadId !== body.upload_id) {
        await detachUpload(tx, { ...opts, uploadId: row.resultUploadId, ref: `${lockRef(id)}:result` });
      }
      if (body.upload_id !== undefined) {
        await attachUpload(tx, { ...opts, uploadId: body.upload_id, ref: `${lockRef(id)}:result` });
      }
    } else {
      const items = await taskItems(tx, row);
      const given = body.translations ?? [];
      const keys = new Set(given.map((g) => g.key));
      const complete =
        body.upload_id === undefined &&
        keys.size === given.length &&
        given.length === items.length &&
        items.every((i) => keys.has(i.key));
      if (!complete) throw errorOf(400, E.resultIncomplete);
      for (const g of given) {
        const item = items.find((i) => i.key === g.key)!;
        await attachTranslation(tx, opts, item, g.upload_id);
        await setItemTranslation(tx, id, g.key, g.upload_id, by);
      }
      translated = given.length;
    }
    const moved = await moveTask(tx, id, 'finish', now, {
      resultComments: row.service === 'REVIEW' ? body.comments! : null,
      resultUploadId: row.service === 'REVIEW' ? (body.upload_id ?? null) : null,
      resultBy: by,
      resultAt: now,
    });
    await tx.delete(caseLock).where(eq(caseLock.taskRef, lockRef(id)));
    await notify(
      ctx,
      {
        customerId: row.customerId,
        key: `task_result_${row.service.toLowerCase()}`,
        params: { count: translated },
      },
      tx,
    );
    await recordAudit(ctx, tx, who, {
      action: 'task.result',
      targetType: 'service_task',
      targetId: id,
      before: { status: row.status },
      after: { status: moved.status },
      detail: {
        comments: body.comments ?? null,
        upload_id: body.upload_id ?? null,
        translations: body.translations ?? null,
        by,
      },
    });
  });
  return staffTask(ctx, who, id);
}

/** PUT /api/staff/me/display_name/: the name customers see on results. */
export async function setDisplayName(ctx: AppContext, who: StaffPrincipal, name: string) {
  await staffTx(ctx, who, async (tx) => {
    const [before] = await tx
      .select({ name: staffUser.displayName })
      .from(staffUser)
      .where(eq(staffUser.id, who.staffId));
    await tx.update(staffUser).set({ displayName: name }).where(eq(staffUser.id, who.staffId));
    await recordAudit(ctx, tx, who, {
      action: 'staff.display_name',
      targetType: 'staff_user',
      targetId: who.staffId,
      before: { display_name: before?.name ?? null },
      after: { display_name: name },
    });
  });
  return { display_name: name };
}
