import { describe, expect, it } from 'vitest';
import { numberCase } from '../numbering/case-numbering.ts';
import { stampedPages } from '../numbering/stamped-pages.ts';
import type { ReviewInput } from '../review/review-input.ts';
import { AWARD_P1, AWARD_P2, caseA, LETTER_P1, withPages } from './assistant.test-input.ts';
import { sourcesFor } from './exhibit-sources.ts';

/**
 * Decision 0084: a source's text per page sits on the pages as the packet stamps them (the layout `stampedPages`
 * counts): tab or separator page, originals, translations and their certificate, a letter's CV.
 */
function translatedCase(): ReviewInput {
  const base = caseA();
  const rows = {
    ...base.rows,
    files: base.rows.files.map((f) => (f.id === 1 ? { ...f, translationUploadId: 111 } : f)),
    letters: base.rows.letters.map((l) => ({ ...l, resumeUploadId: 206 })),
  };
  let input: ReviewInput = { ...base, rows, numbering: numberCase(rows) };
  input = withPages(input, 111, ['Translation of the award certificate.']);
  return withPages(input, 206, ['CV page one: Stanford University.', 'CV page two: publications.']);
}

describe('sourcesFor', () => {
  it("places each upload's pages where the packet stamps them, as stampedPages counts them", () => {
    const input = translatedCase();
    const sources = sourcesFor(input, ['folder:12', 'file:1', 'letter:5']);
    const counts = stampedPages(input.numbering, (id) => input.uploads.get(id)?.pages);
    // Tab, the award's two pages, its translation, the translator's certificate.
    expect(sources.get('folder:12')!.pageTexts).toEqual([
      '',
      AWARD_P1,
      AWARD_P2,
      'Translation of the award certificate.',
      '',
    ]);
    // A file is stamped with its exhibit.
    expect(sources.get('file:1')!.pageTexts).toEqual(sources.get('folder:12')!.pageTexts);
    // Separator, the letter, the CV's two pages.
    expect(sources.get('letter:5')!.pageTexts).toEqual([
      '',
      LETTER_P1,
      'CV page one: Stanford University.',
      'CV page two: publications.',
    ]);
    for (const [ref, s] of sources) {
      expect(s.pageCount).toBe(counts.get(ref));
      expect(s.pageTexts).toHaveLength(s.pageCount!);
    }
    expect(sources.get('file:1')!.title).toBe('Best Paper Award, ICRA 2021 — file 1');
    expect(sources.get('letter:5')!.title).toBe('Letter from Prof. Alice Chen');
  });

  it('leaves out refs the case does not have and folders without a number; stops at an unknown page count', () => {
    const input = withPages(caseA(), 101, [AWARD_P1, AWARD_P2], null);
    const sources = sourcesFor(input, ['folder:99', 'folder:15', 'letter:77', 'folder:12', 'folder:13']);
    expect([...sources.keys()]).toEqual(['folder:12', 'folder:13']);
    // The award's page count is unknown: only the tab can be placed.
    expect(sources.get('folder:12')).toMatchObject({ pageCount: null, pageTexts: [''] });
    // A rewrite keeps a pending reference (no number, no pages).
    const pending = sourcesFor(input, ['folder:15'], undefined, { pending: true });
    expect(pending.get('folder:15')).toMatchObject({
      pageCount: null,
      pageTexts: [],
      label: 'no number yet',
    });
  });
});
