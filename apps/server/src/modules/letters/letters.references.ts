import type { Locale, TReference } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { letterEvidence, recommendationLetter } from '../../db/schema/index.ts';

/**
 * References lookup (modules/case/references.ts): the recommendation letters of the case that cite an evidence
 * folder ("the recommendation letter from Prof. Li").
 */
export async function letterReferencesTo(
  db: Db,
  opts: { caseId: number; target: { kind: string; id: number }; locale: Locale },
): Promise<TReference[]> {
  if (opts.target.kind !== 'evidence_folder') return [];
  const rows = await db
    .select({
      id: recommendationLetter.id,
      name: recommendationLetter.name,
      nameEn: recommendationLetter.nameEn,
    })
    .from(letterEvidence)
    .innerJoin(recommendationLetter, eq(letterEvidence.letterId, recommendationLetter.id))
    .where(and(eq(letterEvidence.folderId, opts.target.id), eq(recommendationLetter.caseId, opts.caseId)))
    .orderBy(recommendationLetter.sortOrder);
  return rows.map((r) => ({
    kind: 'letter' as const,
    id: r.id,
    label: translate(opts.locale, 'messages:reference_letter', {
      name: (opts.locale === 'en' ? r.nameEn : null) ?? r.name,
    }),
  }));
}
