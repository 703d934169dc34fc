import {
  ATTACHMENTS_PER_CASE_MAX,
  EvidenceErrorCode as E,
  type TAttachment,
  type TAttachmentList,
  type TAttachmentRequest,
} from '@dossier/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { planAttachment } from '../../db/schema/index.ts';
import { errorOf, notFound } from '../../plugins/errors.ts';
import { assertEditable } from '../case/case-lock.ts';
import { assertUnreferenced } from '../case/references.ts';
import { checkTranslatedFile, fileRefs, refOf } from '../evidence/evidence-rules.ts';
import type { CaseScope } from '../evidence/folders.service.ts';
import { reorderRows } from '../evidence/reorder.ts';
import { releaseSlots, type Slot, syncSlots } from '../evidence/upload-slots.ts';

type AttachmentRow = typeof planAttachment.$inferSelect;

const slotsOf = (
  r: Pick<AttachmentRow, 'id' | 'uploadId' | 'translationUploadId'>,
): Omit<Slot, 'after'>[] => [
  { ref: `plan_attachment:${r.id}:original`, before: r.uploadId },
  { ref: `plan_attachment:${r.id}:translation`, before: r.translationUploadId },
];

export async function ownedAttachment(db: Db, caseId: number, id: number): Promise<AttachmentRow> {
  const [row] = await db
    .select()
    .from(planAttachment)
    .where(and(eq(planAttachment.id, id), eq(planAttachment.caseId, caseId)));
  if (!row) throw notFound();
  return row;
}

/** `POST …/plan/attachments/`: spec §5 "the same file and name checks" as evidence files. */
export async function createAttachment(
  ctx: AppContext,
  s: CaseScope & { services: readonly string[] },
  body: TAttachmentRequest,
): Promise<void> {
  await ctx.db.db.transaction(async (tx) => {
    await assertEditable(ctx, s.caseRow.id, 'plan', tx);
    const f = checkTranslatedFile(body, s.services);
    const [agg] = await tx
      .select({
        n: sql<number>`count(*)::int`,
        max: sql<number>`coalesce(max(${planAttachment.sortOrder}), 0)::int`,
      })
      .from(planAttachment)
      .where(eq(planAttachment.caseId, s.caseRow.id));
    if (Number(agg?.n ?? 0) >= ATTACHMENTS_PER_CASE_MAX) {
      throw errorOf(409, E.tooMany, { max: ATTACHMENTS_PER_CASE_MAX });
    }
    const now = ctx.clock.now();
    const [row] = await tx
      .insert(planAttachment)
      .values({
        caseId: s.caseRow.id,
        name: f.name,
        nameEn: f.nameEn,
        needsTranslation: f.needsTranslation,
        translationMode: f.translationMode,
        uploadId: f.originalUploadId,
        translationUploadId: f.translationUploadId,
        sortOrder: Number(agg?.max ?? 0) + 1,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const after = [f.originalUploadId, f.translationUploadId];
    await syncSlots(tx, {
      ...s,
      now,
      slots: slotsOf(row!).map((slot, i) => ({ ...slot, before: null, after: after[i] ?? null })),
    });
  });
}

export async function deleteAttachment(ctx: AppContext, s: CaseScope, id: number, confirm: boolean) {
  await ctx.db.db.transaction(async (tx) => {
    const row = await ownedAttachment(tx, s.caseRow.id, id);
    await assertEditable(ctx, s.caseRow.id, 'plan', tx);
    await assertUnreferenced(
      tx,
      { caseId: s.caseRow.id, locale: s.locale },
      [{ kind: 'plan_attachment', id: row.id }],
      confirm,
    );
    await releaseSlots(tx, { ...s, now: ctx.clock.now(), slots: slotsOf(row) });
    await tx.delete(planAttachment).where(eq(planAttachment.id, row.id));
  });
}

/** `PUT …/plan/attachments/order/`: the attachments in a new order (locks and positions: reorderRows). */
export async function reorderAttachments(ctx: AppContext, s: CaseScope, ids: readonly number[]) {
  await ctx.db.db.transaction(async (tx) => {
    await assertEditable(ctx, s.caseRow.id, 'plan', tx);
    await reorderRows(tx, planAttachment, eq(planAttachment.caseId, s.caseRow.id), ids, ctx.clock.now());
  });
}

export function attachmentView(
  r: AttachmentRow,
  order: number,
  refs: Awaited<ReturnType<typeof fileRefs>>,
): TAttachment {
  return {
    id: r.id,
    name: r.name,
    name_en: r.nameEn,
    needs_translation: r.needsTranslation,
    translation_mode: r.translationMode as TAttachment['translation_mode'],
    original: refOf(refs, r.uploadId)!,
    translation: refOf(refs, r.translationUploadId),
    order,
    updated_at: r.updatedAt.toISOString(),
  };
}

export async function attachmentList(
  db: Db,
  s: Pick<CaseScope, 'customerId' | 'caseRow' | 'locale'>,
): Promise<TAttachmentList> {
  const rows = await db
    .select()
    .from(planAttachment)
    .where(eq(planAttachment.caseId, s.caseRow.id))
    .orderBy(asc(planAttachment.sortOrder), asc(planAttachment.id));
  const refs = await fileRefs(
    db,
    s.customerId,
    rows.flatMap((r) => [r.uploadId, r.translationUploadId]),
    s.locale,
  );
  return { attachments: rows.map((r, i) => attachmentView(r, i + 1, refs)) };
}
