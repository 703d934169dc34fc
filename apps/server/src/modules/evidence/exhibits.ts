import type { Locale, TExhibits } from '@dossier/contract';
import type { Db } from '../../db/client.ts';
import { referencesTo } from '../case/references.ts';
import type { CaseNumbering, NumberedFolder } from '../numbering/case-numbering.ts';
import { caseNumbering } from '../numbering/numbering.load.ts';

export type { NumberedFolder };

/**
 * The numbered evidence of a case (spec §4 "Reordering changes the numbering"): every folder in exhibit order with
 * its number (null without a file) and its files' N.M, from the case's one numbering (modules/numbering).
 */
export async function caseExhibits(db: Db, caseId: number): Promise<NumberedFolder[]> {
  return (await caseNumbering(db, caseId)).folders;
}

/** The exhibits route's body from a numbering, without the "where referenced" lists (pure). */
export function exhibitsOf(
  n: CaseNumbering,
  referencedBy: (folderId: number) => TExhibits['folders'][number]['referenced_by'] = () => [],
): TExhibits {
  return {
    mode: n.mode,
    folders: n.folders.map((f) => ({
      folder_id: f.folder.id,
      criterion: f.folder.criterion as TExhibits['folders'][number]['criterion'],
      exhibit: f.exhibit,
      name: f.folder.name,
      name_en: f.folder.nameEn,
      referenced_by: referencedBy(f.folder.id),
      files: f.files.map((x) => ({ file_id: x.file.id, exhibit: x.exhibit, name: x.file.name })),
    })),
    letters: n.letters.map((l) => ({
      letter_id: l.letter.id,
      number: l.number,
      name: l.letter.nameEn ?? l.letter.name,
    })),
  };
}

/** `GET …/evidence/exhibits/`: the numbering with where each folder is referenced. */
export async function exhibitsView(db: Db, caseId: number, locale: Locale): Promise<TExhibits> {
  const numbering = await caseNumbering(db, caseId);
  const refs = new Map<number, TExhibits['folders'][number]['referenced_by']>();
  for (const f of numbering.folders) {
    refs.set(
      f.folder.id,
      await referencesTo(db, { caseId, target: { kind: 'evidence_folder', id: f.folder.id }, locale }),
    );
  }
  return exhibitsOf(numbering, (id) => refs.get(id) ?? []);
}
