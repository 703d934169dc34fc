import {
  CRITERIA,
  type Criterion,
  type DocumentKind,
  type TAssistantDraft,
  type TAssistantTarget,
  type TLetterDocument,
  type TParagraph,
  ZAssistantTarget,
} from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { assistantDraft } from '../../db/schema/index.ts';
import { errorOf, notFound } from '../../plugins/errors.ts';
import { assertKindAvailable, documentView, saveDocument } from '../documents/documents.service.ts';
import { criterionLabel, regulationOf } from '../evidence/criteria-content.ts';
import type { CaseScope } from '../evidence/folders.service.ts';
import { stampedPages } from '../numbering/stamped-pages.ts';
import { loadReviewInput } from '../review/review-input.ts';
import { textOfBlock } from '../review/rules/document-blocks.ts';
import {
  AssistantCode,
  type AssistantParagraph,
  type DraftRow,
  draftRow,
  draftView,
} from './assistant.service.ts';
import { paragraphContent } from './reply-check.ts';

/**
 * A decision per paragraph (issue 33 item 5: nothing is written without it; decision 0086). Accepting writes through
 * the documents service's save with the version the screen read (409 version_conflict on a stale one, as the
 * editor), so history and the review see it as any save: draft_section → the petition letter, at the end of that
 * criterion's section when a heading names it, else at the end; explain_finding → the end of the RFE response letter;
 * tighten / translate → the block it was made from, if its text is still what was rewritten (409
 * assistant_paragraph_stale otherwise); outline_letter → nothing is written (the customer copies it). An accepted
 * paragraph is final (409 assistant_paragraph_decided); a rejected one may still be accepted.
 */

type Block = TLetterDocument['content'][number];
type Placed = { kind: DocumentKind; content: Block[]; msg: string; vars?: Record<string, string> };

/** What a heading of a criterion's section says (the template writes "<label> (<regulation>)"). */
const PRONG_WORDS: Record<string, string> = {
  prong_merit_importance: 'substantial merit',
  prong_well_positioned: 'well positioned',
  prong_balance: 'on balance',
};
function namesOf(criterion: string): string[] {
  if (PRONG_WORDS[criterion]) return [PRONG_WORDS[criterion]];
  if (!(CRITERIA as readonly string[]).includes(criterion)) return [];
  return [criterionLabel(criterion as Criterion, 'en'), regulationOf(criterion as Criterion)];
}

const norm = (t: string) => t.replace(/\s+/g, ' ').trim().toLowerCase();
const levelOf = (b: Block) => (b.type === 'heading' ? b.attrs.level : 99);

/** After the section of the first heading naming the criterion (before the next heading as high), else at the end. */
function placeInSection(content: Block[], criterion: string, p: Block): Placed {
  const names = namesOf(criterion).map(norm);
  const at = content.findIndex(
    (b) => b.type === 'heading' && names.some((n) => n !== '' && norm(textOfBlock(b)).includes(n)),
  );
  if (at < 0) return { kind: 'petition_letter', content: [...content, p], msg: 'accepted_end' };
  let end = at + 1;
  while (end < content.length && levelOf(content[end]!) > levelOf(content[at]!)) end += 1;
  return {
    kind: 'petition_letter',
    content: [...content.slice(0, end), p, ...content.slice(end)],
    msg: 'accepted_section',
    vars: { heading: textOfBlock(content[at]!).trim().slice(0, 200) },
  };
}

/** Each reference's stamped page count (the layout the pins rule counts: numbering/stamped-pages.ts). */
async function pinCounts(ctx: AppContext, s: CaseScope): Promise<Map<string, number | null>> {
  const input = await loadReviewInput(ctx, s);
  return stampedPages(input.numbering, (id) => input.uploads.get(id)?.pages);
}

async function placed(
  ctx: AppContext,
  s: CaseScope,
  target: Exclude<TAssistantTarget, { task: 'outline_letter' }>,
  p: AssistantParagraph,
): Promise<Placed> {
  // Each pin records its exhibit's stamped page count now, so the review flags it when a re-upload changes it.
  const cited = p.sentences.some((x) => x.status === 'kept' && x.citations.some((c) => c.ok && c.pages));
  const counts = cited ? await pinCounts(ctx, s) : undefined;
  const written: TParagraph = paragraphContent(p, counts);
  if (!written.content?.length) throw errorOf(409, AssistantCode.paragraphEmpty);
  const kind: DocumentKind =
    target.task === 'draft_section'
      ? 'petition_letter'
      : target.task === 'explain_finding'
        ? 'rfe_response'
        : target.document_kind;
  const caseId = s.caseRow.id;
  await assertKindAvailable(ctx.db.db, caseId, kind);
  const content = [...(await documentView(ctx.db.db, caseId, kind)).content.content];
  if (target.task === 'draft_section') return placeInSection(content, target.criterion, written);
  if (target.task === 'explain_finding') return { kind, content: [...content, written], msg: 'accepted_end' };
  const block = content[target.block_index];
  if (block?.type !== 'paragraph' || norm(textOfBlock(block)) !== norm(p.replaces ?? '')) {
    throw errorOf(409, AssistantCode.paragraphStale);
  }
  // The block keeps its alignment; its text and references are the accepted paragraph's.
  content[target.block_index] = block.attrs ? { ...written, attrs: block.attrs } : written;
  return { kind, content, msg: 'accepted_replaced' };
}

/** Sets one paragraph's decision if the draft is still at the version read (a concurrent decision: 409). */
async function mark(ctx: AppContext, row: DraftRow, index: number, decision: AssistantParagraph['decision']) {
  const paragraphs = (row.paragraphs as AssistantParagraph[]).map((p, i) =>
    i === index ? { ...p, decision } : p,
  );
  const [next] = await ctx.db.db
    .update(assistantDraft)
    .set({ paragraphs, version: row.version + 1, updatedAt: ctx.clock.now() })
    .where(and(eq(assistantDraft.id, row.id), eq(assistantDraft.version, row.version)))
    .returning();
  if (!next) throw errorOf(409, AssistantCode.decided);
  return next;
}

export async function decideParagraph(
  ctx: AppContext,
  s: CaseScope,
  draftId: number,
  index: number,
  body: { decision: 'accepted' | 'rejected'; document_version?: number | undefined },
): Promise<{ draft: TAssistantDraft; document_version: number | null; msg: string }> {
  const t = (key: string, vars: Record<string, string> = {}) =>
    translate(s.locale, `assistant:server.${key}`, vars);
  const row = await draftRow(ctx.db.db, s.caseRow.id, draftId);
  if (row.status !== 'ready') throw errorOf(409, AssistantCode.notReady);
  const p = (row.paragraphs as AssistantParagraph[])[index];
  if (!p) throw notFound();
  if (p.decision === 'accepted') throw errorOf(409, AssistantCode.decided);
  if (body.decision === 'rejected') {
    const next = p.decision === 'rejected' ? row : await mark(ctx, row, index, 'rejected');
    return { draft: draftView(next, s.locale), document_version: null, msg: t('rejected') };
  }
  const target = ZAssistantTarget.parse(row.target);
  if (target.task === 'outline_letter') {
    const next = await mark(ctx, row, index, 'accepted');
    return { draft: draftView(next, s.locale), document_version: null, msg: t('accepted_outline') };
  }
  if (body.document_version === undefined) throw errorOf(400, AssistantCode.versionRequired);
  const place = await placed(ctx, s, target, p);
  // Claimed first, so two accepts of one paragraph cannot both write; given back if the save is refused.
  const claimed = await mark(ctx, row, index, 'accepted');
  try {
    const doc = await saveDocument(ctx, s.caseRow.id, place.kind, {
      version: body.document_version,
      content: { type: 'doc', content: place.content },
    });
    return {
      draft: draftView(claimed, s.locale),
      document_version: doc.version,
      msg: t(place.msg, place.vars),
    };
  } catch (err) {
    await mark(ctx, claimed, index, p.decision).catch((e: unknown) =>
      ctx.logger.error({ err: e, draftId }, 'assistant: decision not given back'),
    );
    throw err;
  }
}
