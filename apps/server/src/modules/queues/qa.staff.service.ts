import { randomUUID } from 'node:crypto';
import { QueueErrorCode as Q, type StaffRole, type TStaffQa, type TStaffQaCategory } from '@dossier/contract';
import { and, asc, count, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { qa, qaCategory, staffUser } from '../../db/schema/index.ts';
import { AppError, errorOf, notFound } from '../../plugins/errors.ts';
import type { StaffPrincipal } from '../../plugins/staff-auth.ts';
import { notify } from '../notification/notification.service.ts';
import { recordAudit } from '../staff/audit.service.ts';
import { ageSeconds, staffTx } from './queue-common.ts';

/**
 * Q&A for content editors (issue 16 item 8; decision 0035): customers' questions → an answer in zh and en →
 * publish / unpublish; categories (the hot-keyword review: qa-keywords.staff.service.ts).
 * The asker is notified once, when their question is first published answered, in the transaction of the
 * publish.
 */
export const CONTENT_STAFF: readonly StaffRole[] = ['admin', 'content_editor'];

type QaRow = typeof qa.$inferSelect;
const qaQuery = (db: Db) =>
  db
    .select({ row: qa, by: staffUser.username })
    .from(qa)
    .leftJoin(staffUser, eq(staffUser.id, qa.answeredBy));

function view(ctx: AppContext, j: { row: QaRow; by: string | null }): TStaffQa {
  const r = j.row;
  return {
    id: r.id,
    category_id: r.categoryId,
    customer_id: r.customerId,
    language: r.language,
    question_zh: r.questionZh,
    question_en: r.questionEn,
    answer_zh: r.answerZh,
    answer_en: r.answerEn,
    published: r.published,
    position: r.position,
    answered_at: r.answeredAt?.toISOString() ?? null,
    answered_by: j.by,
    created_at: r.createdAt.toISOString(),
    age_seconds: ageSeconds(ctx, r.createdAt),
  };
}

const answered = (r: QaRow) => Boolean(r.questionZh && r.questionEn && r.answerZh && r.answerEn);

/** GET /api/staff/qa/: unanswered (customers' questions, oldest first), answered-unpublished, published, all. */
export async function listStaffQa(
  ctx: AppContext,
  q: {
    page: number;
    size: number;
    state: 'unanswered' | 'answered' | 'published' | 'all';
    category_id?: number | undefined;
  },
) {
  const where: SQL[] = [];
  if (q.state === 'unanswered')
    where.push(isNull(qa.answeredAt), isNull(qa.seedKey), eq(qa.published, false));
  if (q.state === 'answered') where.push(isNotNull(qa.answeredAt), eq(qa.published, false));
  if (q.state === 'published') where.push(eq(qa.published, true));
  if (q.category_id !== undefined) where.push(eq(qa.categoryId, q.category_id));
  const db = ctx.db.db;
  const [total] = await db
    .select({ n: count() })
    .from(qa)
    .where(and(...where));
  const order = q.state === 'published' ? [asc(qa.position), asc(qa.id)] : [asc(qa.createdAt), asc(qa.id)];
  const rows = await qaQuery(db)
    .where(and(...where))
    .orderBy(...order)
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return { count: total?.n ?? 0, results: rows.map((r) => view(ctx, r)) };
}

export async function getStaffQa(ctx: AppContext, id: number): Promise<TStaffQa> {
  const [j] = await qaQuery(ctx.db.db).where(eq(qa.id, id));
  if (!j) throw notFound();
  return view(ctx, j);
}

async function lockedQa(tx: Db, id: number): Promise<QaRow> {
  const [row] = await tx.select().from(qa).where(eq(qa.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

async function assertCategory(tx: Db, id: number | null | undefined) {
  if (id === null || id === undefined) return;
  const [cat] = await tx.select({ id: qaCategory.id }).from(qaCategory).where(eq(qaCategory.id, id));
  if (!cat) throw new AppError(400, 'validation', 'errors:validation', { field: 'body.category_id' });
}

/** Tells the asker their question is answered and visible, once, in the caller's transaction. */
async function notifyAsker(ctx: AppContext, tx: Db, row: QaRow): Promise<boolean> {
  if (row.customerId === null || row.askerNotifiedAt !== null) return false;
  await notify(ctx, { customerId: row.customerId, key: 'qa_answered', params: { id: row.id } }, tx);
  await tx.update(qa).set({ askerNotifiedAt: ctx.clock.now() }).where(eq(qa.id, row.id));
  return true;
}

/**
 * PUT /api/staff/qa/{id}/: the question and the answer in both languages (and its category, position). The
 * first answer stamps answered_at/by; a published question edited stays published (its asker already knew).
 */
export async function answerQa(
  ctx: AppContext,
  who: StaffPrincipal,
  id: number,
  body: {
    category_id?: number | null | undefined;
    question_zh: string;
    question_en: string;
    answer_zh: string;
    answer_en: string;
    position?: number | undefined;
  },
): Promise<TStaffQa> {
  await staffTx(ctx, who, async (tx) => {
    const before = await lockedQa(tx, id);
    await assertCategory(tx, body.category_id);
    const now = ctx.clock.now();
    await tx
      .update(qa)
      .set({
        questionZh: body.question_zh,
        questionEn: body.question_en,
        answerZh: body.answer_zh,
        answerEn: body.answer_en,
        ...(body.category_id !== undefined ? { categoryId: body.category_id } : {}),
        ...(body.position !== undefined ? { position: body.position } : {}),
        ...(before.answeredAt ? {} : { answeredAt: now, answeredBy: who.staffId }),
      })
      .where(eq(qa.id, id));
    await recordAudit(ctx, tx, who, {
      action: 'qa.answer',
      targetType: 'qa',
      targetId: id,
      before: {
        question_zh: before.questionZh,
        question_en: before.questionEn,
        answer_zh: before.answerZh,
        answer_en: before.answerEn,
        category_id: before.categoryId,
      },
      after: { ...body },
    });
  });
  return getStaffQa(ctx, id);
}

/**
 * POST /api/staff/qa/{id}/publish/ {published}: publishing needs both languages (409 qa_not_answered); the
 * first publish of a customer's question notifies the asker in the same transaction.
 */
export async function publishQa(ctx: AppContext, who: StaffPrincipal, id: number, published: boolean) {
  await staffTx(ctx, who, async (tx) => {
    const row = await lockedQa(tx, id);
    if (published && !answered(row)) throw errorOf(409, Q.qaNotAnswered);
    await tx
      .update(qa)
      .set({
        published,
        ...(published && !row.answeredAt ? { answeredAt: ctx.clock.now(), answeredBy: who.staffId } : {}),
      })
      .where(eq(qa.id, id));
    const notified = published ? await notifyAsker(ctx, tx, row) : false;
    await recordAudit(ctx, tx, who, {
      action: published ? 'qa.publish' : 'qa.unpublish',
      targetType: 'qa',
      targetId: id,
      before: { published: row.published },
      after: { published },
      detail: { notified },
    });
  });
  return getStaffQa(ctx, id);
}

// ── Categories ──

export async function listStaffCategories(ctx: AppContext): Promise<TStaffQaCategory[]> {
  const n = count(qa.id);
  const rows = await ctx.db.db
    .select({ c: qaCategory, n })
    .from(qaCategory)
    .leftJoin(qa, eq(qa.categoryId, qaCategory.id))
    .groupBy(qaCategory.id)
    .orderBy(asc(qaCategory.position), asc(qaCategory.id));
  return rows.map(({ c, n }) => ({
    id: c.id,
    key: c.key,
    name_zh: c.nameZh,
    name_en: c.nameEn,
    position: c.position,
    questions: Number(n),
  }));
}

const categoryView = async (ctx: AppContext, id: number) => {
  const c = (await listStaffCategories(ctx)).find((x) => x.id === id);
  if (!c) throw notFound();
  return c;
};

type CategoryBody = { name_zh: string; name_en: string; position: number };

export async function createCategory(ctx: AppContext, who: StaffPrincipal, body: CategoryBody) {
  const id = await staffTx(ctx, who, async (tx) => {
    const [row] = await tx
      .insert(qaCategory)
      .values({
        key: `staff-${randomUUID().slice(0, 8)}`,
        nameZh: body.name_zh,
        nameEn: body.name_en,
        position: body.position,
      })
      .returning({ id: qaCategory.id });
    await recordAudit(ctx, tx, who, {
      action: 'qa_category.create',
      targetType: 'qa_category',
      targetId: row!.id,
      after: body,
    });
    return row!.id;
  });
  return categoryView(ctx, id);
}

export async function updateCategory(ctx: AppContext, who: StaffPrincipal, id: number, body: CategoryBody) {
  await staffTx(ctx, who, async (tx) => {
    const [before] = await tx.select().from(qaCategory).where(eq(qaCategory.id, id)).for('update');
    if (!before) throw notFound();
    await tx
      .update(qaCategory)
      .set({ nameZh: body.name_zh, nameEn: body.name_en, position: body.position })
      .where(eq(qaCategory.id, id));
    await recordAudit(ctx, tx, who, {
      action: 'qa_category.update',
      targetType: 'qa_category',
      targetId: id,
      before: { name_zh: before.nameZh, name_en: before.nameEn, position: before.position },
      after: body,
    });
  });
  return categoryView(ctx, id);
}

/** DELETE /api/staff/qa_category/{id}/: only an empty category (409 qa_category_in_use otherwise). */
export async function deleteCategory(ctx: AppContext, who: StaffPrincipal, id: number) {
  await staffTx(ctx, who, async (tx) => {
    const [before] = await tx.select().from(qaCategory).where(eq(qaCategory.id, id)).for('update');
    if (!before) throw notFound();
    const [used] = await tx.select({ n: count() }).from(qa).where(eq(qa.categoryId, id));
    if ((used?.n ?? 0) > 0) throw errorOf(409, Q.categoryInUse);
    await tx.delete(qaCategory).where(eq(qaCategory.id, id));
    await recordAudit(ctx, tx, who, {
      action: 'qa_category.delete',
      targetType: 'qa_category',
      targetId: id,
      before: { key: before.key, name_zh: before.nameZh, name_en: before.nameEn },
    });
  });
}
