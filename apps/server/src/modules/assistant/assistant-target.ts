import type { TAssistantTarget } from '@dossier/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { recommendationLetter, rfeFinding, rfeFindingExhibit } from '../../db/schema/index.ts';
import { errorOf, notFound } from '../../plugins/errors.ts';
import { assertKindAvailable, documentRow } from '../documents/documents.service.ts';
import type { CaseScope } from '../evidence/folders.service.ts';
import { textOfBlock } from '../review/rules/document-blocks.ts';
import { findingCriteria } from '../rfe/rfe.service.ts';
import { AssistantCode } from './assistant.service.ts';
import type { GroundingExtra } from './grounding.ts';

/**
 * A draft's target checked against the case before anything is reserved or sent (decision 0086): every id is this
 * case's (404 otherwise, the same as a missing one), a block index names a paragraph with text in the stored
 * document. Answers what the grounding needs besides the case (the paragraph, the finding, the recommender).
 */
export interface PreparedTarget {
  extra: GroundingExtra;
  /** tighten / translate: the text of the block it replaces (compared again when accepted). */
  replaces: string | null;
}

const invalid = () => errorOf(400, AssistantCode.targetInvalid);

/**
 * The top-level block `index` of the case's document (0-based in the stored `content`, page breaks counted: the
 * index the editor's document has), when it is a paragraph with text.
 */
export async function paragraphBlock(
  ctx: AppContext,
  caseId: number,
  kind: Extract<TAssistantTarget, { block_index: number }>['document_kind'],
  index: number,
) {
  await assertKindAvailable(ctx.db.db, caseId, kind);
  const row = await documentRow(ctx.db.db, caseId, kind);
  const blocks = (row?.content as { content?: unknown[] } | undefined)?.content;
  const block = Array.isArray(blocks) ? blocks[index] : undefined;
  if (!block) throw notFound();
  const text = textOfBlock(block).replace(/\s+/g, ' ').trim();
  if ((block as { type?: unknown }).type !== 'paragraph' || text === '') throw invalid();
  return { block, text };
}

export async function prepareTarget(
  ctx: AppContext,
  s: CaseScope,
  target: TAssistantTarget,
): Promise<PreparedTarget> {
  const db = ctx.db.db;
  const caseId = s.caseRow.id;
  switch (target.task) {
    case 'draft_section': {
      if (!findingCriteria(s.projectCode).includes(target.criterion)) throw invalid();
      return { extra: {}, replaces: null };
    }
    case 'tighten':
    case 'translate': {
      const { text } = await paragraphBlock(ctx, caseId, target.document_kind, target.block_index);
      return {
        extra: { paragraphText: text, ...(target.task === 'translate' ? { to: target.to } : {}) },
        replaces: text,
      };
    }
    case 'outline_letter': {
      const [l] = await db
        .select()
        .from(recommendationLetter)
        .where(and(eq(recommendationLetter.id, target.letter_id), eq(recommendationLetter.caseId, caseId)));
      if (!l) throw notFound();
      return {
        extra: {
          letter: {
            recommenderName: l.nameEn ?? l.name,
            position: l.jobTitleEn ?? l.jobTitle,
            // The letter row has no organisation of its own: it is usually in the job title.
            organisation: '',
            independent:
              l.relation === null && !l.independent ? null : l.independent || l.relation === 'independent',
            relationship: l.relation ?? '',
          },
        },
        replaces: null,
      };
    }
    case 'explain_finding': {
      const [f] = await db
        .select()
        .from(rfeFinding)
        .where(
          and(
            eq(rfeFinding.id, target.finding_id),
            eq(rfeFinding.rfeId, target.rfe_id),
            eq(rfeFinding.caseId, caseId),
          ),
        );
      if (!f) throw notFound();
      const exhibits = await db
        .select({ folderId: rfeFindingExhibit.folderId })
        .from(rfeFindingExhibit)
        .where(and(eq(rfeFindingExhibit.findingId, f.id), eq(rfeFindingExhibit.caseId, caseId)))
        .orderBy(asc(rfeFindingExhibit.position));
      return {
        extra: {
          finding: {
            text: f.text,
            criterion: f.criterion,
            exhibitRefs: exhibits.map((e) => `folder:${e.folderId}`),
          },
        },
        replaces: null,
      };
    }
  }
}
