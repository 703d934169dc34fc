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
const REF_KIND: Record<DocumentKind, TReference['kind']> = { us_plan: 'plan', petition_letter: 'petition' };

/** References lookup (modules/case/references.ts): the case's documents that cite the target. */
export async function documentReferencesTo(
  db: Db,
  opts: { caseId: number; target: { kind: string; id: number }; locale: Locale },
): Promise<TReference[]> {
  const prefix = TARGET_PREFIX[opts.target.kind];
  if (!prefix) return [];
  const id = `${prefix}:${opts.target.id}`;
  const docs = await db.select().from(caseDocument).where(eq(caseDocument.caseId, opts.caseId));
  return docs
    .filter((d) => referencesIn(d.content).some((r) => r.id === id))
    .map((d) => ({
      kind: REF_KIND[d.kind as DocumentKind],
      id: d.id,
      label: translate(
        opts.locale as Locale,
        `messages:document_reference_${REF_KIND[d.kind as DocumentKind]}`,
      ),
    }));
}
