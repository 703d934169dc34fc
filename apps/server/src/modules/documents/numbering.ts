import type { TLetterDocument, TNumbering, TReferenceKind } from '@dossier/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { recommendationLetter } from '../../db/schema/index.ts';
import { caseExhibits } from '../evidence/exhibits.ts';
import { referencesIn } from './reference-walk.ts';

/**
 * Live references (issue 13 item 4, decision 0022): a reference node names a row ("folder:12", "file:40",
 * "letter:7"), never a number; the label is computed here from the current evidence and letter order every time
 * the document is shown or rendered.
 */

export interface Target {
  label: string;
  name: string;
}

/** Every row a reference may point at, labelled in the current order. Labels are English (the letter is). */
export async function caseTargets(db: Db, caseId: number): Promise<Map<string, Target>> {
  const out = new Map<string, Target>();
  for (const n of await caseExhibits(db, caseId)) {
    out.set(`folder:${n.folder.id}`, {
      label: `Exhibit ${n.exhibit}`,
      name: n.folder.nameEn ?? n.folder.name,
    });
    for (const f of n.files) {
      out.set(`file:${f.file.id}`, { label: `Exhibit ${f.exhibit}`, name: f.file.nameEn ?? f.file.name });
    }
  }
  const letters = await db
    .select({
      id: recommendationLetter.id,
      name: recommendationLetter.name,
      nameEn: recommendationLetter.nameEn,
    })
    .from(recommendationLetter)
    .where(eq(recommendationLetter.caseId, caseId))
    .orderBy(asc(recommendationLetter.sortOrder), asc(recommendationLetter.id));
  letters.forEach((l, i) => {
    out.set(`letter:${l.id}`, { label: `Letter ${i + 1}`, name: l.nameEn ?? l.name });
  });
  return out;
}

/** The kind a reference id must have: exhibits are folders and files, letters are letters. */
const kindOfId = (id: string): TReferenceKind | undefined =>
  id.startsWith('letter:')
    ? 'letter'
    : id.startsWith('folder:') || id.startsWith('file:')
      ? 'exhibit'
      : undefined;

/** Resolves one reference against `targets` (undefined = dangling, also for a kind/id mismatch). */
export function resolve(targets: Map<string, Target>, kind: TReferenceKind, id: string): Target | undefined {
  return kindOfId(id) === kind ? targets.get(id) : undefined;
}

/** The numbering map of a document: reference id → its current label, or dangling. */
export function numberingOf(doc: TLetterDocument, targets: Map<string, Target>): TNumbering {
  const out: TNumbering = {};
  for (const r of referencesIn(doc)) {
    const t = resolve(targets, r.kind, r.id);
    out[r.id] = t ? { status: 'ok', label: t.label, name: t.name } : { status: 'dangling' };
  }
  return out;
}

export { referencesIn };
