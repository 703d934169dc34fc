import type { Locale, ProjectCode } from '@dossier/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { caseDocument, letterEvidence, rfeFinding, upload } from '../../db/schema/index.ts';
import { type CaseRow, categoryOf, contextOf, todayOf } from '../case/case.service.ts';
import type { FilingForm } from '../case/stages.service.ts';
import type { Target } from '../documents/numbering.ts';
import { rfeTargets } from '../documents/rfe-response.ts';
import type { CaseContext } from '../forms/form-state.ts';
import { filingStates } from '../forms/immigration-data.service.ts';
import { type CaseNumbering, numberCase } from '../numbering/case-numbering.ts';
import { type CaseRows, loadCaseRows } from '../numbering/numbering.load.ts';
import { latestRfeId } from '../rfe/rfe.service.ts';
import { intendedKeys } from './review-intended.ts';
import { pageTextsOf } from './review-texts.ts';

/**
 * What every review rule reads (issue 31): the case's rows read once, the numbering computed once from them, the
 * forms' answers, the uploads' page counts and page texts. Rules are pure functions of this (rules/*.ts).
 */
export interface UploadFacts {
  id: number;
  originalName: string;
  pages: number | null;
  sha256: string;
}

export interface ReviewInput {
  caseRow: CaseRow;
  category: 'EB1A' | 'NIW';
  /** The customer's today (their time zone), YYYY-MM-DD. */
  today: string;
  rows: CaseRows;
  numbering: CaseNumbering;
  /** The shared profile (packages/forms profile.ts keys → values). */
  profile: Record<string, unknown>;
  cc: CaseContext;
  /** The filing's forms with their stored answers (row.data) and state. */
  forms: readonly FilingForm[];
  /** Every upload the case's files, letters and attachments use, by id. */
  uploads: ReadonlyMap<number, UploadFacts>;
  /** Each upload's text per page (text layer; [] when it has none or it was never read). */
  texts: ReadonlyMap<number, readonly string[]>;
  /** Finding keys the customer marked as intended. */
  intended: ReadonlySet<string>;
  /** The folders each recommendation letter cites (letter_evidence rows of the case's letters). */
  letterEvidence: readonly { letterId: number; folderId: number }[];
  /**
   * The response letter's reference targets (`folder:<id>` → its number in the latest RFE's numbering, decision
   * 0077): what its references print. Empty without a response letter or an RFE.
   */
  rfeTargets?: ReadonlyMap<string, Target>;
  /** The criteria (or NIW prongs) the latest RFE's findings name, when the response letter exists. */
  rfeCriteria?: readonly string[];
}

/** The upload ids the case's rows use (originals and translations). */
export function caseUploadIds(rows: CaseRows): number[] {
  const ids = new Set<number>();
  const add = (id: number | null | undefined) => {
    if (id) ids.add(id);
  };
  for (const f of rows.files) {
    add(f.originalUploadId);
    add(f.translationUploadId);
  }
  for (const l of rows.letters) {
    add(l.letterUploadId);
    add(l.letterTranslationUploadId);
    add(l.resumeUploadId);
    add(l.resumeTranslationUploadId);
  }
  for (const a of rows.attachments) {
    add(a.uploadId);
    add(a.translationUploadId);
  }
  return [...ids];
}

/**
 * `known`: what the caller already read for the same case (the checklist and the schedule hold the rule context and
 * the forms' states), so the review does not read them a second time.
 */
export async function loadReviewInput(
  ctx: AppContext,
  s: { caseRow: CaseRow; projectCode: ProjectCode },
  known?: { cc: CaseContext; forms: readonly FilingForm[] },
): Promise<ReviewInput> {
  const [caseRows, cc, today, intended] = await Promise.all([
    loadCaseRows(ctx.db.db, s.caseRow.id, { documents: true }),
    known?.cc ?? contextOf(ctx, s.caseRow, s.projectCode),
    known?.cc.today ?? todayOf(ctx, s.caseRow),
    intendedKeys(ctx.db.db, s.caseRow.id),
  ]);
  // The RFE response letter (decision 0077): the rules that read a document by kind (leftovers) read it too; the
  // case rows carry the petition's documents only.
  const [response] = await ctx.db.db
    .select()
    .from(caseDocument)
    .where(and(eq(caseDocument.caseId, s.caseRow.id), eq(caseDocument.kind, 'rfe_response')));
  // A copy: inside a read scope the case rows are shared with the packet's plan, which must not see this letter.
  const rows: CaseRows = response ? { ...caseRows, documents: [...caseRows.documents, response] } : caseRows;
  // Its references are numbered by the RFE (pins, unsupported read them), its findings name the criteria it argues;
  // read only when there is a letter.
  const rfeId = response ? await latestRfeId(ctx, s.caseRow.id) : null;
  const [responseTargets, findingRows] =
    rfeId === null
      ? [new Map<string, Target>(), []]
      : await Promise.all([
          rfeTargets(ctx, s.caseRow.id),
          ctx.db.db
            .select({ criterion: rfeFinding.criterion })
            .from(rfeFinding)
            .where(and(eq(rfeFinding.rfeId, rfeId), eq(rfeFinding.caseId, s.caseRow.id))),
        ]);
  const ids = caseUploadIds(rows);
  const letterIds = rows.letters.map((l) => l.id);
  const [forms, uploadRows, texts, letterEvidenceRows] = await Promise.all([
    known?.forms ?? filingStates(ctx, s.caseRow, cc),
    ids.length === 0
      ? []
      : ctx.db.db
          .select({
            id: upload.id,
            originalName: upload.originalName,
            pages: upload.pages,
            sha256: upload.sha256,
          })
          .from(upload)
          .where(inArray(upload.id, ids)),
    pageTextsOf(ctx, ids),
    letterIds.length === 0
      ? []
      : ctx.db.db
          .select({ letterId: letterEvidence.letterId, folderId: letterEvidence.folderId })
          .from(letterEvidence)
          .where(inArray(letterEvidence.letterId, letterIds)),
  ]);
  return {
    caseRow: s.caseRow,
    category: categoryOf(s.projectCode),
    today,
    rows,
    numbering: numberCase(rows),
    profile: (s.caseRow.profile ?? {}) as Record<string, unknown>,
    cc,
    forms,
    uploads: new Map(uploadRows.map((u) => [u.id, u])),
    texts,
    intended,
    letterEvidence: letterEvidenceRows,
    rfeTargets: responseTargets,
    rfeCriteria: [...new Set(findingRows.flatMap((f) => (f.criterion ? [f.criterion] : [])))],
  };
}

/** A rule: pure, in the caller's language. */
export type ReviewRuleFn = (
  input: ReviewInput,
  locale: Locale,
) => import('@dossier/contract').TReviewFinding[];
