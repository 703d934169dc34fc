import type { ReviewInput } from '../review-input.ts';

/** Review inputs for the letter rules' unit tests (letters.unit.test.ts, read-alike.unit.test.ts). */
export type LetterRow = ReviewInput['rows']['letters'][number];

/** A recommender as stored; `letterUploadId` null: no letter uploaded (not numbered). */
export function letterRow(id: number, o: Partial<LetterRow> = {}): LetterRow {
  return {
    id,
    caseId: 1,
    name: `Recommender ${id}`,
    jobTitle: 'Professor',
    nameEn: null,
    jobTitleEn: null,
    needsTranslation: false,
    translationMode: null,
    letterUploadId: 100 + id,
    letterTranslationUploadId: null,
    resumeUploadId: null,
    resumeTranslationUploadId: null,
    status: 'received',
    independent: false,
    relation: 'collaborator',
    coauthored: false,
    sortOrder: id,
    createdAt: new Date(0),
    updatedAt: new Date(0),
    ...o,
  };
}

/** The part of the review input the letter rules read. */
export function letterInput(
  letters: LetterRow[],
  texts: ReadonlyMap<number, readonly string[]> = new Map(),
): ReviewInput {
  let n = 0;
  return {
    rows: { letters },
    numbering: {
      letters: letters.map((letter) => ({ letter, number: letter.letterUploadId ? ++n : null })),
    },
    texts,
  } as unknown as ReviewInput;
}
