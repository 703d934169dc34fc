import type { RawPage, RawPdf } from '../raw/reader.ts';
import { dict, type PdfDict, type PdfRef } from '../raw/values.ts';
import type { PdfWriter } from '../raw/writer.ts';
import { nameQuads, type Quad } from '../text/name-marks.ts';
import { pageGlyphs } from '../text/positioned-text.ts';
import { addPageResource, contentRefs, plainStream } from './packet-pages.ts';

/**
 * The petitioner's name highlighted on an exhibit's pages (issue 30 item 8): where the page's text layer shows
 * it, a yellow mark is multiplied over the words after the page's own content (the words stay legible, as a
 * reader draws a highlight annotation), inside the page's graphics state as it was before its content ran.
 */

/** The highlight's colour (a marker yellow) and the blend mode that keeps text under it dark. */
const FILL = '1 0.93 0.35 rg';

/** Finds the name on a copied page and draws the marks; answers how many were drawn. */
export function highlightName(
  w: PdfWriter,
  out: { dict: PdfDict },
  src: RawPdf,
  raw: RawPage,
  variants: string[],
  gs: PdfRef,
): number {
  let quads: Quad[];
  try {
    quads = nameQuads(pageGlyphs(src, raw), variants);
  } catch {
    return 0;
  }
  if (!quads.length) return 0;
  const resource = addPageResource(w, out.dict, 'ExtGState', 'DsMark', gs);
  const f = (v: number) => String(Math.round(v * 100) / 100);
  const paths = quads.map(
    ([a, b, c, d]) =>
      `${f(a[0])} ${f(a[1])} m ${f(b[0])} ${f(b[1])} l ${f(c[0])} ${f(c[1])} l ${f(d[0])} ${f(d[1])} l h`,
  );
  const after = `Q q /${resource} gs ${FILL} ${paths.join(' ')} f Q`;
  out.dict.set('Contents', [w.add(plainStream('q')), ...contentRefs(w, out.dict), w.add(plainStream(after))]);
  return quads.length;
}

/** The packet's one multiply graphics state, shared by every highlighted page. */
export function multiplyState(w: PdfWriter): PdfRef {
  return w.add(dict({ Type: '/ExtGState', BM: '/Multiply', ca: 1 }));
}
