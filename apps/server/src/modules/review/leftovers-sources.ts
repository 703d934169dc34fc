import type { Locale, TReviewPlace } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { blockText } from '../numbering/unresolved.ts';
import type { ReviewInput } from './review-input.ts';
import { blocksOf, blockTarget, DOCUMENT_TAB } from './rules/document-blocks.ts';

/**
 * What the case mails, as the text rules read it (issue 31 items 3 and 6; decision 0072): the petition letter's and
 * the US plan's top-level blocks, and every upload a row of the case uses, each with the place a finding names
 * (workbench tab, target, label in the caller's language: "Exhibit 4.2 · Award certificate (translation)").
 * Pure: a function of the review input.
 */

/** The petition's documents, and the RFE response letter (issue 32 item 4, decision 0077) when it exists. */
export type MailedDocument = 'petition_letter' | 'us_plan' | 'rfe_response';

export interface DocumentBlock {
  document: MailedDocument;
  /**
   * The paragraph as the checklist, the editor margin and its `?target=` link number it (rules/document-blocks.ts:
   * 1-based, page breaks not counted): the target `petition_letter#<paragraph>`.
   */
  paragraph: number;
  text: string;
}

/** What an upload is in the case. */
export type UploadRole =
  | 'exhibit'
  | 'exhibit_translation'
  | 'letter'
  | 'letter_translation'
  | 'cv'
  | 'cv_translation'
  | 'attachment'
  | 'attachment_translation';

export interface UploadSource {
  uploadId: number;
  role: UploadRole;
  /** The row and its part: `file:12`, `file:12:translation`, `letter:3`, `letter:3:cv` …: stable finding keys. */
  key: string;
  place: TReviewPlace;
  /** Its text is meant to be English: a translation, or an original that needs none. */
  english: boolean;
  /** Written or put together by the customer (letters, translations): template text is a slip there. */
  authored: boolean;
  /** The row's names (the customer's, the English one) for an exhibit or a plan attachment: what gives a sample away. */
  names: string[];
  /** For a translation: the original's upload and the mode (`personal`: certified by the petitioner). */
  original: { uploadId: number; key: string; place: TReviewPlace } | null;
  mode: string | null;
}

/** `Petition letter, paragraph 12` at `petition_letter#12`. */
export function paragraphPlace(document: MailedDocument, paragraph: number, locale: Locale): TReviewPlace {
  return {
    tab: DOCUMENT_TAB[document],
    target: blockTarget(document, paragraph),
    label: translate(locale, 'review:leftovers.place.paragraph', {
      document: translate(locale, `checklist:document.${document}`),
      paragraph,
    }),
  };
}

/**
 * The top-level blocks of the petition letter and the US plan (and of the RFE response letter when asked) with their
 * text (references and footnotes left out).
 */
export function documentBlocks(
  input: ReviewInput,
  documents: readonly MailedDocument[] = ['petition_letter', 'us_plan'],
): DocumentBlock[] {
  const out: DocumentBlock[] = [];
  for (const document of documents) {
    for (const b of blocksOf(input.rows, document)) {
      const text = blockText(b.node);
      if (text) out.push({ document, paragraph: b.paragraph, text });
    }
  }
  return out;
}

const clip = (s: string) => (s.length > 120 ? `${s.slice(0, 119)}…` : s);

/** Every upload the case's rows use, in packet order (exhibits, letters, attachments), with its place. */
export function uploadSources(input: ReviewInput, locale: Locale): UploadSource[] {
  const t = (key: string, vars: Record<string, string | number>) =>
    clip(translate(locale, `review:leftovers.place.${key}`, vars));
  const out: UploadSource[] = [];
  const push = (
    base: Omit<UploadSource, 'uploadId' | 'original' | 'mode' | 'english' | 'role' | 'key' | 'place'>,
    row: string,
    roles: [UploadRole, UploadRole],
    ids: [number | null, number | null],
    places: [TReviewPlace, TReviewPlace],
    t2: { needsTranslation: boolean; translationMode: string | null },
  ) => {
    const [originalId, translationId] = ids;
    if (originalId) {
      out.push({
        ...base,
        uploadId: originalId,
        role: roles[0],
        key: row,
        place: places[0],
        english: !t2.needsTranslation,
        original: null,
        mode: null,
      });
    }
    if (translationId) {
      out.push({
        ...base,
        authored: true,
        uploadId: translationId,
        role: roles[1],
        key: `${row}:translation`,
        place: places[1],
        english: true,
        original: originalId ? { uploadId: originalId, key: row, place: places[0] } : null,
        mode: t2.translationMode,
      });
    }
  };

  for (const n of input.numbering.exhibits) {
    for (const f of n.files) {
      const vars = { number: f.exhibit, name: f.file.nameEn ?? f.file.name };
      const target = String(n.folder.id);
      push(
        { authored: false, names: [f.file.name, f.file.nameEn ?? ''] },
        `file:${f.file.id}`,
        ['exhibit', 'exhibit_translation'],
        [f.file.originalUploadId, f.file.translationUploadId],
        [
          { tab: 'evidence', target, label: t('exhibit', vars) },
          { tab: 'evidence', target, label: t('exhibit_translation', vars) },
        ],
        f.file,
      );
    }
  }
  for (const { letter: l, number } of input.numbering.letters) {
    const vars = { number: number ?? '', name: l.nameEn ?? l.name };
    const target = String(l.id);
    const letterKey = number === null ? 'letter_unnumbered' : 'letter';
    push(
      { authored: true, names: [] },
      `letter:${l.id}`,
      ['letter', 'letter_translation'],
      [l.letterUploadId, l.letterTranslationUploadId],
      [
        { tab: 'reference', target, label: t(letterKey, vars) },
        { tab: 'reference', target, label: t(`${letterKey}_translation`, vars) },
      ],
      l,
    );
    push(
      { authored: false, names: [] },
      `letter:${l.id}:cv`,
      ['cv', 'cv_translation'],
      [l.resumeUploadId, l.resumeTranslationUploadId],
      [
        { tab: 'reference', target, label: t('cv', vars) },
        { tab: 'reference', target, label: t('cv_translation', vars) },
      ],
      l,
    );
  }
  for (const { attachment: a, number } of input.numbering.attachments) {
    const vars = { number, name: a.nameEn ?? a.name };
    const target = String(a.id);
    push(
      { authored: false, names: [a.name, a.nameEn ?? ''] },
      `attachment:${a.id}`,
      ['attachment', 'attachment_translation'],
      [a.uploadId, a.translationUploadId],
      [
        { tab: 'endeavor', target, label: t('attachment', vars) },
        { tab: 'endeavor', target, label: t('attachment_translation', vars) },
      ],
      a,
    );
  }
  return out;
}

/** An upload's text, its pages joined ('' when it has none). */
export function uploadText(input: ReviewInput, uploadId: number): string {
  return (input.texts.get(uploadId) ?? []).join('\n');
}
