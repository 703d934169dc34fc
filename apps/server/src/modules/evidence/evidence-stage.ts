import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { latestChange, type StageContent } from '../case/stages.service.ts';
import { untranslatedUploads } from '../language/untranslated.ts';
import { loadCaseRows } from '../numbering/numbering.load.ts';
import { claimIn } from './criteria.service.ts';

const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/**
 * The schedule's evidence stage (issue 11 §3, issue 12): one part per claimed criterion, done when the criterion
 * holds at least one file, and one part never done per file whose text is not English and that has no English
 * translation (issue 28 item 5: it cannot be mailed as it is). The fingerprint covers the claim, every folder and every file (order and uploads
 * included), so any change after submitting reopens the stage.
 */
export async function evidenceStageContent(db: Db, caseId: number): Promise<StageContent> {
  // The case rows the numbering reads (one read per operation inside a read scope: the checklist's parts).
  const rows = await loadCaseRows(db, caseId, { order: false });
  const claimRow = rows.claimRow;
  const claim = claimIn(claimRow);
  const folders = [...rows.folders].sort(byId);
  const files = [...rows.files].sort(byId);
  const criterionOf = new Map(folders.map((f) => [f.id, f.criterion]));
  const withFiles = new Set(files.map((f) => criterionOf.get(f.folderId)));
  const touched = claim.claimed.length > 0 || folders.length > 0;
  const notEnglish = (await untranslatedUploads(db, caseId)).filter((u) => u.kind === 'evidence').length;
  return {
    available: true,
    done: claim.claimed.filter((c) => withFiles.has(c)).length,
    total: claim.claimed.length + notEnglish,
    lastChange: touched
      ? latestChange([
          claimRow?.updatedAt,
          ...folders.map((f) => f.updatedAt),
          ...files.map((f) => f.updatedAt),
        ])
      : null,
    fingerprint: digest({
      direction: claim.niwDirection,
      claimed: claim.claimed,
      folders: folders.map((f) => [f.id, f.criterion, f.name, f.nameEn, f.description, f.sortOrder]),
      files: files.map((f) => [
        f.id,
        f.folderId,
        f.name,
        f.nameEn,
        f.webLink,
        f.needsTranslation,
        f.translationMode,
        f.originalUploadId,
        f.translationUploadId,
        f.sortOrder,
      ]),
    }),
  };
}

/**
 * The letters stage: one part per recommender, done when the signed letter is uploaded (and its translation when
 * the customer translates it personally, or when the letter's text is not English: issue 28 item 5).
 */
export async function lettersStageContent(db: Db, caseId: number): Promise<StageContent> {
  const letters = [...(await loadCaseRows(db, caseId, { order: false })).letters].sort(byId);
  const notEnglish = new Set(
    (await untranslatedUploads(db, caseId)).filter((u) => u.kind === 'letter').map((u) => u.id),
  );
  const done = letters.filter(
    (l) =>
      l.letterUploadId !== null &&
      !notEnglish.has(l.id) &&
      !(l.needsTranslation && l.translationMode === 'personal' && l.letterTranslationUploadId === null),
  ).length;
  return {
    available: true,
    done,
    total: letters.length,
    lastChange: letters.length ? latestChange(letters.map((l) => l.updatedAt)) : null,
    fingerprint: digest(
      letters.map((l) => [
        l.id,
        l.name,
        l.jobTitle,
        l.nameEn,
        l.jobTitleEn,
        l.needsTranslation,
        l.translationMode,
        l.letterUploadId,
        l.letterTranslationUploadId,
        l.resumeUploadId,
        l.resumeTranslationUploadId,
        l.status,
        l.independent,
        l.sortOrder,
      ]),
    ),
  };
}
