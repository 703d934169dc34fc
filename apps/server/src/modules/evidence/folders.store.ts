import type { ProjectCode } from '@dossier/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { evidenceFile, evidenceFolder } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { releaseSlots, type Slot } from './upload-slots.ts';

export type FolderRow = typeof evidenceFolder.$inferSelect;
export type FileRow = typeof evidenceFile.$inferSelect;

/** The upload slots of an evidence file (the refs its uploads record). */
export const fileSlots = (
  row: Pick<FileRow, 'id' | 'originalUploadId' | 'translationUploadId'>,
): Omit<Slot, 'after'>[] => [
  { ref: `evidence_file:${row.id}:original`, before: row.originalUploadId },
  { ref: `evidence_file:${row.id}:translation`, before: row.translationUploadId },
];

/** A folder of this case, or 404 (another case's folder id never reveals that it exists). */
export async function ownedFolder(db: Db, caseId: number, folderId: number): Promise<FolderRow> {
  const [row] = await db
    .select()
    .from(evidenceFolder)
    .where(and(eq(evidenceFolder.id, folderId), eq(evidenceFolder.caseId, caseId)));
  if (!row) throw notFound();
  return row;
}

/** A file of this folder of this case, or 404. */
export async function ownedFile(db: Db, caseId: number, folderId: number, fileId: number): Promise<FileRow> {
  const [row] = await db
    .select()
    .from(evidenceFile)
    .where(
      and(eq(evidenceFile.id, fileId), eq(evidenceFile.folderId, folderId), eq(evidenceFile.caseId, caseId)),
    );
  if (!row) throw notFound();
  return row;
}

export async function filesOf(db: Db, folderId: number): Promise<FileRow[]> {
  return db
    .select()
    .from(evidenceFile)
    .where(eq(evidenceFile.folderId, folderId))
    .orderBy(asc(evidenceFile.sortOrder), asc(evidenceFile.id));
}

/** Deletes folders (their files cascade) and releases the files' uploads to the purge. */
export async function deleteFolders(
  db: Db,
  opts: { customerId: number; projectCode: ProjectCode; ids: readonly number[]; now: Date },
): Promise<void> {
  if (opts.ids.length === 0) return;
  const files = await db
    .select()
    .from(evidenceFile)
    .where(inArray(evidenceFile.folderId, [...opts.ids]));
  for (const f of files) await releaseSlots(db, { ...opts, slots: fileSlots(f) });
  await db.delete(evidenceFolder).where(inArray(evidenceFolder.id, [...opts.ids]));
}
