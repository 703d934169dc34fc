import {
  TaskErrorCode as E,
  type ProjectCode,
  type TaskCover,
  type TaskService,
  type TaskStatus,
  TRANSLATION_COVERS,
  type TTask,
} from '@dossier/contract';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { entitlement, project, serviceTask } from '../../db/schema/index.ts';
import { errorOf, notFound } from '../../plugins/errors.ts';
import { getOrCreateCase } from '../case/case.service.ts';
import { coveredItems, type ItemDraft, itemView, snapshotItems } from './tasks.items.ts';
import { canMove, moveTask, submitEventOf, type TaskRow } from './tasks.transitions.ts';

/**
 * Review and translation tasks, the customer's side (spec §4 Rights entries, §7 Rights tasks; decision 0031):
 * list, submit / resubmit choosing what is covered, cancel before processing, the result.
 */

const TASK_SERVICES: readonly TaskService[] = ['REVIEW', 'TRANSLATION'];

/** Creates the task of every review / translation entitlement of the customer that has none yet. */
async function ensureTasks(ctx: AppContext, customerId: number): Promise<void> {
  const db = ctx.db.db;
  const missing = await db
    .select({ id: entitlement.id, projectId: entitlement.projectId, service: entitlement.service })
    .from(entitlement)
    .leftJoin(serviceTask, eq(serviceTask.id, entitlement.id))
    .where(
      and(
        eq(entitlement.customerId, customerId),
        inArray(entitlement.service, [...TASK_SERVICES]),
        isNull(serviceTask.id),
      ),
    );
  for (const m of missing) {
    const c = await getOrCreateCase(ctx, { customerId, projectId: m.projectId });
    const now = ctx.clock.now();
    await db
      .insert(serviceTask)
      .values({
        id: m.id,
        customerId,
        caseId: c.id,
        service: m.service,
        status: 'can_submit',
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: serviceTask.id });
  }
}

export interface OwnedTask {
  row: TaskRow;
  projectCode: ProjectCode;
}

/** One of the caller's tasks; another customer's id is a 404 (never a 403). */
export async function ownedTask(ctx: AppContext, customerId: number, id: number): Promise<OwnedTask> {
  await ensureTasks(ctx, customerId);
  const [r] = await ctx.db.db
    .select({ row: serviceTask, code: project.code })
    .from(serviceTask)
    .innerJoin(entitlement, eq(entitlement.id, serviceTask.id))
    .innerJoin(project, eq(project.id, entitlement.projectId))
    .where(and(eq(serviceTask.id, id), eq(serviceTask.customerId, customerId)));
  if (!r) throw notFound();
  return { row: r.row, projectCode: r.code as ProjectCode };
}

const STARTED: readonly string[] = ['in_progress', 'audited'];

/** What a task covers: the claim's snapshot once started, else the case as it is now. */
export async function taskItems(db: Db, row: TaskRow): Promise<ItemDraft[]> {
  if (STARTED.includes(row.status)) return snapshotItems(db, row.id);
  if (row.covers.length === 0) return [];
  return coveredItems(db, row.caseId, row.service as TaskService, row.covers);
}

export function resultOf(row: TaskRow): TTask['result'] {
  if (!row.resultAt) return null;
  return {
    comments: row.resultComments,
    upload_id: row.resultUploadId,
    by: row.resultBy ?? '',
    at: row.resultAt.toISOString(),
  };
}

async function view(db: Db, t: OwnedTask): Promise<TTask> {
  const { row } = t;
  return {
    id: row.id,
    project_code: t.projectCode,
    service: row.service as TaskService,
    status: row.status as TaskStatus,
    covers: row.covers as TaskCover[],
    submitted_at: row.submittedAt?.toISOString() ?? null,
    claimed_at: row.claimedAt?.toISOString() ?? null,
    items: (await taskItems(db, row)).map(itemView),
    result: resultOf(row),
    can_submit: canMove(row.status, submitEventOf(row.status)),
    can_cancel: canMove(row.status, 'cancel'),
  };
}

/** GET /api/customer/task/: the caller's tasks (of one project when asked), review before translation. */
export async function listTasks(
  ctx: AppContext,
  customerId: number,
  projectCode: ProjectCode | undefined,
): Promise<TTask[]> {
  await ensureTasks(ctx, customerId);
  const db = ctx.db.db;
  const rows = await db
    .select({ row: serviceTask, code: project.code })
    .from(serviceTask)
    .innerJoin(entitlement, eq(entitlement.id, serviceTask.id))
    .innerJoin(project, eq(project.id, entitlement.projectId))
    .where(
      and(eq(serviceTask.customerId, customerId), ...(projectCode ? [eq(project.code, projectCode)] : [])),
    )
    .orderBy(asc(project.position), asc(serviceTask.service), asc(serviceTask.id));
  const out: TTask[] = [];
  for (const r of rows) out.push(await view(db, { row: r.row, projectCode: r.code as ProjectCode }));
  return out;
}

export async function getTask(ctx: AppContext, customerId: number, id: number): Promise<TTask> {
  return view(ctx.db.db, await ownedTask(ctx, customerId, id));
}

/**
 * PATCH …/submit/: a first submit (or after a cancel), or a resubmit after a result. A translation cannot cover
 * the petition letter; what is chosen must hold something to process. Two submits at once: one moves, the other
 * answers 409 task_state.
 */
export async function submitTask(
  ctx: AppContext,
  t: OwnedTask,
  covers: readonly TaskCover[],
): Promise<TTask> {
  const service = t.row.service as TaskService;
  if (service === 'TRANSLATION' && covers.some((c) => !TRANSLATION_COVERS.includes(c))) {
    throw errorOf(400, E.coverNotTranslatable);
  }
  const items = await coveredItems(ctx.db.db, t.row.caseId, service, covers);
  if (items.length === 0) throw errorOf(409, E.nothingCovered);
  const now = ctx.clock.now();
  const row = await moveTask(ctx.db.db, t.row.id, submitEventOf(t.row.status), now, {
    covers: [...covers],
    submittedAt: now,
  });
  return view(ctx.db.db, { ...t, row });
}

/** PATCH …/cancel_submit/: only before processing starts. */
export async function cancelTask(ctx: AppContext, t: OwnedTask): Promise<TTask> {
  const row = await moveTask(ctx.db.db, t.row.id, 'cancel', ctx.clock.now());
  return view(ctx.db.db, { ...t, row });
}
