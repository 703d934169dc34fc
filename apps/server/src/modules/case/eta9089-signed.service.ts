import type { Eta9089SignedKind, Locale, TEta9089Page } from '@dossier/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { caseEta9089 } from '../../db/schema/index.ts';
import { fileRefs, refOf } from '../evidence/evidence-rules.ts';
import type { CaseScope } from '../evidence/folders.service.ts';
import { syncSlots } from '../evidence/upload-slots.ts';
import { categoryOf, notAvailable } from './case.service.ts';
import { assertEditable } from './case-lock.ts';

/**
 * The signed ETA-9089 of an NIW case (issue 28 item 6, decision 0060): the main form with Appendix A — required,
 * a checklist item of the forms part, placed in the packet right after the I-140 — and DOL's Final Determination,
 * optional (DOL issues one only for a PERM-certified case; a self-petitioned NIW has none). Each is an upload of
 * the case attached as `eta9089:<caseId>:<kind>` (decision 0016), like the US-plan attachments.
 */

export type Eta9089Row = typeof caseEta9089.$inferSelect;

const COLUMN = { form: 'formUploadId', final_determination: 'determinationUploadId' } as const;

export const eta9089Ref = (caseId: number, kind: Eta9089SignedKind) => `eta9089:${caseId}:${kind}`;

/** The case's signed uploads (null: none given yet). */
export async function eta9089Row(db: Db, caseId: number): Promise<Eta9089Row | null> {
  const [row] = await db.select().from(caseEta9089).where(eq(caseEta9089.caseId, caseId));
  return row ?? null;
}

/** The signed files in the order they are mailed: the form with Appendix A, then the Final Determination. */
export const signedUploads = (
  row: Eta9089Row | null,
): Array<{ kind: Eta9089SignedKind; uploadId: number }> =>
  row
    ? [
        ...(row.formUploadId !== null ? [{ kind: 'form' as const, uploadId: row.formUploadId }] : []),
        ...(row.determinationUploadId !== null
          ? [{ kind: 'final_determination' as const, uploadId: row.determinationUploadId }]
          : []),
      ]
    : [];

/**
 * `PUT …/eta9089/signed/{kind}/` (an upload id) and `DELETE` (null): attaches the upload to the slot, releasing
 * the one it held. 404 for an upload of another customer or case, 409 for a refused or used one (attachUpload),
 * 409 stage_not_available for an EB-1A case (no ETA-9089 goes with it), 409 case_locked while a task holds the forms.
 */
export async function setEta9089Signed(
  ctx: AppContext,
  s: CaseScope,
  kind: Eta9089SignedKind,
  uploadId: number | null,
): Promise<void> {
  if (categoryOf(s.projectCode) !== 'NIW') throw notAvailable();
  await ctx.db.db.transaction(async (tx) => {
    await assertEditable(ctx, s.caseRow.id, 'forms', tx);
    const caseId = s.caseRow.id;
    const now = ctx.clock.now();
    // The row exists before it is locked: two first writes at once then take turns instead of both attaching and
    // the later upsert leaving the earlier upload attached to a slot that no longer names it.
    await tx
      .insert(caseEta9089)
      .values({ caseId, updatedAt: now })
      .onConflictDoNothing({ target: caseEta9089.caseId });
    const [row] = await tx.select().from(caseEta9089).where(eq(caseEta9089.caseId, caseId)).for('update');
    const before = row?.[COLUMN[kind]] ?? null;
    await syncSlots(tx, {
      customerId: s.customerId,
      projectCode: s.projectCode,
      now,
      slots: [{ ref: eta9089Ref(caseId, kind), before, after: uploadId }],
    });
    if (before === uploadId) return;
    await tx
      .update(caseEta9089)
      .set({ [COLUMN[kind]]: uploadId, updatedAt: now })
      .where(eq(caseEta9089.caseId, caseId));
  });
}

/** The page's `signed` list: each slot with the file in it (name, size, status as evidence files show them). */
export async function signedView(
  db: Db,
  s: { customerId: number; caseId: number; locale: Locale; required: boolean },
): Promise<TEta9089Page['signed']> {
  const row = await eta9089Row(db, s.caseId);
  const ids = { form: row?.formUploadId ?? null, final_determination: row?.determinationUploadId ?? null };
  const refs = await fileRefs(db, s.customerId, Object.values(ids), s.locale);
  return [
    { kind: 'form', required: s.required, file: refOf(refs, ids.form) },
    { kind: 'final_determination', required: false, file: refOf(refs, ids.final_determination) },
  ];
}
