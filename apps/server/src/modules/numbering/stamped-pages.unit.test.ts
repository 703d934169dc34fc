import { describe, expect, it } from 'vitest';
import type { FileRow, FolderRow, LetterRow, NumberingRows } from './case-numbering.ts';
import { numberCase } from './case-numbering.ts';
import { stampedPages, stampedUploadIds } from './stamped-pages.ts';

/**
 * Decision 0073: an exhibit's and a letter's pages as the packet stamps them (assemble-packet.ts): tab or
 * separator page, originals in order, translations and their certificate, a letter's CV and its translation.
 */
const at = new Date('2026-11-29T00:00:00Z');
const folder = {
  id: 1,
  caseId: 1,
  criterion: 'judge',
  name: 'F',
  nameEn: null,
  description: null,
  kind: null,
  evidenceDate: null,
  sortOrder: 0,
  createdAt: at,
  updatedAt: at,
} satisfies FolderRow;
const file = (id: number, original: number, translation: number | null) =>
  ({
    id,
    caseId: 1,
    folderId: 1,
    name: `f${id}`,
    nameEn: null,
    webLink: null,
    needsTranslation: translation !== null,
    translationMode: translation === null ? null : 'service',
    originalUploadId: original,
    translationUploadId: translation,
    sortOrder: id,
    createdAt: at,
    updatedAt: at,
  }) satisfies FileRow;
const letter = {
  id: 7,
  caseId: 1,
  name: 'L',
  jobTitle: 'P',
  nameEn: null,
  jobTitleEn: null,
  needsTranslation: true,
  translationMode: 'service',
  letterUploadId: 30,
  letterTranslationUploadId: 31,
  resumeUploadId: 32,
  resumeTranslationUploadId: 33,
  status: 'drafting',
  independent: true,
  relation: null,
  coauthored: false,
  sortOrder: 0,
  createdAt: at,
  updatedAt: at,
} satisfies LetterRow;
const rows: NumberingRows = {
  claimed: ['judge'],
  folders: [folder],
  files: [file(2, 10, null), file(3, 11, 12)],
  letters: [letter],
  attachments: [],
  order: { mode: 'criterion', sequence: [] },
  petitionLetter: null,
};
const PAGES: Record<number, number> = { 10: 2, 11: 3, 12: 4, 30: 2, 31: 1, 32: 3, 33: 2 };

describe('pages as stamped', () => {
  it('counts an exhibit and a letter as the packet places them; a file counts over its exhibit', () => {
    const n = numberCase(rows);
    const pages = stampedPages(n, (id) => PAGES[id]);
    // Tab 1 + originals 2 + 3 + the translation 4 + its certificate 1.
    expect(pages.get('folder:1')).toBe(11);
    expect(pages.get('file:2')).toBe(11);
    expect(pages.get('file:3')).toBe(11);
    // Separator 1 + letter 2 + translation 1 + certificate 1 + CV 3 + its translation 2 + certificate 1.
    expect(pages.get('letter:7')).toBe(11);
    expect(stampedUploadIds(n).sort((a, b) => a - b)).toEqual([10, 11, 12, 30, 31, 32, 33]);
  });

  it('is unknown while one page count is', () => {
    const pages = stampedPages(numberCase(rows), (id) => (id === 12 ? null : PAGES[id]));
    expect(pages.get('folder:1')).toBeNull();
    expect(pages.get('letter:7')).toBe(11);
  });
});
