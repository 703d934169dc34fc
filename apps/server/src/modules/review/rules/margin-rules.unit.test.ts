import type { TBlock, TInline, TLetterDocument, TPagePin, TReferenceNode } from '@dossier/contract';
import { describe, expect, it } from 'vitest';
import type { FileRow, FolderRow, LetterRow } from '../../numbering/case-numbering.ts';
import { numberCase } from '../../numbering/case-numbering.ts';
import type { CaseRows, DocumentRow } from '../../numbering/numbering.load.ts';
import type { ReviewInput, UploadFacts } from '../review-input.ts';
import { pinsRule } from './pins.ts';
import { uncitedRule } from './uncited.ts';
import { headingCriterion, UNSUPPORTED_MIN_WORDS, unsupportedRule, wordCount } from './unsupported.ts';

/**
 * Issue 31 item 2 (decision 0073): the margin's rules, each case built here — a letter section without
 * references, a pin past the exhibit's pages, a pin after a re-upload changed the page count, exhibits and letters
 * nothing cites.
 */

const at = new Date('2026-11-29T00:00:00Z');
const text = (t: string): TInline => ({ type: 'text', text: t });
const ref = (id: string, pages?: TPagePin, pinned?: number): TReferenceNode => ({
  type: 'reference',
  attrs: {
    kind: id.startsWith('letter:') ? 'letter' : 'exhibit',
    id,
    ...(pages ? { pages } : {}),
    ...(pinned ? { pinned_pages: pinned } : {}),
  },
});
const p = (...content: TInline[]): TBlock => ({ type: 'paragraph', content });
const h = (t: string, level: 1 | 2 | 3 = 2): TBlock => ({
  type: 'heading',
  attrs: { level },
  content: [text(t)],
});
const ARGUMENT =
  'The petitioner served as a reviewer for the leading journals of the field, where editors chose her for her standing and her reviews shaped what was published in the years that followed.';

function folder(id: number, criterion: string, name = `Folder ${id}`): FolderRow {
  return {
    id,
    caseId: 1,
    criterion,
    name,
    nameEn: null,
    description: null,
    kind: null,
    evidenceDate: null,
    sortOrder: id,
    createdAt: at,
    updatedAt: at,
  } satisfies FolderRow;
}
function file(id: number, folderId: number, upload: number, translation: number | null = null): FileRow {
  return {
    id,
    caseId: 1,
    folderId,
    name: `File ${id}`,
    nameEn: null,
    webLink: null,
    needsTranslation: translation !== null,
    translationMode: translation === null ? null : 'personal',
    originalUploadId: upload,
    translationUploadId: translation,
    sortOrder: id,
    createdAt: at,
    updatedAt: at,
  } satisfies FileRow;
}
function letter(id: number, upload: number | null): LetterRow {
  return {
    id,
    caseId: 1,
    name: `推荐人 ${id}`,
    jobTitle: '教授',
    nameEn: `Recommender ${id}`,
    jobTitleEn: null,
    needsTranslation: false,
    translationMode: null,
    letterUploadId: upload,
    letterTranslationUploadId: null,
    resumeUploadId: null,
    resumeTranslationUploadId: null,
    status: 'drafting',
    independent: true,
    relation: null,
    coauthored: false,
    sortOrder: id,
    createdAt: at,
    updatedAt: at,
  } satisfies LetterRow;
}

interface Built {
  claimed?: string[];
  folders?: FolderRow[];
  files?: FileRow[];
  letters?: LetterRow[];
  petition?: TBlock[];
  plan?: TBlock[];
  /** upload id → page count */
  pages?: Record<number, number | null>;
  letterEvidence?: { letterId: number; folderId: number }[];
}

function inputOf(b: Built): ReviewInput {
  const docRow = (kind: string, content: TBlock[]): DocumentRow =>
    ({
      id: kind.length,
      caseId: 1,
      kind,
      version: 1,
      content: { type: 'doc', content },
    }) as unknown as DocumentRow;
  const documents = [
    ...(b.petition ? [docRow('petition_letter', b.petition)] : []),
    ...(b.plan ? [docRow('us_plan', b.plan)] : []),
  ];
  const petitionLetter = (documents.find((d) => d.kind === 'petition_letter')?.content ??
    null) as TLetterDocument | null;
  const rows = {
    claimed: b.claimed ?? ['judge', 'awards'],
    folders: b.folders ?? [],
    files: b.files ?? [],
    letters: b.letters ?? [],
    attachments: [],
    order: { mode: 'criterion', sequence: [] },
    orderSetting: { mode: 'criterion', sequence: [], version: 0 },
    petitionLetter,
    documents,
  } as unknown as CaseRows;
  const uploads = new Map<number, UploadFacts>(
    Object.entries(b.pages ?? {}).map(([id, pages]) => [
      Number(id),
      { id: Number(id), originalName: `${id}.pdf`, pages, sha256: id },
    ]),
  );
  return {
    rows,
    numbering: numberCase(rows),
    uploads,
    letterEvidence: b.letterEvidence ?? [],
    intended: new Set(),
  } as unknown as ReviewInput;
}

describe('unsupported: criterion sections of the petition letter', () => {
  it('marks an arguing paragraph without a reference in a claimed criterion section (zh/en)', () => {
    const input = inputOf({
      folders: [folder(10, 'judge')],
      files: [file(11, 10, 100)],
      pages: { 100: 3 },
      petition: [
        // A page break is not a paragraph (the checklist's numbering, numbering/unresolved.ts).
        { type: 'pageBreak' },
        h('Introduction'),
        p(text(ARGUMENT)),
        h('Judge (8 CFR 204.5(h)(3)(iv))', 3),
        p(text(ARGUMENT)),
        p(text(ARGUMENT), text(' See '), ref('folder:10'), text('.')),
        p(text('Short line.')),
        p(text(`“${ARGUMENT}”`)),
        h('Awards', 3),
        p(text(`${ARGUMENT} Again.`)),
      ],
    });
    const en = unsupportedRule(input, 'en');
    expect(en.map((f) => f.places[0]!.target)).toEqual(['petition_letter#4', 'petition_letter#9']);
    expect(en[0]).toMatchObject({ rule: 'unsupported', severity: 'warn' });
    expect(en[0]!.title).toContain('Judge');
    expect(en[1]!.title).toContain('Awards');
    expect(en[0]!.places[0]!.label).toBe('Petition letter, paragraph 4');
    const zh = unsupportedRule(input, 'zh');
    expect(zh[0]!.title).toContain('评审');
    expect(zh.map((f) => f.key)).toEqual(en.map((f) => f.key));
  });

  it('leaves sections of unclaimed criteria and the background alone; a reference in a footnote supports', () => {
    const input = inputOf({
      claimed: ['awards'],
      petition: [
        h('Judging the work of others'),
        p(text(ARGUMENT)),
        h('Awards'),
        p(text(ARGUMENT), {
          type: 'footnote',
          content: [{ type: 'paragraph', content: [ref('folder:99')] }],
        }),
      ],
    });
    expect(unsupportedRule(input, 'en')).toEqual([]);
  });

  it('maps a section by the exhibits it cites when its heading names no criterion', () => {
    const input = inputOf({
      folders: [folder(10, 'judge')],
      files: [file(11, 10, 100)],
      petition: [h('Her reviews for Nature'), p(text(ARGUMENT), ref('file:11')), p(text(ARGUMENT))],
    });
    expect(unsupportedRule(input, 'en').map((f) => f.places[0]!.target)).toEqual(['petition_letter#3']);
  });

  it('judges a sub-section under a criterion heading as that criterion; a later top section ends it', () => {
    const input = inputOf({
      petition: [
        h('Awards', 2),
        h('Best Paper Award 2021', 3),
        p(text(ARGUMENT)),
        h('Final merits', 2),
        p(text(ARGUMENT)),
      ],
    });
    expect(unsupportedRule(input, 'en').map((f) => f.places[0]!.target)).toEqual(['petition_letter#3']);
  });

  it('reads headings by label, regulation and the words English headings use', () => {
    expect(headingCriterion('4. Judging the Work of Others', ['judge'])).toBe('judge');
    expect(headingCriterion('Criterion (h)(3)(ii): 204.5(h)(3)(ii)', ['awards'])).toBeNull();
    expect(headingCriterion('奖项', ['awards'])).toBe('awards');
    expect(headingCriterion('Original contributions of major significance', ['original_contributions'])).toBe(
      'original_contributions',
    );
    expect(wordCount('one two three')).toBe(3);
    expect(wordCount('申请人在该领域作出了原创性贡献')).toBe(8);
    expect(wordCount(ARGUMENT)).toBeGreaterThanOrEqual(UNSUPPORTED_MIN_WORDS);
  });
});

describe('pins: pages of an exhibit as stamped', () => {
  // Exhibit 1: tab page + 3 pages + 2 pages of translation + certificate = 7 stamped pages.
  const base: Built = {
    folders: [folder(10, 'judge')],
    files: [file(11, 10, 100, 101)],
    pages: { 100: 3, 101: 2 },
  };

  it("blocks a pin beyond the exhibit's page count, once per pin, with every paragraph that holds it", () => {
    const input = inputOf({
      ...base,
      petition: [
        h('Judge'),
        p(text('See '), ref('folder:10', { from: 6, to: 8 }, 7)),
        p(text('Again '), ref('folder:10', { from: 6, to: 8 }, 7)),
        p(text('Fine '), ref('folder:10', { from: 2, to: 7 }, 7)),
      ],
      plan: [p(ref('file:11', { from: 9, to: 9 }))],
    });
    const found = pinsRule(input, 'en');
    expect(found).toHaveLength(2);
    expect(found[0]).toMatchObject({ rule: 'pins', severity: 'block' });
    expect(found[0]!.title).toContain('Exhibit 1, pp. 6\u20138');
    expect(found[0]!.detail).toContain('7 pages');
    expect(found[0]!.places.map((x) => x.target)).toEqual(['petition_letter#2', 'petition_letter#3']);
    expect(found[1]!.title).toContain('Exhibit 1.1, p. 9');
    expect(found[1]!.places).toEqual([
      { tab: 'endeavor', target: 'us_plan#1', label: 'US plan, paragraph 1' },
    ]);
    expect(pinsRule(input, 'zh')[0]!.title).toBe('证据 1，第 6\u20138 页：所标页码不存在');
  });

  it('warns "check the pin" after a re-upload changed the page count', () => {
    const pinned = [h('Judge'), p(text('See '), ref('folder:10', { from: 2, to: 3 }, 7))];
    expect(pinsRule(inputOf({ ...base, petition: pinned }), 'en')).toEqual([]);
    // The original replaced by a 5-page file: the exhibit has 9 stamped pages now.
    const after = inputOf({ ...base, pages: { 100: 5, 101: 2 }, petition: pinned });
    const found = pinsRule(after, 'en');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ severity: 'warn', key: 'pins:changed:folder:10:2-3' });
    expect(found[0]!.detail).toMatch(/had 7 pages .* has 9 now/);
    // A re-upload that shrinks it below the pin blocks instead.
    const shrunk = pinsRule(inputOf({ ...base, pages: { 100: 1, 101: null }, petition: pinned }), 'en');
    expect(shrunk).toEqual([]);
    const smaller = pinsRule(
      inputOf({ ...base, files: [file(11, 10, 100)], pages: { 100: 1 }, petition: pinned }),
      'en',
    );
    expect(smaller[0]).toMatchObject({ severity: 'block', key: 'pins:beyond:folder:10:2-3' });
  });

  it('leaves pending and deleted targets to the checklist', () => {
    const input = inputOf({
      folders: [folder(10, 'judge')],
      petition: [p(ref('folder:10', { from: 5, to: 5 })), p(ref('folder:77', { from: 5, to: 5 }))],
    });
    expect(pinsRule(input, 'en')).toEqual([]);
  });
});

describe('uncited: exhibits and letters nothing cites', () => {
  it('lists each by its number; a citation from either document, a file of it or a letter clears it', () => {
    const input = inputOf({
      folders: [
        folder(10, 'judge', '审稿记录'),
        folder(20, 'awards'),
        folder(30, 'background', '护照'),
        folder(40, 'judge'),
        folder(50, 'awards'),
        folder(60, 'judge'),
      ],
      files: [
        file(11, 10, 100),
        file(21, 20, 200),
        file(31, 30, 300),
        file(41, 40, 400),
        file(51, 50, 500),
        file(61, 60, 600),
      ],
      letters: [letter(70, 700), letter(80, 800), letter(90, null)],
      petition: [p(ref('folder:20'), ref('letter:70'))],
      plan: [p(ref('file:41'))],
      letterEvidence: [{ letterId: 70, folderId: 50 }],
    });
    const found = uncitedRule(input, 'en');
    expect(found.map((f) => [f.key, f.severity, f.title])).toEqual([
      ['uncited:folder:30', 'info', 'Exhibit 1 is not cited anywhere'],
      ['uncited:folder:10', 'warn', 'Exhibit 2 is not cited anywhere'],
      ['uncited:folder:60', 'warn', 'Exhibit 4 is not cited anywhere'],
      ['uncited:letter:80', 'warn', 'Recommendation Letter 2 is not cited anywhere'],
    ]);
    expect(found[1]!.places).toEqual([{ tab: 'evidence', target: '10', label: 'Exhibit 2 · 审稿记录' }]);
    expect(uncitedRule(input, 'zh')[0]!.title).toBe('证据 1 未被任何地方引用');
  });
});
