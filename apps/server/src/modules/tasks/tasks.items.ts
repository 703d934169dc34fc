import type { TaskCover, TaskItemKind, TaskService, TTaskItem } from '@dossier/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  evidenceFile,
  evidenceFolder,
  planAttachment,
  recommendationLetter,
  serviceTaskItem,
} from '../../db/schema/index.ts';

/** What a task covers, computed from the case as it is now (before a claim) or as snapshotted at the claim. */

export interface ItemDraft {
  key: string;
  kind: TaskItemKind;
  refId: number;
  name: string;
  uploadId: number | null;
  translationUploadId: number | null;
}

const keyOf = (kind: TaskItemKind, id: number) => `${kind}:${id}`;
const byService = (needs: boolean, mode: string | null) => needs && mode === 'service';

/**
 * The files and documents of `covers` in screen order. A review takes everything (the petition letter and the
 * US plan as documents); a translation only the files marked needs_translation with mode `service`.
 */
export async function coveredItems(
  db: Db,
  caseId: number,
  service: TaskService,
  covers: readonly string[],
): Promise<ItemDraft[]> {
  const review = service === 'REVIEW';
  const has = (c: TaskCover) => covers.includes(c);
  const out: ItemDraft[] = [];
  const doc = (kind: 'petition_letter' | 'us_plan', name: string) =>
    out.push({
      key: keyOf(kind, caseId),
      kind,
      refId: caseId,
      name,
      uploadId: null,
      translationUploadId: null,
    });
  if (review && has('petition')) doc('petition_letter', 'Petition letter');
  if (has('plan')) {
    if (review) doc('us_plan', 'US plan');
    const rows = await db
      .select()
      .from(planAttachment)
      .where(eq(planAttachment.caseId, caseId))
      .orderBy(asc(planAttachment.sortOrder), asc(planAttachment.id));
    for (const r of rows) {
      if (!review && !byService(r.needsTranslation, r.translationMode)) continue;
      out.push({
        key: keyOf('plan_attachment', r.id),
        kind: 'plan_attachment',
        refId: r.id,
        name: r.name,
        uploadId: r.uploadId,
        translationUploadId: r.translationUploadId,
      });
    }
  }
  if (has('evidence')) {
    const rows = await db
      .select({ f: evidenceFile, folder: evidenceFolder.name })
      .from(evidenceFile)
      .innerJoin(evidenceFolder, eq(evidenceFile.folderId, evidenceFolder.id))
      .where(eq(evidenceFile.caseId, caseId))
      .orderBy(
        asc(evidenceFolder.criterion),
        asc(evidenceFolder.sortOrder),
        asc(evidenceFile.sortOrder),
        asc(evidenceFile.id),
      );
    for (const { f, folder } of rows) {
      if (!review && !byService(f.needsTranslation, f.translationMode)) continue;
      out.push({
        key: keyOf('evidence_file', f.id),
        kind: 'evidence_file',
        refId: f.id,
        name: `${folder} / ${f.name}`,
        uploadId: f.originalUploadId,
        translationUploadId: f.translationUploadId,
      });
    }
  }
  if (has('letters')) {
    const rows = await db
      .select()
      .from(recommendationLetter)
      .where(eq(recommendationLetter.caseId, caseId))
      .orderBy(asc(recommendationLetter.sortOrder), asc(recommendationLetter.id));
    for (const r of rows) {
      if (!review && !byService(r.needsTranslation, r.translationMode)) continue;
      if (r.letterUploadId !== null) {
        out.push({
          key: keyOf('letter', r.id),
          kind: 'letter',
          refId: r.id,
          name: r.name,
          uploadId: r.letterUploadId,
          translationUploadId: r.letterTranslationUploadId,
        });
      }
      if (r.resumeUploadId !== null) {
        out.push({
          key: keyOf('resume', r.id),
          kind: 'resume',
          refId: r.id,
          name: r.name,
          uploadId: r.resumeUploadId,
          translationUploadId: r.resumeTranslationUploadId,
        });
      }
    }
  }
  return out;
}

/** The items snapshotted at the claim. */
export async function snapshotItems(db: Db, taskId: number): Promise<ItemDraft[]> {
  const rows = await db
    .select()
    .from(serviceTaskItem)
    .where(eq(serviceTaskItem.taskId, taskId))
    .orderBy(asc(serviceTaskItem.id));
  return rows.map((r) => ({
    key: r.key,
    kind: r.kind as TaskItemKind,
    refId: r.refId,
    name: r.name,
    uploadId: r.uploadId,
    translationUploadId: r.translationUploadId,
  }));
}

/** Replaces the snapshot with `items` (a claim; a resubmitted task is claimed again). */
export async function replaceSnapshot(db: Db, taskId: number, items: readonly ItemDraft[]): Promise<void> {
  await db.delete(serviceTaskItem).where(eq(serviceTaskItem.taskId, taskId));
  if (items.length === 0) return;
  await db.insert(serviceTaskItem).values(items.map((i) => ({ taskId, ...i })));
}

export async function setItemTranslation(
  db: Db,
  taskId: number,
  key: string,
  uploadId: number,
  translatorName: string,
): Promise<void> {
  await db
    .update(serviceTaskItem)
    .set({ translationUploadId: uploadId, translatorName })
    .where(and(eq(serviceTaskItem.taskId, taskId), eq(serviceTaskItem.key, key)));
}

export const itemView = (i: ItemDraft): TTaskItem => ({
  key: i.key,
  kind: i.kind,
  ref_id: i.refId,
  name: i.name,
  upload_id: i.uploadId,
  translation_upload_id: i.translationUploadId,
});
