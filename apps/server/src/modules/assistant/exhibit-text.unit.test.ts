import { describe, expect, it } from 'vitest';
import { exhibitPages, pageRanges } from './exhibit-text.service.ts';

describe('exhibit text', () => {
  it('names pages as ranges for the note', () => {
    expect(pageRanges([1])).toBe('1');
    expect(pageRanges([1, 2, 3, 5, 7, 8])).toBe('1–3, 5, 7–8');
    expect(pageRanges([])).toBe('');
  });

  it('reads stored pages with their sources; rows kept before OCR read as layer or none by their text', () => {
    expect(exhibitPages(['a', '', 'c'], ['layer', 'ocr_timeout', 'ocr'])).toEqual([
      { page: 1, text: 'a', source: 'layer' },
      { page: 2, text: '', source: 'ocr_timeout' },
      { page: 3, text: 'c', source: 'ocr' },
    ]);
    expect(exhibitPages(['a', ''], null).map((p) => p.source)).toEqual(['layer', 'none']);
    // A value that is not a known source, or not text, is not passed on as one.
    expect(exhibitPages([42, 'b'], ['bogus', 7])).toEqual([
      { page: 1, text: '', source: 'none' },
      { page: 2, text: 'b', source: 'layer' },
    ]);
  });
});
