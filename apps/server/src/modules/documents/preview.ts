import type { DocumentKind, Locale, TLetterDocument, TReferenceTargets } from '@dossier/contract';
import type { Db } from '../../db/client.ts';
import { renderLetter } from '../../pdf/letter/render-letter.ts';
import { caseExhibits } from '../evidence/exhibits.ts';
import { documentRow } from './documents.service.ts';
import { caseTargets, resolve } from './numbering.ts';

const EMPTY: TLetterDocument = { type: 'doc', content: [] };

/** `GET …/preview.pdf`: the stored document rendered exactly as it will print, numbered from the current order. */
export async function documentPreview(
  db: Db,
  caseId: number,
  kind: DocumentKind,
  locale: Locale,
): Promise<Uint8Array> {
  const row = await documentRow(db, caseId, kind);
  const targets = await caseTargets(db, caseId);
  const result = await renderLetter({
    doc: (row?.content as TLetterDocument | undefined) ?? EMPTY,
    // Stored content passed ZLetterDocument when it was saved.
    validated: row !== undefined,
    locale,
    pageNumbers: true,
    title: kind === 'petition_letter' ? 'Petition letter' : 'US plan',
    resolveReference: (k, id) => resolve(targets, k, id),
  });
  return result.bytes;
}

/** `GET …/reference_targets/`: the picker of "Insert Evidence Index" / "Insert Reference Letter Index". */
export async function referenceTargets(db: Db, caseId: number): Promise<TReferenceTargets> {
  const targets = await caseTargets(db, caseId);
  const exhibits = (await caseExhibits(db, caseId)).map((n) => {
    const id = `folder:${n.folder.id}`;
    return {
      id,
      label: targets.get(id)!.label,
      name: targets.get(id)!.name,
      criterion: n.folder.criterion as TReferenceTargets['exhibits'][number]['criterion'],
      files: n.files.map((f) => {
        const fid = `file:${f.file.id}`;
        return { id: fid, label: targets.get(fid)!.label, name: targets.get(fid)!.name };
      }),
    };
  });
  const letters = [...targets]
    .filter(([id]) => id.startsWith('letter:'))
    .map(([id, t]) => ({ id, label: t.label, name: t.name }));
  return { exhibits, letters };
}
