import type {
  DocumentKind,
  Locale,
  TLetterDocument,
  TPagePin,
  TReferenceKind,
  TReferenceTargets,
} from '@dossier/contract';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { upload } from '../../db/schema/index.ts';
import type { ResolvedReference } from '../../pdf/letter/layout.ts';
import { LETTER_MESSAGES } from '../../pdf/letter/letter.messages.ts';
import { COUNSEL_TYPESETTING, renderLetter } from '../../pdf/letter/render-letter.ts';
import { referenceLabel } from '../../pdf/packet/packet-documents.ts';
import type { CaseNumbering } from '../numbering/case-numbering.ts';
import { numberCase } from '../numbering/case-numbering.ts';
import { loadCaseRows } from '../numbering/numbering.load.ts';
import { stampedPages, stampedUploadIds } from '../numbering/stamped-pages.ts';
import { documentRow } from './documents.service.ts';
import { targetOf } from './numbering.ts';
import { rfeReferenceTargets, targetsFor } from './rfe-response.ts';

const EMPTY: TLetterDocument = { type: 'doc', content: [] };
const TITLE: Record<DocumentKind, string> = {
  petition_letter: 'Petition letter',
  us_plan: 'US plan',
  rfe_response: 'RFE response letter',
};

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
  const [row, targets] = await Promise.all([documentRow(db, caseId, kind), targetsFor(db, caseId, kind)]);
  const result = await renderLetter({
    doc: (row?.content as TLetterDocument | undefined) ?? EMPTY,
    // Stored content passed ZLetterDocument when it was saved.
    validated: row !== undefined,
    locale,
    pageNumbers: true,
    // Typeset as the packet prints it (decision 0066): justified, hyphenated, numbered headings; the letter's contents.
    typeset: { ...COUNSEL_TYPESETTING, contents: kind === 'petition_letter' },
    title: TITLE[kind],
    resolveReference: previewResolver({ targets }, locale),
  });
  return result.bytes;
}

/**
 * What each reference prints in a preview: the numbering's number labelled as the packet labels it (with its page
 * pin), or a named placeholder while it is pending.
 */
export function previewResolver(numbering: Pick<CaseNumbering, 'targets'>, locale: Locale) {
  return (k: TReferenceKind, id: string, pages?: TPagePin | null): ResolvedReference | undefined => {
    const t = targetOf(numbering.targets, k, id);
    if (!t) return undefined;
    return t.pending
      ? { label: LETTER_MESSAGES[locale].pending[k](t.name), pending: true }
      : { label: referenceLabel('en', k, t.number, pages) };
  };
}

/**
 * The picker's body from a numbering (pure): folders in exhibit order with their files, then the letters; each
 * exhibit with its stamped page count (`pages`, numbering/stamped-pages.ts) when known.
 */
export function referenceTargetsOf(
  n: CaseNumbering,
  pages: ReadonlyMap<string, number | null> = new Map(),
): TReferenceTargets {
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
      pages: pages.get(id) ?? null,
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
export async function referenceTargets(
  db: Db,
  caseId: number,
  kind: DocumentKind,
): Promise<TReferenceTargets> {
  // The response letter's picker: the RFE's exhibits (filed snapshot and new folders), decision 0077.
  if (kind === 'rfe_response') return rfeReferenceTargets({ db: { db } }, caseId);
  const rows = await loadCaseRows(db, caseId);
  const n = numberCase(rows);
  const ids = stampedUploadIds(n);
  const counts =
    ids.length === 0
      ? []
      : await db.select({ id: upload.id, pages: upload.pages }).from(upload).where(inArray(upload.id, ids));
  const pagesOf = new Map(counts.map((u) => [u.id, u.pages]));
  return referenceTargetsOf(
    n,
    stampedPages(n, (id) => pagesOf.get(id)),
  );
}
