import type { TCaseSummary } from '@dossier/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { evidenceFile, evidenceFolder, planAttachment, recommendationLetter } from '../../db/schema/index.ts';
import { claimOf } from './criteria.service.ts';

/** The case summary's completeness counts for evidence, letters and US-plan attachments (two queries). */
export async function evidenceCounts(db: Db, caseId: number): Promise<TCaseSummary['evidence_counts']> {
  const claim = await claimOf(db, caseId);
  // One round trip for the four counts: the summary is read on every workbench screen.
  const [r] = await db
    .select({
      criteria: sql<
        string[]
      >`array(select ${evidenceFolder.criterion} from ${evidenceFolder} where ${evidenceFolder.caseId} = ${caseId})`,
      files: sql<number>`(select count(*)::int from ${evidenceFile} where ${evidenceFile.caseId} = ${caseId})`,
      letters: sql<number>`(select count(*)::int from ${recommendationLetter} where ${recommendationLetter.caseId} = ${caseId})`,
      received: sql<number>`(select count(*)::int from ${recommendationLetter} where ${recommendationLetter.caseId} = ${caseId} and ${recommendationLetter.status} = 'received')`,
      independent: sql<number>`(select count(*)::int from ${recommendationLetter} where ${recommendationLetter.caseId} = ${caseId} and ${recommendationLetter.independent})`,
      attachments: sql<number>`(select count(*)::int from ${planAttachment} where ${planAttachment.caseId} = ${caseId})`,
    })
    .from(sql`(select 1) as one`);
  const criteria = r?.criteria ?? [];
  const withEvidence = new Set(criteria);
  return {
    criteria_claimed: claim.claimed.length,
    criteria_without_evidence: claim.claimed.filter((c) => !withEvidence.has(c)).length,
    folders: criteria.length,
    files: Number(r?.files ?? 0),
    letters: Number(r?.letters ?? 0),
    letters_received: Number(r?.received ?? 0),
    letters_independent: Number(r?.independent ?? 0),
    plan_attachments: Number(r?.attachments ?? 0),
  };
}
