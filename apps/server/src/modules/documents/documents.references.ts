import type { DocumentKind, Locale, TReference } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { caseDocument } from '../../db/schema/index.ts';
import { referencesIn } from './reference-walk.ts';

const TARGET_PREFIX: Record<string, string> = {
  evidence_folder: 'folder',
  evidence_file: 'file',
  letter: 'letter',
};
const REF_KIND: Partial<Record<DocumentKind, TReference['kind']>> = {
  us_plan: 'plan',
  petition_letter: 'petition',
};

/** References lookup (modules/case/references.ts): the case's documents that cite the target. */
export async function documentReferencesTo(
  db: Db,
  opts: { caseId: number; target: { kind: string; id: number }; locale: Locale },
): Promise<TReference[]> {
  const prefix = TARGET_PREFIX[opts.target.kind];
  if (!prefix) return [];
  const id = `${prefix}:${opts.target.id}`;
  const docs = await db.select().from(caseDocument).where(eq(caseDocument.caseId, opts.caseId));
  return docs.flatMap((d) => {
    // The petition's documents only (the response letter cites by the RFE's numbering, decision 0077).
    const kind = REF_KIND[d.kind as DocumentKind];
    if (!kind || !referencesIn(d.content).some((r) => r.id === id)) return [];
    return [
      { kind, id: d.id, label: translate(opts.locale as Locale, `messages:document_reference_${kind}`) },
    ];
  });
}
