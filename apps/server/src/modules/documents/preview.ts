import type {
  DocumentKind,
  Locale,
  TLetterDocument,
  TReferenceKind,
  TReferenceTargets,
} from '@dossier/contract';
import type { Db } from '../../db/client.ts';
import type { ResolvedReference } from '../../pdf/letter/layout.ts';
import { LETTER_MESSAGES } from '../../pdf/letter/letter.messages.ts';
import { COUNSEL_TYPESETTING, renderLetter } from '../../pdf/letter/render-letter.ts';
import type { CaseNumbering } from '../numbering/case-numbering.ts';
import { caseNumbering } from '../numbering/numbering.load.ts';
import { documentRow } from './documents.service.ts';
import { targetOf } from './numbering.ts';

const EMPTY: TLetterDocument = { type: 'doc', content: [] };

/**
 * `GET …/preview.pdf`: the stored document rendered exactly as it will print, numbered by the case's one
 * numbering. A reference whose target has no file yet prints "[Exhibit pending: <name>]" (in the preview's
 * language), never a number the packet would not have; the checklist blocks the packet until it is resolved.
 */
export async function documentPreview(
  db: Db,
  caseId: number,
  kind: DocumentKind,
  locale: Locale,
): Promise<Uint8Array> {
  const [row, numbering] = await Promise.all([documentRow(db, caseId, kind), caseNumbering(db, caseId)]);
  const result = await renderLetter({
    doc: (row?.content as TLetterDocument | undefined) ?? EMPTY,
    // Stored content passed ZLetterDocument when it was saved.
    validated: row !== undefined,
    locale,
    pageNumbers: true,
    // Typeset as the packet prints it (decision 0066): justified, hyphenated, numbered headings; the letter's contents.
    typeset: { ...COUNSEL_TYPESETTING, contents: kind === 'petition_letter' },
    title: kind === 'petition_letter' ? 'Petition letter' : 'US plan',
    resolveReference: previewResolver(numbering, locale),
  });
  return result.bytes;
}

/** What each reference prints in a preview: the numbering's label, or a named placeholder while it is pending. */
export function previewResolver(numbering: CaseNumbering, locale: Locale) {
  return (k: TReferenceKind, id: string): ResolvedReference | undefined => {
    const t = targetOf(numbering.targets, k, id);
    if (!t) return undefined;
    return t.pending
      ? { label: LETTER_MESSAGES[locale].pending[k](t.name), pending: true }
      : { label: t.label };
  };
}

/** The picker's body from a numbering (pure): folders in exhibit order with their files, then the letters. */
export function referenceTargetsOf(n: CaseNumbering): TReferenceTargets {
  const exhibits = n.folders.map((f) => {
    const id = `folder:${f.folder.id}`;
    const t = n.targets.get(id)!;
    return {
      id,
      label: t.label,
      number: t.number,
      name: t.name,
      pending: t.pending,
      criterion: f.folder.criterion as TReferenceTargets['exhibits'][number]['criterion'],
      files: f.files.map((x) => {
        const fid = `file:${x.file.id}`;
        const ft = n.targets.get(fid)!;
        return { id: fid, label: ft.label, number: ft.number, name: ft.name };
      }),
    };
  });
  const letters = n.letters.map((l) => {
    const id = `letter:${l.letter.id}`;
    const t = n.targets.get(id)!;
    return { id, label: t.label, number: t.number, name: t.name, pending: t.pending };
  });
  return { exhibits, letters };
}

/** `GET …/reference_targets/`: the picker of "Insert Evidence Index" / "Insert Reference Letter Index". */
export async function referenceTargets(db: Db, caseId: number): Promise<TReferenceTargets> {
  return referenceTargetsOf(await caseNumbering(db, caseId));
}
