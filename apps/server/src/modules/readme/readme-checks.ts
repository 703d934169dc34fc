import {
  EB1A_CRITERIA,
  EB1A_CRITERIA_MIN,
  type Locale,
  NIW_EXCEPTIONAL_ABILITY_MIN,
  RECOMMENDATION_LETTERS_MIN,
  type ReadmePart,
  STAGE_TAB,
  type TCaseFormSummary,
  type TReadmeItem,
} from '@dossier/contract';
import { translate } from '@dossier/i18n';
import type { caseDocument, planAttachment, recommendationLetter } from '../../db/schema/index.ts';
import type { FilingForm } from '../case/stages.service.ts';
import type { Claim } from '../evidence/criteria.service.ts';
import { criterionLabel } from '../evidence/criteria-content.ts';
import type { FileRow, FolderRow } from '../evidence/folders.store.ts';
import type { LanguageCode } from '../language/language-check.ts';
import type { NotEnglish } from '../language/untranslated.ts';
import type { UnresolvedReference } from '../numbering/unresolved.ts';
import { formsMissing, formsWarnings } from './readme-forms.ts';

/**
 * The checklist's reasons (issue 14 item 1; spec §4 Checklist, §5 Guidance rules), pure: what keeps each part
 * from being complete, and the guidance warnings that never block. Each item names the workbench tab and a
 * target there: a form number, a criterion key, a folder / letter / attachment id, or a document kind.
 */

export interface CaseFacts {
  category: 'EB1A' | 'NIW';
  forms: readonly FilingForm[];
  formSummaries: readonly TCaseFormSummary[];
  claim: Claim;
  folders: readonly FolderRow[];
  files: readonly FileRow[];
  letters: readonly (typeof recommendationLetter.$inferSelect)[];
  attachments: readonly (typeof planAttachment.$inferSelect)[];
  documents: Partial<Record<'us_plan' | 'petition_letter', typeof caseDocument.$inferSelect>>;
  /**
   * References of the petition letter and the US plan that print no number (issue 28 item 3): the target was
   * deleted or has no file yet. Each blocks its document's part, naming the document, the paragraph and the target.
   */
  unresolved: readonly UnresolvedReference[];
  /**
   * What would be mailed in another language without an English translation (issue 28 item 5): the documents'
   * language when it is not English, and the untranslated evidence files, letters and attachments whose text is not.
   */
  notEnglish: {
    documents: Partial<Record<'us_plan' | 'petition_letter', LanguageCode>>;
    uploads: readonly NotEnglish[];
  };
  /**
   * NIW: the signed ETA-9089 (main form with Appendix A) is not uploaded yet (decision 0060); false for EB-1A. The
   * Final Determination is optional and never missing.
   */
  eta9089Missing: boolean;
  /** The customer holds the translation service for the project (else the checklist offers it). */
  translationHeld: boolean;
  hasContent: (doc: unknown) => boolean;
}

/** The six exceptional-ability criteria of 8 CFR 204.5(k)(3)(ii)(A)–(F) among the NIW evidence categories. */
const NIW_EXCEPTIONAL_SIX = ['degree', 'job', 'license', 'salary', 'membership', 'contributions'];

function itemMaker(locale: Locale) {
  return (
    code: string,
    key: string,
    part: ReadmePart,
    target: string | number | null,
    vars: Record<string, string | number> = {},
  ): TReadmeItem => ({
    code: `readme_${code}`,
    msg: translate(locale, `checklist:${key}`, vars),
    tab: STAGE_TAB[part],
    target: target === null ? null : String(target),
  });
}

/** Criteria (claimed or not) that hold at least one evidence file. */
function criteriaWithFiles(f: CaseFacts): Set<string> {
  const criterionOf = new Map(f.folders.map((x) => [x.id, x.criterion]));
  return new Set(f.files.map((x) => criterionOf.get(x.folderId)).filter((c): c is string => c !== undefined));
}

/** Why `part` is not complete (the caller only asks for incomplete parts). */
export function missingIn(part: ReadmePart, f: CaseFacts, locale: Locale): TReadmeItem[] {
  if (part === 'forms') {
    const item = itemMaker(locale);
    // The Fix link opens the ETA-9089 page of the Form tab (web readme-model `fixLink`: target `eta9089`).
    const eta = f.eta9089Missing ? [item('eta9089_missing', 'missing.eta9089_missing', part, 'eta9089')] : [];
    return [...formsMissing(f.forms, locale), ...eta];
  }
  return [...partMissing(part, f, locale), ...notEnglishItems(part, f, locale)];
}

function partMissing(part: Exclude<ReadmePart, 'forms'>, f: CaseFacts, locale: Locale): TReadmeItem[] {
  const item = itemMaker(locale);
  const m = (code: string, target: string | number | null, vars: Record<string, string | number> = {}) =>
    item(code, `missing.${code}`, part, target, vars);
  if (part === 'evidence') {
    if (f.category === 'NIW' && f.claim.niwDirection === null) return [m('niw_direction_none', null)];
    if (f.claim.claimed.length === 0) return [m('criteria_none', null)];
    const withFiles = criteriaWithFiles(f);
    return f.claim.claimed
      .filter((c) => !withFiles.has(c))
      .map((c) => m('criterion_empty', c, { criterion: criterionLabel(c, locale) }));
  }
  if (part === 'letters') {
    if (f.letters.length === 0) return [m('letters_none', null)];
    return f.letters.flatMap((l) => {
      if (l.letterUploadId === null) return [m('letter_file_missing', l.id, { name: l.name })];
      if (l.needsTranslation && l.translationMode === 'personal' && l.letterTranslationUploadId === null) {
        return [m('letter_translation_missing', l.id, { name: l.name })];
      }
      return [];
    });
  }
  if (part === 'plan') {
    const doc = f.documents.us_plan;
    if (!doc || doc.version === 0 || !f.hasContent(doc.content)) return [m('plan_empty', 'us_plan')];
    return unresolvedItems(f, 'us_plan', part, locale);
  }
  const doc = f.documents.petition_letter;
  if (!doc || doc.version === 0 || !f.hasContent(doc.content))
    return [m('petition_empty', 'petition_letter')];
  return unresolvedItems(f, 'petition_letter', part, locale);
}

const UPLOAD_PART = { evidence: 'evidence', letter: 'letters', attachment: 'plan' } as const;

/**
 * Issue 28 item 5: one item per document or untranslated file of the part whose text is not English, naming it and
 * its language, with the way out (write it in English / upload an English translation) and, when the customer does
 * not hold it, the translation service.
 */
function notEnglishItems(part: ReadmePart, f: CaseFacts, locale: Locale): TReadmeItem[] {
  const item = itemMaker(locale);
  const offer = f.translationHeld ? '' : translate(locale, 'checklist:missing.translation_offer');
  const language = (code: LanguageCode) => translate(locale, `checklist:language.${code}`);
  const out: TReadmeItem[] = [];
  const document = part === 'plan' ? 'us_plan' : part === 'petition' ? 'petition_letter' : null;
  const docLanguage = document ? f.notEnglish.documents[document] : undefined;
  if (document && docLanguage) {
    out.push(
      item('not_english_document', 'missing.not_english_document', part, document, {
        document: translate(locale, `checklist:document.${document}`),
        language: language(docLanguage),
        offer,
      }),
    );
  }
  // A letter whose personal translation is missing is already named by letter_translation_missing.
  const personalMissing = new Set(
    f.letters
      .filter(
        (l) => l.needsTranslation && l.translationMode === 'personal' && l.letterTranslationUploadId === null,
      )
      .map((l) => l.id),
  );
  for (const u of f.notEnglish.uploads) {
    if (UPLOAD_PART[u.kind] !== part) continue;
    if (u.kind === 'letter' && personalMissing.has(u.id)) continue;
    out.push(
      item(`not_english_${u.kind}`, `missing.not_english_${u.kind}`, part, u.folderId ?? u.id, {
        name: u.name,
        language: language(u.language),
        offer,
      }),
    );
  }
  return out;
}

/**
 * One item per unresolved target of the document: "Petition letter, paragraph 3 (“The petitioner…”): the reference
 * to “Best paper award” has no exhibit number because …". The target is `<document>#<paragraph>`: the editor opens
 * at that paragraph.
 */
function unresolvedItems(
  f: CaseFacts,
  document: 'us_plan' | 'petition_letter',
  part: ReadmePart,
  locale: Locale,
): TReadmeItem[] {
  const item = itemMaker(locale);
  return f.unresolved
    .filter((u) => u.document === document)
    .map((u) =>
      item(
        `reference_${u.reason}`,
        `missing.reference_${u.reason}_${u.kind}`,
        part,
        `${document}#${u.paragraph}`,
        {
          document: translate(locale, `checklist:document.${document}`),
          paragraph: u.paragraph,
          excerpt: u.excerpt,
          name: u.name ?? '',
          more: u.more > 0 ? translate(locale, 'checklist:missing.reference_more', { count: u.more }) : '',
        },
      ),
    );
}

/** Spec §5 guidance and issue 14's list: advice, never a reason to refuse "I confirm". */
export function warningsOf(f: CaseFacts, locale: Locale): TReadmeItem[] {
  const item = itemMaker(locale);
  const w = (
    code: string,
    part: ReadmePart,
    target: string | number | null,
    vars: Record<string, string | number> = {},
    key = code,
  ) => item(code, `warning.${key}`, part, target, vars);
  const out: TReadmeItem[] = [];
  const withFiles = criteriaWithFiles(f);
  const claimedWithFiles = f.claim.claimed.filter((c) => withFiles.has(c));
  if (f.category === 'EB1A') {
    const count = claimedWithFiles.filter((c) => (EB1A_CRITERIA as readonly string[]).includes(c)).length;
    if (count < EB1A_CRITERIA_MIN) out.push(w('criteria_few', 'evidence', null, { count }));
  } else if (f.claim.niwDirection === 'exceptional_ability') {
    const count = claimedWithFiles.filter((c) => NIW_EXCEPTIONAL_SIX.includes(c)).length;
    if (count < NIW_EXCEPTIONAL_ABILITY_MIN) out.push(w('niw_exceptional_few', 'evidence', null, { count }));
  }
  if (f.letters.length < RECOMMENDATION_LETTERS_MIN) {
    out.push(w('letters_few', 'letters', null, { count: f.letters.length }));
  }
  if (f.letters.length > 0 && !f.letters.some((l) => l.independent)) {
    out.push(w('letters_no_independent', 'letters', null));
  }
  // Unresolved references of the petition letter and the plan block their parts (missingIn), never advice only.
  out.push(...translationWarnings(f, w));
  out.push(...formsWarnings(f.forms, locale));
  for (const s of f.formSummaries) {
    // A payment form no published edition fills: the packet holds its "fill by hand" page (issue 30 item 4).
    if (!s.pdf.available && (s.form_number === 'G-1450' || s.form_number === 'G-1650')) {
      out.push(w('form_by_hand', 'forms', s.form_number, { form: s.form_number }));
      continue;
    }
    if (s.pdf.reason !== 'outdated_edition') continue;
    const current = s.pdf.current_edition;
    const key = current ? 'form_edition_outdated' : 'form_edition_outdated_unknown';
    out.push(
      w(
        'form_edition_outdated',
        'forms',
        s.form_number,
        { form: s.form_number, edition: s.edition, current: current ?? '' },
        key,
      ),
    );
  }
  return out;
}

type Warn = (
  code: string,
  part: ReadmePart,
  target: string | number | null,
  vars?: Record<string, string | number>,
  key?: string,
) => TReadmeItem;

/** Files marked as needing a translation that has not arrived (the service's, or a résumé's). */
function translationWarnings(f: CaseFacts, w: Warn): TReadmeItem[] {
  const code = 'translation_missing';
  const out: TReadmeItem[] = [];
  // What is already a blocking item because its text is not English is not repeated as advice.
  const blocked = (kind: NotEnglish['kind'], id: number) =>
    f.notEnglish.uploads.some((u) => u.kind === kind && u.id === id);
  for (const file of f.files) {
    if (file.needsTranslation && file.translationUploadId === null && !blocked('evidence', file.id)) {
      out.push(w(code, 'evidence', file.folderId, { name: file.name }, `${code}_evidence`));
    }
  }
  for (const l of f.letters) {
    // A personal translation missing is already a reason the letters part is incomplete.
    const letterMissing = l.letterUploadId !== null && l.letterTranslationUploadId === null;
    if (l.needsTranslation && letterMissing && l.translationMode !== 'personal' && !blocked('letter', l.id)) {
      out.push(w(code, 'letters', l.id, { name: l.name }, `${code}_letter`));
    }
    if (l.needsTranslation && l.resumeUploadId !== null && l.resumeTranslationUploadId === null) {
      out.push(w(code, 'letters', l.id, { name: l.name }, `${code}_resume`));
    }
  }
  for (const a of f.attachments) {
    if (a.needsTranslation && a.translationUploadId === null && !blocked('attachment', a.id)) {
      out.push(w(code, 'plan', a.id, { name: a.name }, `${code}_attachment`));
    }
  }
  return out;
}
