import type { TCaseSummary } from '@dossier/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { evidenceFile, evidenceFolder, planAttachment, recommendationLetter } from '../../db/schema/index.ts';
import { claimOf } from './criteria.service.ts';

/** The case summary's completeness counts for evidence, letters and US-plan attachments (four small queries). */
export async function evidenceCounts(db: Db, caseId: number): Promise<TCaseSummary['evidence_counts']> {
  const claim = await claimOf(db, caseId);
  const folders = await db
    .select({ criterion: evidenceFolder.criterion })
    .from(evidenceFolder)
    .where(eq(evidenceFolder.caseId, caseId));
  const [files] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(evidenceFile)
    .where(eq(evidenceFile.caseId, caseId));
  const [letters] = await db
    .select({
      n: sql<number>`count(*)::int`,
      received: sql<number>`count(*) filter (where ${recommendationLetter.status} = 'received')::int`,
      independent: sql<number>`count(*) filter (where ${recommendationLetter.independent})::int`,
    })
    .from(recommendationLetter)
    .where(eq(recommendationLetter.caseId, caseId));
  const [attachments] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(planAttachment)
    .where(eq(planAttachment.caseId, caseId));
  const withEvidence = new Set(folders.map((f) => f.criterion));
  return {
    criteria_claimed: claim.claimed.length,
    criteria_without_evidence: claim.claimed.filter((c) => !withEvidence.has(c)).length,
    folders: folders.length,
    files: Number(files?.n ?? 0),
    letters: Number(letters?.n ?? 0),
    letters_received: Number(letters?.received ?? 0),
    letters_independent: Number(letters?.independent ?? 0),
    plan_attachments: Number(attachments?.n ?? 0),
  };
}
