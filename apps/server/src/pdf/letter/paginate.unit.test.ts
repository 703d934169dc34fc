import { describe, expect, it } from 'vitest';
import type { NoteLayout, VItem } from './layout-types.ts';
import { NOTE_SEPARATOR, paginate } from './paginate.ts';

const line = (height: number, extra: Partial<VItem> = {}): VItem => ({
  height,
  spaceBefore: 0,
  ops: [],
  notes: [],
  ...extra,
});
const note = (number: number, lines: number, h = 10): NoteLayout => ({
  number,
  lines: Array.from({ length: lines }, () => line(h)),
});

describe('paginate', () => {
  it('fills pages and drops the gap above an item at the top of a page', () => {
    const items = Array.from({ length: 25 }, () => line(10, { spaceBefore: 5 }));
    const pages = paginate(items, new Map(), 100, 0);
    expect(pages.map((p) => p.items.length)).toEqual([7, 7, 7, 4]);
    expect(pages[1]!.items[0]!.top).toBe(100);
  });

  it('keeps a footnote on the page of its line, moving the line when both do not fit', () => {
    const items = [...Array.from({ length: 8 }, () => line(10)), line(10, { notes: [1] })];
    const pages = paginate(items, new Map([[1, note(1, 2)]]), 100, 0);
    // 80 used; the 9th line (10) + separator + 2 note lines (20) = 40 > 20 left: the line moves.
    expect(pages.map((p) => p.items.length)).toEqual([8, 1]);
    expect(pages[1]!.notes).toHaveLength(2);
    expect(pages[1]!.noteTop).toBe(NOTE_SEPARATOR + 20);
  });

  it('continues a note taller than a page on the next page', () => {
    const pages = paginate([line(10, { notes: [1] }), line(10)], new Map([[1, note(1, 15)]]), 100, 0);
    expect(pages.length).toBe(2);
    expect(pages[0]!.notes.length + pages[1]!.notes.length).toBe(15);
  });

  it('keeps headings with the next item and repeats table header rows', () => {
    const header = line(10, { keepWithNext: true });
    const rows = Array.from({ length: 12 }, () => line(10, { repeatHeader: [header] }));
    const pages = paginate([line(75), header, ...rows], new Map(), 100, 0);
    expect(pages[0]!.items.length).toBe(3); // 75 + header + first row
    expect(pages[1]!.items[0]!.item).toBe(header);

    const withHeading = paginate([line(85), line(10, { keepWithNext: true }), line(10)], new Map(), 100, 0);
    expect(withHeading.map((p) => p.items.length)).toEqual([1, 2]);
  });

  it('leaves no orphan or widow: a paragraph keeps two lines at the foot and at the head of a page', () => {
    // A paragraph's first and next-to-last lines are keep-with-next (layout.ts), so chains move together.
    const paragraph = (n: number) =>
      Array.from({ length: n }, (_, k) => line(10, k === 0 || k === n - 2 ? { keepWithNext: true } : {}));
    // 90 used: the first line of a 4-line paragraph would sit alone at the foot; it moves with the second.
    const orphan = paginate([line(90), ...paragraph(4)], new Map(), 100, 0);
    expect(orphan.map((p) => p.items.length)).toEqual([1, 4]);
    // 50 used: 5 of 6 lines would fit, leaving the last alone at the head: the fifth goes with it (4 + 2).
    const widow = paginate([line(50), ...paragraph(6)], new Map(), 100, 0);
    expect(widow.map((p) => p.items.length)).toEqual([5, 2]);
    // A 3-line paragraph cannot split without one or the other: it moves whole.
    const three = paginate([line(80), ...paragraph(3)], new Map(), 100, 0);
    expect(three.map((p) => p.items.length)).toEqual([1, 3]);
    // A heading keeps its paragraph's first two lines.
    const heading = paginate(
      [line(75), line(10, { keepWithNext: true }), ...paragraph(5)],
      new Map(),
      100,
      0,
    );
    expect(heading.map((p) => p.items.length)).toEqual([1, 6]);
  });

  it('honours page breaks and drops a trailing empty page', () => {
    const pages = paginate(
      [line(10), line(0, { breakAfter: true }), line(10), line(0, { breakAfter: true })],
      new Map(),
      100,
      0,
    );
    expect(pages.length).toBe(2);
  });
});
