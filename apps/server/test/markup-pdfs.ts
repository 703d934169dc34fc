/**
 * Text markup as petitioners' tools save it (issue 30 item 8): highlights, underlines and strike-outs drawn by the
 * reader from /QuadPoints and /C, without an appearance stream and often without the Print flag.
 */
import { page } from './hostile-pdfs.ts';
import { HELVETICA, type RawObject, rawPdf } from './raw-pdf.ts';

/** Where each mark is, in page space (points): the page is 612 × 792, the label "Marked" at 72 500 in 24 pt. */
export const MARKS = {
  /** Over the label: no Print flag, no appearance, no /Rect, yellow. */
  highlight: [70, 494, 160, 520],
  /** Print flag, no appearance, blue. */
  underline: [300, 400, 500, 420],
  /** No flags, no appearance, red. */
  strikeOut: [300, 300, 500, 320],
  /** Hidden (flag 2): never printed, green. */
  hidden: [300, 180, 500, 200],
} as const;

const quad = ([x0, y0, x1, y1]: readonly number[]) => `[${x0} ${y1} ${x1} ${y1} ${x0} ${y0} ${x1} ${y0}]`;

export function textMarkupPdf(): Uint8Array {
  const annots: RawObject[] = [
    {
      num: 20,
      body: `<< /Type /Annot /Subtype /Highlight /QuadPoints ${quad(MARKS.highlight)} /C [1 1 0] >>`,
    },
    {
      num: 21,
      body: `<< /Type /Annot /Subtype /Underline /F 4 /Rect [300 400 500 420] /QuadPoints ${quad(MARKS.underline)} /C [0 0 1] >>`,
    },
    {
      num: 22,
      body: `<< /Type /Annot /Subtype /StrikeOut /F 0 /Rect [300 300 500 320] /QuadPoints ${quad(MARKS.strikeOut)} /C [1 0 0] >>`,
    },
    {
      num: 23,
      body: `<< /Type /Annot /Subtype /Highlight /F 2 /Rect [300 180 500 200] /QuadPoints ${quad(MARKS.hidden)} /C [0 1 0] >>`,
    },
  ];
  return rawPdf(
    [
      { num: 1, body: '<< /Type /Catalog /Pages 2 0 R >>' },
      { num: 2, body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
      ...page(3, 2, 'Marked', `/Annots [${annots.map((a) => `${a.num} 0 R`).join(' ')}] `),
      { num: 9, body: HELVETICA },
      ...annots,
    ],
    { trailer: '/Root 1 0 R' },
  );
}
