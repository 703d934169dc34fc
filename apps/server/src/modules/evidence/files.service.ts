import { EvidenceErrorCode as E, FILES_PER_FOLDER_MAX, type TFileRequest } from '@dossier/contract';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { evidenceFile, evidenceFolder } from '../../db/schema/index.ts';
import { errorOf } from '../../plugins/errors.ts';
import { assertEditable } from '../case/case-lock.ts';
import { assertUnreferenced } from '../case/references.ts';
import { checkTranslatedFile, checkWebLink } from './evidence-rules.ts';
import type { CaseScope } from './folders.service.ts';
import { fileSlots, ownedFile, ownedFolder } from './folders.store.ts';
import { reorderRows } from './reorder.ts';
import { releaseSlots, syncSlots } from './upload-slots.ts';

/** The spec §5 evidence-dialog rules, then the row's columns. */
function checkFile(body: TFileRequest, services: readonly string[]) {
  const f = checkTranslatedFile(body, services);
  return {
    name: f.name,
    nameEn: f.nameEn,
    webLink: checkWebLink(body.web_link),
    needsTranslation: f.needsTranslation,
    translationMode: f.translationMode,
    originalUploadId: f.originalUploadId,
    translationUploadId: f.translationUploadId,
  };
}

/** `POST …/evidence/{folder_id}/files/`: a file at the end of the folder, its uploads attached with it. */
export async function addFile(
  ctx: AppContext,
  s: CaseScope & { services: readonly string[] },
  folderId: number,
  body: TFileRequest,
): Promise<void> {
  await ctx.db.db.transaction(async (tx) => {
    const folder = await ownedFolder(tx, s.caseRow.id, folderId);
    await assertEditable(ctx, s.caseRow.id, 'evidence', tx);
    const f = checkFile(body, s.services);
    await tx
      .select({ id: evidenceFolder.id })
      .from(evidenceFolder)
      .where(eq(evidenceFolder.id, folder.id))
      .for('update');
    const [agg] = await tx
      .select({
        n: sql<number>`count(*)::int`,
        max: sql<number>`coalesce(max(${evidenceFile.sortOrder}), 0)::int`,
      })
      .from(evidenceFile)
      .where(eq(evidenceFile.folderId, folder.id));
    if (Number(agg?.n ?? 0) >= FILES_PER_FOLDER_MAX) {
      throw errorOf(409, E.tooMany, { max: FILES_PER_FOLDER_MAX });
    }
    const now = ctx.clock.now();
    const [row] = await tx
      .insert(evidenceFile)
      .values({
        caseId: s.caseRow.id,
        folderId: folder.id,
        ...f,
        sortOrder: Number(agg?.max ?? 0) + 1,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const slots = fileSlots(row!).map((slot, i) => ({
      ...slot,
      before: null,
      after: i === 0 ? f.originalUploadId : f.translationUploadId,
    }));
    await syncSlots(tx, { ...s, now, slots });
    await tx.update(evidenceFolder).set({ updatedAt: now }).where(eq(evidenceFolder.id, folder.id));
  });
}

/** `PATCH …/files/{file_id}/` (edit evidence): the whole file again; changed uploads are swapped. */
export async function updateFile(
  ctx: AppContext,
  s: CaseScope & { services: readonly string[] },
  ids: { folderId: number; fileId: number },
  body: TFileRequest,
): Promise<void> {
  await ctx.db.db.transaction(async (tx) => {
    const row = await ownedFile(tx, s.caseRow.id, ids.folderId, ids.fileId);
    await assertEditable(ctx, s.caseRow.id, 'evidence', tx);
    const f = checkFile(body, s.services);
    const now = ctx.clock.now();
    const slots = fileSlots(row).map((slot, i) => ({
      ...slot,
      after: i === 0 ? f.originalUploadId : f.translationUploadId,
    }));
    await syncSlots(tx, { ...s, now, slots });
    await tx
      .update(evidenceFile)
      .set({ ...f, updatedAt: now })
      .where(eq(evidenceFile.id, row.id));
  });
}

/** `DELETE …/files/{file_id}/`: warns first when something cites the file (unless confirmed). */
export async function deleteFile(
  ctx: AppContext,
  s: CaseScope,
  ids: { folderId: number; fileId: number },
  confirm: boolean,
): Promise<void> {
  await ctx.db.db.transaction(async (tx) => {
    const row = await ownedFile(tx, s.caseRow.id, ids.folderId, ids.fileId);
    await assertEditable(ctx, s.caseRow.id, 'evidence', tx);
    await assertUnreferenced(
      tx,
      { caseId: s.caseRow.id, locale: s.locale },
      [{ kind: 'evidence_file', id: row.id }],
      confirm,
    );
    await releaseSlots(tx, { ...s, now: ctx.clock.now(), slots: fileSlots(row) });
    await tx.delete(evidenceFile).where(eq(evidenceFile.id, row.id));
  });
}

/** `PUT …/files/order/`: the folder's files in a new order; their exhibit labels follow. */
export async function reorderFiles(ctx: AppContext, s: CaseScope, folderId: number, ids: readonly number[]) {
  await ctx.db.db.transaction(async (tx) => {
    const folder = await ownedFolder(tx, s.caseRow.id, folderId);
    await assertEditable(ctx, s.caseRow.id, 'evidence', tx);
    await reorderRows(tx, evidenceFile, eq(evidenceFile.folderId, folder.id), ids, ctx.clock.now());
  });
}
