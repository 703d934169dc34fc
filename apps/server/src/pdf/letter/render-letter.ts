/**
 * Letter renderer: TipTap/ProseMirror JSON → PDF bytes, in pure JavaScript (no browser, no system fonts).
 * Layout decisions: docs/decisions/0004-letter-renderer.md; written by the byte-level writer (decision 0044).
 */
import { type TLetterDocument, type TPagePin, type TReferenceKind, ZLetterDocument } from '@dossier/contract';
import { type CidFont, embedCidFont } from '../fonts/cid-font.ts';
import {
  type FontFace,
  type FontWeight,
  fontExtents,
  isSerifFace,
  OBLIQUE_SKEW_DEGREES,
  SERIF_FACES,
} from '../fonts/font-set.ts';
import { ContentBuilder, num, writeDocument } from '../raw/document.ts';
import { PdfDict, PdfName, type PdfRef } from '../raw/values.ts';
import { PdfWriter } from '../raw/writer.ts';
import { contentsItems } from './contents.ts';
import { type LetterLayout, layoutDocument, type ResolvedReference, type Typesetting } from './layout.ts';
import type { DrawOp, RefTarget, Rgb, TextOp, VItem } from './layout-types.ts';
import { LETTER_MESSAGES, type LetterLocale } from './letter.messages.ts';
import { type PageLayout, paginate } from './paginate.ts';
import { type FaceSegment, faceSegments, measureMixed, stretchesBefore } from './text-face.ts';

export type LetterPageSize = 'Letter' | 'A4';

const PAGE_SIZES: Record<LetterPageSize, [number, number]> = {
  Letter: [612, 792],
  A4: [595.28, 841.89],
};

/** Margins (points): one inch all round; header and footer sit inside the top and bottom margins. */
const MARGIN = { left: 72, right: 72, top: 72, bottom: 72 };
const HEADER_BASELINE = 44; // from the top edge
const FOOTER_BASELINE = 40; // from the bottom edge
const CHROME = { size: 8.5, color: [0.35, 0.35, 0.35] as Rgb };

export interface RenderLetterOptions {
  /** The editor's document; validated again with `ZLetterDocument` (throws ZodError when refused). */
  doc: TLetterDocument;
  /** Language of the renderer's own words (page numbers, missing-reference placeholders). */
  locale: LetterLocale;
  /** Small grey text at the top of every page. */
  header?: string;
  /**
   * A running header on every page (decision 0066): `left` at the left margin, `right` at the right one, over a
   * rule (the petitioner's name, the classification). Replaces `header`.
   */
  runningHeader?: { left: string; right: string };
  /** Justified text with hyphenation, numbered headings, table of contents (decision 0066). Default: none. */
  typeset?: Typesetting;
  /** Small grey text at the bottom left of every page. */
  footer?: string;
  /** "Page X of Y" / "第 X 页，共 Y 页" at the bottom right (centre without footer). Default false. */
  pageNumbers?: boolean;
  /**
   * Label of a reference in the case's numbering ("Exhibit 3"); `pending` for a named placeholder of a target
   * without a number yet; undefined when it points nowhere (a deleted target). `pages`: the reference's page pin
   * ("Exhibit 3, pp. 2–4").
   */
  resolveReference(kind: TReferenceKind, id: string, pages?: TPagePin | null): ResolvedReference | undefined;
  pageSize?: LetterPageSize;
  /** PDF document title (metadata). */
  title?: string;
  /**
   * The document was already checked with `ZLetterDocument` (at the API boundary when it was saved, or built
   * by the server itself): skip the second parse, which costs ~4 ms a page. Default false.
   */
  validated?: boolean;
}

export interface LetterLink {
  /** 1-based page number in this PDF. */
  page: number;
  /** PDF user-space rectangle [x1, y1, x2, y2] (origin bottom left) around the printed label. */
  rect: [number, number, number, number];
  target: RefTarget;
}

export interface RenderLetterResult {
  bytes: Uint8Array;
  pageCount: number;
  /** References the resolver did not know, each once, in document order. Printed as a placeholder. */
  danglingReferences: RefTarget[];
  /** Where each resolved reference was printed, so the packet can make it clickable. */
  links: LetterLink[];
  /**
   * What each page paints, from the layout (the packet's stamps fit around it without reading the PDF back): one
   * box per text run and rule, as `contentMarks` would find them in the written page (content-bbox.ts).
   */
  marks: Array<Array<[number, number, number, number]>>;
}

/** A letter laid out and paginated, ready to be written into any PDF writer (the packet's, or its own file). */
export interface LaidOutLetter {
  pages: PageLayout[];
  /** Header, footer and page numbers per page, as text ops. */
  chrome: TextOp[][];
  width: number;
  height: number;
  header: boolean;
  links: LetterLink[];
  danglingReferences: RefTarget[];
  /** Every character drawn in each face (what the fonts are subset to). */
  text: Record<FontFace, string>;
}

/** How the petition letter and the US plan are typeset (the packet and the previews, decision 0066). */
export const COUNSEL_TYPESETTING: Typesetting = {
  justify: true,
  numberHeadings: true,
  contents: true,
  smartQuotes: true,
};

/** Layout, pagination and chrome: pure, no PDF touched (layout.ts, paginate.ts). */
export function layoutLetter(opts: RenderLetterOptions): LaidOutLetter {
  const doc = opts.validated ? opts.doc : ZLetterDocument.parse(opts.doc);
  const [pageWidth, pageHeight] = PAGE_SIZES[opts.pageSize ?? 'Letter'];
  const contentWidth = pageWidth - MARGIN.left - MARGIN.right;
  const layout = layoutDocument(doc, {
    locale: opts.locale,
    resolveReference: opts.resolveReference,
    contentLeft: MARGIN.left,
    contentWidth,
    ...(opts.typeset ? { typeset: opts.typeset } : {}),
  });
  const pages = paginateWithContents(layout, opts.locale, pageHeight, contentWidth);

  // Chrome (header, footer, page numbers) as text ops, so they go through the same subsetting.
  const chrome: TextOp[][] = pages.map((_, i) => {
    const ops: TextOp[] = [];
    // y is the PDF baseline; ops are positioned from the page top (see `draw(chrome, pageHeight)`).
    const op = (x: number, y: number, text: string): TextOp => ({
      kind: 'text',
      x,
      y: pageHeight - y,
      text,
      width: measureMixed(text, CHROME.size, PLAIN),
      size: CHROME.size,
      weight: 'regular',
      italic: false,
      underline: false,
      color: CHROME.color,
    });
    if (opts.runningHeader) {
      const l = opts.runningHeader.left.normalize('NFC');
      const r = opts.runningHeader.right.normalize('NFC');
      ops.push(op(MARGIN.left, pageHeight - HEADER_BASELINE, l));
      const w = measureMixed(r, CHROME.size, PLAIN);
      ops.push(op(pageWidth - MARGIN.right - w, pageHeight - HEADER_BASELINE, r));
    } else if (opts.header) {
      const t = opts.header.normalize('NFC');
      ops.push(op((pageWidth - measureMixed(t, CHROME.size, PLAIN)) / 2, pageHeight - HEADER_BASELINE, t));
    }
    if (opts.footer) ops.push(op(MARGIN.left, FOOTER_BASELINE, opts.footer.normalize('NFC')));
    if (opts.pageNumbers) {
      const t = LETTER_MESSAGES[opts.locale].pageOf(i + 1, pages.length);
      const w = measureMixed(t, CHROME.size, PLAIN);
      ops.push(op(opts.footer ? pageWidth - MARGIN.right - w : (pageWidth - w) / 2, FOOTER_BASELINE, t));
    }
    return ops;
  });

  const links: LetterLink[] = [];
  pages.forEach((pl, i) => {
    const collect = (ops: readonly DrawOp[], top: number) => {
      for (const op of ops) {
        if (op.kind !== 'text' || !op.link) continue;
        const y = top - op.y;
        const { ascent, descent } = fontExtents(op.size);
        links.push({ page: i + 1, rect: [op.x, y + descent, op.x + op.width, y + ascent], target: op.link });
      }
    };
    for (const p of pl.items) collect(p.item.ops, p.top);
    for (const p of pl.notes) collect(p.item.ops, p.top);
  });
  return {
    pages,
    chrome,
    width: pageWidth,
    height: pageHeight,
    header: Boolean(opts.header || opts.runningHeader),
    links,
    danglingReferences: layout.dangling,
    text: collectText(pages, chrome),
  };
}

const PLAIN = { weight: 'regular', italic: false } as const;

/**
 * Paginates; with a table of contents, lays it out again with the pages its headings fell on and paginates
 * again, until the pages agree (its lines keep their heights, so the second pass normally confirms the first).
 */
function paginateWithContents(
  layout: LetterLayout,
  locale: LetterLocale,
  pageHeight: number,
  contentWidth: number,
): PageLayout[] {
  const run = (items: VItem[]) => paginate(items, layout.notes, pageHeight - MARGIN.top, MARGIN.bottom);
  let pages = run(layout.items);
  const toc = layout.contents;
  if (!toc) return pages;
  const pageOf = (ps: PageLayout[]) => {
    const found = new Map<string, number>();
    ps.forEach((p, i) => {
      for (const it of p.items) if (it.item.anchor !== undefined) found.set(it.item.anchor, i + 1);
    });
    return found;
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    const known = pageOf(pages);
    const items = layout.items.slice();
    const lines = contentsItems(
      toc.entries,
      LETTER_MESSAGES[locale].contents,
      MARGIN.left,
      contentWidth,
      (label) => known.get(label),
    );
    items.splice(toc.start, toc.count, ...lines);
    pages = run(items);
    const again = pageOf(pages);
    if ([...known].every(([label, page]) => again.get(label) === page)) break;
  }
  return pages;
}

/** The fonts a letter is drawn with: Noto Sans SC's two weights and, when drawn, the serif's four faces. */
export type LetterFonts = Record<FontWeight, CidFont> & Partial<Record<FontFace, CidFont>>;

/** PDF resource names of the faces. */
const FONT_NAMES: Record<FontFace, string> = {
  regular: 'F1',
  bold: 'F2',
  serif: 'F3',
  serifBold: 'F4',
  serifItalic: 'F5',
  serifBoldItalic: 'F6',
};

/**
 * Writes the letter's pages into `writer` with `fonts` (which must cover `letter.text`): one content stream and
 * one resource dictionary per page. Returns the page dictionaries, to be given a /Parent by the caller.
 */
export function writeLetterPages(
  writer: PdfWriter,
  letter: LaidOutLetter,
  fonts: LetterFonts,
): Array<{ ref: PdfRef; dict: PdfDict }> {
  // Written once the pages are: it names the faces they draw with (Noto Sans SC's two always, as before).
  const resources = writer.alloc();
  const used = new Set<FontFace>(['regular', 'bold']);
  const { width: pageWidth, height: pageHeight } = letter;
  const contentWidth = pageWidth - MARGIN.left - MARGIN.right;
  const pages = letter.pages.map((pl, i) => {
    const c = new ContentBuilder();
    const draw = (ops: readonly DrawOp[], top: number) => {
      for (const op of ops) {
        if (op.kind === 'rect') c.rect(op.x, top - op.y - op.h, op.w, op.h, op.color);
        else drawText(c, fonts, used, op, op.x, top - op.y);
      }
    };
    for (const p of pl.items) draw(p.item.ops, p.top);
    if (pl.noteTop !== undefined) c.rect(MARGIN.left, pl.noteTop - 4, 144, 0.5, CHROME.color);
    for (const p of pl.notes) draw(p.item.ops, p.top);
    if (letter.header) {
      c.rect(MARGIN.left, pageHeight - HEADER_BASELINE - 6, contentWidth, 0.4, CHROME.color);
    }
    draw(letter.chrome[i]!, pageHeight);
    const dict = new PdfDict([
      ['Type', PdfName.of('Page')],
      ['MediaBox', [0, 0, pageWidth, pageHeight]],
      ['Resources', resources],
      ['Contents', writer.add(writer.flate(c.toString()))],
    ]);
    return { ref: writer.add(dict), dict };
  });
  const faces = (Object.keys(FONT_NAMES) as FontFace[]).filter((f) => used.has(f));
  writer.set(
    resources,
    new PdfDict([
      ['Font', new PdfDict(faces.map((f) => [FONT_NAMES[f], fontFor(fonts, f).ref]))],
      ['ProcSet', [PdfName.of('PDF'), PdfName.of('Text')]],
    ]),
  );
  return pages;
}

function fontFor(fonts: LetterFonts, face: FontFace): CidFont {
  const font = fonts[face];
  if (!font) throw new Error(`letter font ${face} was not embedded`);
  return font;
}

/** The fonts a letter needs, subset to its text: Noto Sans SC's two weights, and each serif face it draws. */
export async function letterFonts(writer: PdfWriter, text: Record<FontFace, string>): Promise<LetterFonts> {
  const serif = SERIF_FACES.filter((f) => text[f] !== '');
  const [regular, bold, ...rest] = await Promise.all([
    embedCidFont(writer, 'regular', text.regular),
    embedCidFont(writer, 'bold', text.bold),
    ...serif.map((f) => embedCidFont(writer, f, text[f])),
  ]);
  const fonts: LetterFonts = { regular: regular!, bold: bold! };
  serif.forEach((f, i) => {
    fonts[f] = rest[i]!;
  });
  return fonts;
}

export async function renderLetter(opts: RenderLetterOptions): Promise<RenderLetterResult> {
  const letter = layoutLetter(opts);
  const writer = new PdfWriter();
  const fonts = await letterFonts(writer, letter.text);
  const pages = writeLetterPages(writer, letter, fonts);
  const bytes = writeDocument(writer, pages, {
    producer: 'Dossier',
    creator: 'Dossier',
    ...(opts.title ? { title: opts.title } : {}),
  });
  return {
    bytes,
    pageCount: pages.length,
    danglingReferences: letter.danglingReferences,
    links: letter.links,
    marks: letterMarks(letter),
  };
}

type Box = [number, number, number, number];

/**
 * Each page's marks as contentMarks reads them (decision 0025): a text run is its advance plus 0.1 em either side,
 * from 0.3 em below the baseline to 1 em above, through the oblique skew of italics; a rule is its rectangle.
 */
export function letterMarks(letter: LaidOutLetter): Box[][] {
  const contentWidth = letter.width - MARGIN.left - MARGIN.right;
  return letter.pages.map((pl, i) => {
    const marks: Box[] = [];
    const text = (x: number, y: number, w: number, size: number, skew: number) => {
      const [x0, y0, x1, y1] = [-0.1 * size, -0.3 * size, w + 0.1 * size, size];
      // Corners through [1 0 skew 1 x y]: the top edge moves right by skew·y.
      const xs = [x0 + skew * y0, x1 + skew * y0, x0 + skew * y1, x1 + skew * y1];
      marks.push([x + Math.min(...xs), y + y0, x + Math.max(...xs), y + y1]);
    };
    const rect = (x: number, y: number, w: number, h: number) => marks.push([x, y, x + w, y + h]);
    const add = (ops: readonly DrawOp[], top: number) => {
      for (const op of ops) {
        if (op.kind === 'rect') {
          rect(op.x, top - op.y - op.h, op.w, op.h);
          continue;
        }
        const y = top - op.y;
        text(op.x, y, op.width, op.size, op.italic ? SKEW : 0);
        if (op.underline) {
          const t = Math.max(op.size * 0.05, 0.4);
          rect(op.x, y - op.size * 0.14 - t, op.width, t);
        }
      }
    };
    for (const p of pl.items) add(p.item.ops, p.top);
    if (pl.noteTop !== undefined) rect(MARGIN.left, pl.noteTop - 4, 144, 0.5);
    for (const p of pl.notes) add(p.item.ops, p.top);
    if (letter.header) rect(MARGIN.left, letter.height - HEADER_BASELINE - 6, contentWidth, 0.4);
    add(letter.chrome[i]!, letter.height);
    return marks;
  });
}

/** Draws `op` face by face (text-face.ts): the serif for Latin text, Noto Sans SC for CJK. */
function drawText(
  c: ContentBuilder,
  fonts: LetterFonts,
  used: Set<FontFace>,
  op: TextOp,
  x: number,
  y: number,
) {
  let at = x;
  const stretch = op.stretch ?? 0;
  // TJ displacement for a stretched gap, in thousandths of the font size (negative moves right).
  const adjust = stretch !== 0 ? ` ${num((-stretch * 1000) / op.size)} ` : '';
  let prev = '';
  for (const seg of segmentsOf(op)) {
    const font = fontFor(fonts, seg.face);
    used.add(seg.face);
    if (stretch !== 0 && prev !== '' && stretchesBefore(prev, seg.text[0]!)) at += stretch;
    let glyphs: string;
    let width = seg.width;
    if (stretch !== 0) {
      // One TJ for the segment: its pieces between stretched gaps, with the gap's displacement between them.
      const pieces: string[] = [];
      let piece = '';
      let last = '';
      for (const ch of seg.text) {
        if (piece !== '' && stretchesBefore(last, ch)) {
          pieces.push(piece);
          piece = '';
        }
        piece += ch;
        last = ch;
      }
      pieces.push(piece);
      glyphs = `[${pieces.map((t) => font.encode(t)).join(adjust)}]`;
      width += (pieces.length - 1) * stretch;
      prev = last;
    } else {
      glyphs = font.encode(seg.text);
    }
    // Synthetic oblique for CJK only: Noto Sans SC has no italic (x += tan(12°)·y); the serif has a true one.
    const skew = op.italic && !isSerifFace(seg.face) ? SKEW : 0;
    c.text(FONT_NAMES[seg.face], op.size, glyphs, at, y, op.color, skew);
    at += width;
  }
  if (op.underline) {
    const t = Math.max(op.size * 0.05, 0.4);
    c.rect(x, y - op.size * 0.14 - t, op.width, t, op.color);
  }
}

const SKEW = Math.tan((OBLIQUE_SKEW_DEGREES * Math.PI) / 180);

function faceStyle(op: TextOp) {
  return { weight: op.weight, italic: op.italic, cjkPunctuation: op.cjkPunctuation === true };
}

/**
 * An op's text cut by face, kept with the op: laid-out items are shared by every build that reuses their block
 * (layout.ts), so "Generate again" and the subsetting pass do not cut the same text again.
 */
const segmentCache = new WeakMap<TextOp, FaceSegment[]>();
function segmentsOf(op: TextOp): FaceSegment[] {
  let segs = segmentCache.get(op);
  if (!segs) {
    segs = faceSegments(op.text, op.size, faceStyle(op));
    segmentCache.set(op, segs);
  }
  return segs;
}

/** Every character drawn, by the face that draws it. */
function collectText(pages: PageLayout[], chrome: TextOp[][]): Record<FontFace, string> {
  const seen = new Map<FontFace, Set<string>>();
  const add = (ops: readonly DrawOp[]) => {
    for (const op of ops) {
      if (op.kind !== 'text') continue;
      for (const seg of segmentsOf(op)) {
        const set = seen.get(seg.face) ?? new Set<string>();
        seen.set(seg.face, set);
        for (const ch of seg.text) set.add(ch);
      }
    }
  };
  for (const p of pages) {
    for (const it of p.items) add(it.item.ops);
    for (const it of p.notes) add(it.item.ops);
  }
  for (const ops of chrome) add(ops);
  const text = (f: FontFace) => [...(seen.get(f) ?? [])].join('');
  return {
    regular: text('regular'),
    bold: text('bold'),
    serif: text('serif'),
    serifBold: text('serifBold'),
    serifItalic: text('serifItalic'),
    serifBoldItalic: text('serifBoldItalic'),
  };
}
