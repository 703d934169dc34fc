import { PDFDocument, PDFName } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MARKS, textMarkupPdf } from '../../../test/markup-pdfs.ts';
import {
  expectOpensEverywhere,
  mutoolRender,
  pdfToolsAvailable,
  writeTempPdf,
} from '../../../test/pdf-assertions.ts';
import { normaliseEvidence } from './index.ts';

type Pixel = [number, number, number];
type Box = readonly [number, number, number, number];

/** Page 1 at 72 dpi as mupdf draws it: pixel (x, y) in page points, y up. */
async function drawn(pdf: Uint8Array) {
  const [png] = mutoolRender(writeTempPdf(pdf), 72);
  const { data, info } = await sharp(png!).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number): Pixel => {
    const i = ((info.height - 1 - y) * info.width + x) * 3;
    return [data[i]!, data[i + 1]!, data[i + 2]!];
  };
  /** How many pixels of the box (page points) pass `test`. */
  const count = ([x0, y0, x1, y1]: Box, test: (p: Pixel) => boolean) => {
    let n = 0;
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (test(at(x, y))) n++;
    return n;
  };
  return { count, width: info.width, height: info.height };
}

const yellow = ([r, g, b]: Pixel) => r > 200 && g > 200 && b < 100;
const blue = ([r, g, b]: Pixel) => b > 180 && r < 80 && g < 80;
const red = ([r, g, b]: Pixel) => r > 180 && g < 80 && b < 80;
const green = ([r, g, b]: Pixel) => g > 180 && r < 80 && b < 80;
const dark = ([r, g, b]: Pixel) => r < 90 && g < 90 && b < 90;

describe.skipIf(!pdfToolsAvailable())(
  'the customer’s text markup survives the evidence check (issue 30 item 8)',
  () => {
    it('draws highlights, underlines and strike-outs without an appearance or the Print flag into the page; hidden ones stay out', async () => {
      const r = await normaliseEvidence({ bytes: textMarkupPdf(), filename: 'marked.pdf' });
      if (!r.ok) throw new Error(`refused ${r.code}: ${r.message.en}`);
      expectOpensEverywhere(r.pdf, 1);
      expect((await PDFDocument.load(r.pdf)).getPage(0).node.has(PDFName.of('Annots'))).toBe(false);
      const page = await drawn(r.pdf);
      expect([page.width, page.height]).toEqual([612, 792]);
      const area = ([x0, y0, x1, y1]: Box) => (x1 - x0) * (y1 - y0);
      // The highlight is yellow, and the words under it stay dark (multiplied, not painted over).
      expect(page.count(MARKS.highlight, yellow)).toBeGreaterThan(area(MARKS.highlight) * 0.4);
      expect(page.count(MARKS.highlight, dark)).toBeGreaterThan(100);
      // One line each, a little above the lower edge and through the middle, the width of the mark.
      const [ux0, uy0, ux1] = MARKS.underline;
      expect(page.count([ux0, uy0, ux1, uy0 + 4], blue)).toBeGreaterThan(150);
      expect(page.count(MARKS.underline, blue)).toBeLessThan(600);
      const [sx0, sy0, sx1, sy1] = MARKS.strikeOut;
      const middle = (sy0 + sy1) / 2;
      expect(page.count([sx0, middle - 2, sx1, middle + 2], red)).toBeGreaterThan(150);
      expect(page.count(MARKS.strikeOut, red)).toBeLessThan(600);
      // Hidden: not drawn anywhere.
      expect(page.count([0, 0, 612, 792], green)).toBe(0);
      expect(r.notes.join(' ')).toContain('3 printable annotation(s) drawn into the page');
    });
  },
);
