import { EvidenceErrorCode, type Locale, type TReference } from '@dossier/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import { documentReferencesTo } from '../documents/documents.references.ts';
import { letterReferencesTo } from '../letters/letters.references.ts';

/** A row other parts of the case may cite (by exhibit number or by name). */
export type ReferenceTarget =
  | { kind: 'evidence_folder'; id: number }
  | { kind: 'evidence_file'; id: number }
  | { kind: 'letter'; id: number }
  | { kind: 'plan_attachment'; id: number };

/** Answers where `target` of case `caseId` is referenced (labels in `locale`); [] when nowhere. */
export type ReferenceLookup = (
  db: Db,
  opts: { caseId: number; target: ReferenceTarget; locale: Locale },
) => Promise<TReference[]>;

/**
 * Every place that can reference evidence, a letter or an attachment (spec §4 "Deleting indexed evidence warns
 * first"). The petition and US-plan editors add their lookup here when they insert Evidence or Reference Letter
 * indexes; deleting a referenced row then answers 409 evidence_referenced naming each place unless confirmed.
 */
const LOOKUPS: readonly ReferenceLookup[] = [letterReferencesTo, documentReferencesTo];

export async function referencesTo(
  db: Db,
  opts: { caseId: number; target: ReferenceTarget; locale: Locale },
): Promise<TReference[]> {
  const out: TReference[] = [];
  for (const lookup of LOOKUPS) out.push(...(await lookup(db, opts)));
  return out;
}

/**
 * 409 evidence_referenced naming every place that cites one of `targets` (spec §4 "Deleting indexed evidence
 * warns that it must first be adjusted at the indexed location online"), unless the caller confirmed.
 */
export async function assertUnreferenced(
  db: Db,
  opts: { caseId: number; locale: Locale },
  targets: readonly ReferenceTarget[],
  confirm: boolean,
): Promise<void> {
  if (confirm) return;
  const refs: TReference[] = [];
  for (const target of targets) refs.push(...(await referencesTo(db, { ...opts, target })));
  if (refs.length === 0) return;
  const where = [...new Set(refs.map((r) => r.label))].join(opts.locale === 'zh' ? '、' : ', ');
  const code = EvidenceErrorCode.referenced;
  throw new AppError(409, code, `errors:${code}`, { where }, { references: refs });
}
