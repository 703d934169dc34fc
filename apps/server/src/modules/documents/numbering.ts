import type { TLetterDocument, TNumbering, TReferenceKind } from '@dossier/contract';
import type { Db } from '../../db/client.ts';
import type { Target } from '../numbering/case-numbering.ts';
import { numberCase } from '../numbering/case-numbering.ts';
import { caseNumbering, loadCaseRows } from '../numbering/numbering.load.ts';
import { referencesIn } from './reference-walk.ts';

/**
 * Live references (issue 13 item 4, decision 0022): a reference node names a row ("folder:12", "file:40",
 * "letter:7"), never a number; the label comes from the case's one numbering (modules/numbering, decision 0055)
 * every time the document is shown or rendered.
 */

export type { Target };

/** Every row a reference may point at, labelled in the current order. Labels are English (the letter is). */
export async function caseTargets(db: Db, caseId: number): Promise<Map<string, Target>> {
  return (await caseNumbering(db, caseId)).targets;
}

/**
 * The targets for asking only whether each reference has a number (not which): numbered in the default order, the
 * exhibit-order setting not read (the schedule's stages; the case summary kept by fingerprint reads them).
 */
export async function resolvableTargets(db: Db, caseId: number): Promise<Map<string, Target>> {
  return numberCase(await loadCaseRows(db, caseId, { order: false })).targets;
}

/** The kind a reference id must have: exhibits are folders and files, letters are letters. */
const kindOfId = (id: string): TReferenceKind | undefined =>
  id.startsWith('letter:')
    ? 'letter'
    : id.startsWith('folder:') || id.startsWith('file:')
      ? 'exhibit'
      : undefined;

/** The target of one reference, pending or not (undefined: deleted, or a kind/id mismatch). */
export function targetOf(
  targets: ReadonlyMap<string, Target>,
  kind: TReferenceKind,
  id: string,
): Target | undefined {
  return kindOfId(id) === kind ? targets.get(id) : undefined;
}

/**
 * Resolves one reference to a number (undefined = it cannot print one: dangling, or pending — its target has no
 * file yet and so no number).
 */
export function resolve(
  targets: ReadonlyMap<string, Target>,
  kind: TReferenceKind,
  id: string,
): Target | undefined {
  const t = targetOf(targets, kind, id);
  return t && !t.pending ? t : undefined;
}

/** The numbering map of a document: reference id → its current label, pending (named) or dangling. */
export function numberingOf(doc: TLetterDocument, targets: ReadonlyMap<string, Target>): TNumbering {
  const out: TNumbering = {};
  for (const r of referencesIn(doc)) {
    const t = targetOf(targets, r.kind, r.id);
    out[r.id] = !t
      ? { status: 'dangling' }
      : t.pending
        ? { status: 'pending', name: t.name }
        : { status: 'ok', label: t.label, number: t.number, name: t.name };
  }
  return out;
}

export { referencesIn };
