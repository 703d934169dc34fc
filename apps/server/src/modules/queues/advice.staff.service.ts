import type { AdviceStatus, TStaffAdvice } from '@dossier/contract';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { advice } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';
import type { StaffPrincipal } from '../../plugins/staff-auth.ts';
import { recordAudit } from '../staff/audit.service.ts';
import { addNote, ageSeconds, notesOf, staffTx } from './queue-common.ts';

/**
 * The suggestions inbox (issue 16 item 8; decision 0035; roles admin, content_editor): newest first, status
 * new → read → archived (and back: a status is a filing mark, not a workflow), notes.
 */
type Row = typeof advice.$inferSelect;
const view = (ctx: AppContext, r: Row): TStaffAdvice => ({
  id: r.id,
  customer_id: r.customerId,
  content: r.content,
  language: r.language,
  status: r.status as AdviceStatus,
  created_at: r.createdAt.toISOString(),
  age_seconds: ageSeconds(ctx, r.createdAt),
  notes: [],
});

export async function listAdvice(
  ctx: AppContext,
  q: { page: number; size: number; status?: AdviceStatus | undefined },
) {
  const where = inArray(advice.status, q.status ? [q.status] : ['new', 'read']);
  const db = ctx.db.db;
  const [total] = await db.select({ n: count() }).from(advice).where(where);
  const rows = await db
    .select()
    .from(advice)
    .where(where)
    .orderBy(desc(advice.createdAt), desc(advice.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return { count: total?.n ?? 0, results: rows.map((r) => view(ctx, r)) };
}

export async function getAdvice(ctx: AppContext, id: number): Promise<TStaffAdvice> {
  const db = ctx.db.db;
  const [row] = await db.select().from(advice).where(eq(advice.id, id));
  if (!row) throw notFound();
  return { ...view(ctx, row), notes: await notesOf(db, 'advice', id) };
}

async function locked(tx: Db, id: number): Promise<Row> {
  const [row] = await tx.select().from(advice).where(eq(advice.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

export async function setAdviceStatus(
  ctx: AppContext,
  who: StaffPrincipal,
  id: number,
  status: AdviceStatus,
) {
  await staffTx(ctx, who, async (tx) => {
    const row = await locked(tx, id);
    await tx
      .update(advice)
      .set({ status })
      .where(and(eq(advice.id, id)));
    await recordAudit(ctx, tx, who, {
      action: 'advice.status',
      targetType: 'advice',
      targetId: id,
      before: { status: row.status },
      after: { status },
    });
  });
  return getAdvice(ctx, id);
}

export async function noteAdvice(ctx: AppContext, who: StaffPrincipal, id: number, body: string) {
  await staffTx(ctx, who, async (tx) => {
    await locked(tx, id);
    await addNote(ctx, tx, who, 'advice', id, body);
  });
  return getAdvice(ctx, id);
}
