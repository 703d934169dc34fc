import type { Locale, TExhibits } from '@dossier/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { evidenceFile, evidenceFolder } from '../../db/schema/index.ts';
import { referencesTo } from '../case/references.ts';
import { claimOf } from './criteria.service.ts';
import type { FileRow, FolderRow } from './folders.store.ts';

export interface NumberedFolder {
  folder: FolderRow;
  /** 1-based position within its criterion. */
  order: number;
  /** Exhibit number across the case. */
  exhibit: number;
  files: { file: FileRow; order: number; exhibit: string }[];
}

/**
 * Exhibit numbers (spec §4 "Reordering changes the numbering"): folders of the claimed criteria in the claimed
 * order, each criterion's folders in their order, numbered 1, 2, 3 … across the case; a folder's files are
 * N.1, N.2 … Pure: the evidence page, the exhibits route and (later) the editors' indexes and the packet use it.
 */
export function numberExhibits(
  claimed: readonly string[],
  folders: readonly FolderRow[],
  files: readonly FileRow[],
): NumberedFolder[] {
  const rank = (c: string) => {
    const i = claimed.indexOf(c);
    return i === -1 ? claimed.length : i;
  };
  const sorted = [...folders].sort(
    (a, b) => rank(a.criterion) - rank(b.criterion) || a.sortOrder - b.sortOrder || a.id - b.id,
  );
  const byFolder = new Map<number, FileRow[]>();
  for (const f of [...files].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)) {
    byFolder.set(f.folderId, [...(byFolder.get(f.folderId) ?? []), f]);
  }
  const perCriterion = new Map<string, number>();
  return sorted.map((folder, i) => {
    const order = (perCriterion.get(folder.criterion) ?? 0) + 1;
    perCriterion.set(folder.criterion, order);
    const exhibit = i + 1;
    const list = byFolder.get(folder.id) ?? [];
    return {
      folder,
      order,
      exhibit,
      files: list.map((file, j) => ({ file, order: j + 1, exhibit: `${exhibit}.${j + 1}` })),
    };
  });
}

/** The numbered evidence of a case (for the editors and the packet issues). */
export async function caseExhibits(db: Db, caseId: number): Promise<NumberedFolder[]> {
  const claim = await claimOf(db, caseId);
  const folders = await db
    .select()
    .from(evidenceFolder)
    .where(eq(evidenceFolder.caseId, caseId))
    .orderBy(asc(evidenceFolder.id));
  const files = await db.select().from(evidenceFile).where(eq(evidenceFile.caseId, caseId));
  return numberExhibits(claim.claimed, folders, files);
}

/** `GET …/evidence/exhibits/`: the numbering with where each folder is referenced. */
export async function exhibitsView(db: Db, caseId: number, locale: Locale): Promise<TExhibits> {
  const numbered = await caseExhibits(db, caseId);
  const folders: TExhibits['folders'] = [];
  for (const n of numbered) {
    folders.push({
      folder_id: n.folder.id,
      criterion: n.folder.criterion as TExhibits['folders'][number]['criterion'],
      exhibit: n.exhibit,
      name: n.folder.name,
      name_en: n.folder.nameEn,
      referenced_by: await referencesTo(db, {
        caseId,
        target: { kind: 'evidence_folder', id: n.folder.id },
        locale,
      }),
      files: n.files.map((f) => ({ file_id: f.file.id, exhibit: f.exhibit, name: f.file.name })),
    });
  }
  return { folders };
}
