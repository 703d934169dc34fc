/**
 * Letter renderer: TipTap/ProseMirror JSON → PDF bytes, in pure JavaScript (no browser, no system fonts).
 * Layout decisions: docs/decisions/0004-letter-renderer.md; written by the byte-level writer (decision 0044).
 */
import { type TLetterDocument, type TReferenceKind, ZLetterDocument } from '@dossier/contract';
import { type CidFont, embedCidFont } from '../fonts/cid-font.ts';
import { type FontWeight, fontExtents, measureText, OBLIQUE_SKEW_DEGREES } from '../fonts/font-set.ts';
import { ContentBuilder, writeDocument } from '../raw/document.ts';
import { PdfDict, PdfName, type PdfRef } from '../raw/values.ts';
import { PdfWriter } from '../raw/writer.ts';
import { layoutDocument, type ResolvedReference } from './layout.ts';
import type { DrawOp, RefTarget, Rgb, TextOp } from './layout-types.ts';
import { LETTER_MESSAGES, type LetterLocale } from './letter.messages.ts';
import { type PageLayout, paginate } from './paginate.ts';

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
  /** Small grey text at the bottom left of every page. */
  footer?: string;
  /** "Page X of Y" / "第 X 页，共 Y 页" at the bottom right (centre without footer). Default false. */
  pageNumbers?: boolean;
  /**
   * Label of a reference in the case's numbering ("Exhibit 3"); `pending` for a named placeholder of a target
   * without a number yet; undefined when it points nowhere (a deleted target).
   */
  resolveReference(kind: TReferenceKind, id: string): ResolvedReference | undefined;
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
  /** Every character drawn in each weight (what the fonts are subset to). */
  text: Record<FontWeight, string>;
}

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
  });
  const pages = paginate(layout.items, layout.notes, pageHeight - MARGIN.top, MARGIN.bottom);

  // Chrome (header, footer, page numbers) as text ops, so they go through the same subsetting.
  const chrome: TextOp[][] = pages.map((_, i) => {
    const ops: TextOp[] = [];
    // y is the PDF baseline; ops are positioned from the page top (see `draw(chrome, pageHeight)`).
    const op = (x: number, y: number, text: string): TextOp => ({
      kind: 'text',
      x,
      y: pageHeight - y,
      text,
      width: measureText(text, CHROME.size),
      size: CHROME.size,
      weight: 'regular',
      italic: false,
      underline: false,
      color: CHROME.color,
    });
    if (opts.header) {
      const t = opts.header.normalize('NFC');
      ops.push(op((pageWidth - measureText(t, CHROME.size)) / 2, pageHeight - HEADER_BASELINE, t));
    }
    if (opts.footer) ops.push(op(MARGIN.left, FOOTER_BASELINE, opts.footer.normalize('NFC')));
    if (opts.pageNumbers) {
      const t = LETTER_MESSAGES[opts.locale].pageOf(i + 1, pages.length);
      const w = measureText(t, CHROME.size);
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
    header: Boolean(opts.header),
    links,
    danglingReferences: layout.dangling,
    text: { regular: collectText(pages, chrome, 'regular'), bold: collectText(pages, chrome, 'bold') },
  };
}

export type LetterFonts = Record<FontWeight, CidFont>;

/**
 * Writes the letter's pages into `writer` with `fonts` (which must cover `letter.text`): one content stream and
 * one resource dictionary per page. Returns the page dictionaries, to be given a /Parent by the caller.
 */
export function writeLetterPages(
  writer: PdfWriter,
  letter: LaidOutLetter,
  fonts: LetterFonts,
): Array<{ ref: PdfRef; dict: PdfDict }> {
  const resources = writer.add(
    new PdfDict([
      [
        'Font',
        new PdfDict([
          ['F1', fonts.regular.ref],
          ['F2', fonts.bold.ref],
        ]),
      ],
      ['ProcSet', [PdfName.of('PDF'), PdfName.of('Text')]],
    ]),
  );
  const { width: pageWidth, height: pageHeight } = letter;
  const contentWidth = pageWidth - MARGIN.left - MARGIN.right;
  return letter.pages.map((pl, i) => {
    const c = new ContentBuilder();
    const draw = (ops: readonly DrawOp[], top: number) => {
      for (const op of ops) {
        if (op.kind === 'rect') c.rect(op.x, top - op.y - op.h, op.w, op.h, op.color);
        else drawText(c, fonts, op, op.x, top - op.y);
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
}

/** The fonts a letter needs, subset to its text. */
export async function letterFonts(writer: PdfWriter, text: Record<FontWeight, string>): Promise<LetterFonts> {
  const [regular, bold] = await Promise.all([
    embedCidFont(writer, 'regular', text.regular),
    embedCidFont(writer, 'bold', text.bold),
  ]);
  return { regular, bold };
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

function drawText(c: ContentBuilder, fonts: LetterFonts, op: TextOp, x: number, y: number) {
  const font = fonts[op.weight];
  // Synthetic oblique: Noto Sans SC has no italic, so italic runs are skewed (x += tan(12°)·y).
  c.text(
    font === fonts.bold ? 'F2' : 'F1',
    op.size,
    font.encode(op.text),
    x,
    y,
    op.color,
    op.italic ? SKEW : 0,
  );
  if (op.underline) {
    const t = Math.max(op.size * 0.05, 0.4);
    c.rect(x, y - op.size * 0.14 - t, op.width, t, op.color);
  }
}

const SKEW = Math.tan((OBLIQUE_SKEW_DEGREES * Math.PI) / 180);

function collectText(pages: PageLayout[], chrome: TextOp[][], weight: FontWeight): string {
  const seen = new Set<string>();
  const add = (ops: readonly DrawOp[]) => {
    for (const op of ops)
      if (op.kind === 'text' && op.weight === weight) for (const ch of op.text) seen.add(ch);
  };
  for (const p of pages) {
    for (const it of p.items) add(it.item.ops);
    for (const it of p.notes) add(it.item.ops);
  }
  for (const ops of chrome) add(ops);
  return [...seen].join('');
}
