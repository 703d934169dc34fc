import { createHash } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { latestChange, type StageContent, type StageReads } from '../case/stages.service.ts';
import { documentNotEnglish, untranslatedUploads } from '../language/untranslated.ts';
import { loadCaseRows } from '../numbering/numbering.load.ts';
import { unresolvedReferences } from '../numbering/unresolved.ts';
import { hasContent } from './documents.service.ts';
import { resolvableTargets } from './numbering.ts';

/**
 * The case's petition documents and plan attachments as the numbering reads them: one read per operation inside
 * a read scope (the checklist's parts, the packet's request), the attachments in id order.
 */
async function caseDocuments(db: Db, caseId: number) {
  const rows = await loadCaseRows(db, caseId, { documents: true, order: false });
  return {
    document: (kind: 'us_plan' | 'petition_letter') => rows.documents.find((d) => d.kind === kind),
    attachments: [...rows.attachments].sort((a, b) => a.id - b.id),
  };
}

const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/**
 * The schedule's plan stage (issue 14 item 1): one part, done when the US-plan document has content (attachments
 * are optional), every reference in it prints a number (issue 28 item 3: the plan is mailed too) and it is written
 * in English; plus one part never done per attachment whose text is not English and that has no English
 * translation (issue 28 item 5). The fingerprint covers the document's version and every attachment, so any change reopens it.
 */
export async function planStageContent(db: Db, caseId: number, reads?: StageReads): Promise<StageContent> {
  const rows = await caseDocuments(db, caseId);
  const doc = rows.document('us_plan');
  const attachments = rows.attachments;
  const written = doc !== undefined && doc.version > 0;
  const unresolved =
    written && hasContent(doc.content)
      ? unresolvedReferences(
          'us_plan',
          doc.content,
          await (reads?.targets() ?? resolvableTargets(db, caseId)),
        ).length
      : 0;
  const english = !written || documentNotEnglish(doc.content) === null;
  const notEnglish = (await untranslatedUploads(db, caseId)).filter((u) => u.kind === 'attachment').length;
  return {
    available: true,
    done: written && hasContent(doc.content) && unresolved === 0 && english ? 1 : 0,
    total: 1 + notEnglish,
    lastChange: latestChange([written ? doc.updatedAt : null, ...attachments.map((a) => a.updatedAt)]),
    fingerprint: digest({
      version: doc?.version ?? 0,
      attachments: attachments.map((a) => [
        a.id,
        a.name,
        a.nameEn,
        a.needsTranslation,
        a.translationMode,
        a.uploadId,
        a.translationUploadId,
        a.sortOrder,
      ]),
    }),
  };
}

/**
 * The petition stage: one part, done when the petition letter has content, every reference in it prints a
 * number (none points at a deleted exhibit or letter, or at one without a file yet: issue 28 item 3) and it is
 * written in English (issue 28 item 5). The fingerprint is the document's version.
 */
export async function petitionStageContent(
  ctx: Pick<AppContext, 'db'>,
  caseId: number,
  reads?: StageReads,
): Promise<StageContent> {
  const doc = (await caseDocuments(ctx.db.db, caseId)).document('petition_letter');
  const written = doc !== undefined && doc.version > 0;
  const dangling = written
    ? unresolvedReferences(
        'petition_letter',
        doc.content,
        await (reads?.targets() ?? resolvableTargets(ctx.db.db, caseId)),
      ).length
    : 0;
  const english = !written || documentNotEnglish(doc.content) === null;
  return {
    available: true,
    done: written && hasContent(doc.content) && dangling === 0 && english ? 1 : 0,
    total: 1,
    lastChange: written ? doc.updatedAt : null,
    fingerprint: digest({ version: doc?.version ?? 0 }),
  };
}
