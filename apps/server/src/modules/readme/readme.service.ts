import {
  type Locale,
  type ProjectCode,
  README_PARTS,
  README_PROCEDURES,
  STAGE_TAB,
  type TReadme,
  type TReadmePartState,
  type TRight,
} from '@dossier/contract';
import { translate } from '@dossier/i18n';
import type { AppContext } from '../../context.ts';
import { type CaseRow, categoryOf, contextOf } from '../case/case.service.ts';
import { feesOf, formSummaries } from '../case/case-summary.service.ts';
import { eta9089Row } from '../case/eta9089-signed.service.ts';
import { type FilingForm, submitStage } from '../case/stages.service.ts';
import { hasContent } from '../documents/documents.service.ts';
import type { CaseContext } from '../forms/form-state.ts';
import { filingStates } from '../forms/immigration-data.service.ts';
import { documentNotEnglish, untranslatedUploads } from '../language/untranslated.ts';
import { unresolvedReferences } from '../numbering/unresolved.ts';
import { runReview } from '../review/review.service.ts';
import { loadReviewInput, type ReviewInput } from '../review/review-input.ts';
import { myRights } from '../shop/rights.service.ts';
import { readmeState } from './readme.gate.ts';
import { type CaseFacts, missingIn, warningsOf } from './readme-checks.ts';
import { blocksByPart, reviewItem, reviewWarnings } from './readme-review.ts';
import { partComplete } from './readme-stage.ts';

/**
 * ReadMe — Notice before Submission (issue 14 item 1; spec §2 ReadMe, §4 Checklist, §5 Guidance rules):
 * Step I the five parts with what is missing and the guidance warnings, Step II the caller's services for the
 * project, Step III the procedures after filing with the case's fees. "I confirm" is the readme stage's
 * submission (decision 0026).
 */

export interface ReadmeScope {
  customerId: number;
  caseRow: CaseRow;
  projectCode: ProjectCode;
  locale: Locale;
}

async function caseFacts(
  ctx: AppContext,
  s: ReadmeScope,
  forms: readonly FilingForm[],
  cc: CaseContext,
  /** The caller's services for this project (Step II; the translation offer). */
  services: readonly TRight[],
  // The case's rows read once (by the review input); the numbering (what each reference prints) computed once.
  input: ReviewInput,
): Promise<CaseFacts> {
  const { rows, numbering } = input;
  const plan = rows.documents.find((d) => d.kind === 'us_plan');
  const petition = rows.documents.find((d) => d.kind === 'petition_letter');
  const planLanguage = plan && plan.version > 0 ? documentNotEnglish(plan.content) : null;
  const petitionLanguage = petition && petition.version > 0 ? documentNotEnglish(petition.content) : null;
  return {
    category: categoryOf(s.projectCode),
    forms,
    formSummaries: await formSummaries(ctx, cc, forms),
    claim: rows.claim,
    folders: numbering.folders.map((n) => n.folder),
    files: numbering.exhibits.flatMap((n) => n.files.map((f) => f.file)),
    letters: numbering.letters.map((l) => l.letter),
    attachments: numbering.attachments.map((a) => a.attachment),
    documents: { ...(plan ? { us_plan: plan } : {}), ...(petition ? { petition_letter: petition } : {}) },
    unresolved: [
      ...(petition ? unresolvedReferences('petition_letter', petition.content, numbering.targets) : []),
      ...(plan ? unresolvedReferences('us_plan', plan.content, numbering.targets) : []),
    ],
    notEnglish: {
      documents: {
        ...(planLanguage ? { us_plan: planLanguage } : {}),
        ...(petitionLanguage ? { petition_letter: petitionLanguage } : {}),
      },
      uploads: await untranslatedUploads(ctx.db.db, s.caseRow.id),
    },
    eta9089Missing:
      categoryOf(s.projectCode) === 'NIW' && !(await eta9089Row(ctx.db.db, s.caseRow.id))?.formUploadId,
    translationHeld: services.some((r) => r.service === 'TRANSLATION'),
    hasContent,
  };
}

/** `GET /api/customer/case/{id}/readme/` */
export async function readmeView(ctx: AppContext, s: ReadmeScope): Promise<TReadme> {
  const cc = await contextOf(ctx, s.caseRow, s.projectCode);
  const forms = await filingStates(ctx, s.caseRow, cc);
  // The case review (issue 31 item 7): run over the same reads; its blocking findings keep their part incomplete.
  const [input, rights] = await Promise.all([
    loadReviewInput(ctx, s, { cc, forms }),
    myRights(ctx, s.customerId, s.locale),
  ]);
  const review = runReview(input, s.locale);
  const blocks = blocksByPart(review);
  const services = rights.filter((r) => r.project_code === s.projectCode);
  const [state, facts] = await Promise.all([
    readmeState(ctx, s.caseRow, cc, forms, new Set(blocks.keys())),
    caseFacts(ctx, s, forms, cc, services, input),
  ]);
  const parts: TReadmePartState[] = README_PARTS.map((key) => {
    const c = state.parts[key];
    const blocking = (blocks.get(key) ?? []).map((f) => reviewItem(f, s.locale));
    const complete = partComplete(c) && blocking.length === 0;
    const reasons = complete
      ? []
      : [...(partComplete(c) ? [] : missingIn(key, facts, s.locale)), ...blocking];
    return {
      key,
      complete,
      progress: { done: c.done, total: c.total },
      // Never "incomplete" without a reason to fix.
      missing:
        complete || reasons.length > 0
          ? reasons
          : [
              {
                code: 'readme_part_incomplete',
                msg: translate(s.locale, 'checklist:part_incomplete'),
                tab: STAGE_TAB[key],
                target: null,
              },
            ],
    };
  });
  const paymentForm = facts.formSummaries.find((f) => f.form_number === cc.paymentMethod);
  return {
    case_id: s.caseRow.id,
    parts,
    warnings: [...warningsOf(facts, s.locale), ...reviewWarnings(review, s.locale)],
    can_confirm: parts.every((p) => p.complete),
    confirmed_at: state.confirmedAt?.toISOString() ?? null,
    confirmed: state.confirmed,
    services,
    procedures: [...README_PROCEDURES],
    fees: feesOf(cc, paymentForm),
  };
}

/**
 * `POST …/readme/confirm/`: records the readme stage's submission when every part is complete (409
 * stage_incomplete otherwise); confirming again while it stands changes nothing.
 */
export async function confirmReadme(ctx: AppContext, s: ReadmeScope): Promise<TReadme> {
  const cc = await contextOf(ctx, s.caseRow, s.projectCode);
  const forms = await filingStates(ctx, s.caseRow, cc);
  await submitStage(ctx, { caseRow: s.caseRow, cc, forms, stage: 'readme' });
  return readmeView(ctx, s);
}
