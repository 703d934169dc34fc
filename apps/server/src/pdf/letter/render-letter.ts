/**
 * Letter renderer: TipTap/ProseMirror JSON → PDF bytes, in pure JavaScript (no browser, no system fonts).
 * Layout decisions: docs/decisions/0004-letter-renderer.md.
 */
import { degrees, PDFDocument, type PDFFont, type PDFPage, rgb } from '@cantoo/pdf-lib';
import { type TLetterDocument, type TReferenceKind, ZLetterDocument } from '@dossier/contract';
import {
  createFontSet,
  type FontSet,
  fontExtents,
  measureText,
  OBLIQUE_SKEW_DEGREES,
} from '../fonts/font-set.ts';
import { layoutDocument } from './layout.ts';
import type { DrawOp, RefTarget, Rgb, TextOp } from './layout-types.ts';
import { LETTER_MESSAGES, type LetterLocale } from './letter.messages.ts';
import { type PageLayout, paginate } from './paginate.ts';
// pdf-lib's writer: node:zlib and block copies (decision 0043).
import '../pdf-lib-writer.ts';

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
  /** Label of a reference in the current packet order ("Exhibit 3"), or undefined when it points nowhere. */
  resolveReference(kind: TReferenceKind, id: string): { label: string } | undefined;
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
}

export async function renderLetter(opts: RenderLetterOptions): Promise<RenderLetterResult> {
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

  const pdf = await PDFDocument.create();
  if (opts.title) pdf.setTitle(opts.title);
  pdf.setProducer('Dossier');
  pdf.setCreator('Dossier');
  const fonts = await createFontSet(pdf, collectText(pages, chrome, 'regular'), {
    boldText: collectText(pages, chrome, 'bold'),
  });

  const links: LetterLink[] = [];
  pages.forEach((pl, i) => {
    const page = pdf.addPage([pageWidth, pageHeight]);
    const draw = (ops: readonly DrawOp[], top: number) => {
      for (const op of ops) {
        if (op.kind === 'rect') {
          page.drawRectangle({
            x: op.x,
            y: top - op.y - op.h,
            width: op.w,
            height: op.h,
            color: color(op.color),
          });
          continue;
        }
        const y = top - op.y;
        drawText(page, fonts, op, op.x, y);
        if (op.link) {
          const { ascent, descent } = fontExtents(op.size);
          links.push({
            page: i + 1,
            rect: [op.x, y + descent, op.x + op.width, y + ascent],
            target: op.link,
          });
        }
      }
    };
    for (const p of pl.items) draw(p.item.ops, p.top);
    if (pl.noteTop !== undefined) {
      page.drawRectangle({
        x: MARGIN.left,
        y: pl.noteTop - 4,
        width: 144,
        height: 0.5,
        color: color(CHROME.color),
      });
    }
    for (const p of pl.notes) draw(p.item.ops, p.top);
    if (opts.header) {
      page.drawRectangle({
        x: MARGIN.left,
        y: pageHeight - HEADER_BASELINE - 6,
        width: contentWidth,
        height: 0.4,
        color: color(CHROME.color),
      });
    }
    draw(chrome[i]!, pageHeight);
  });

  // Yield to the event loop every 2,000 objects, not pdf-lib's 50 (each yield is a setTimeout: ≥ 1 ms idle).
  const bytes = await pdf.save({ useObjectStreams: true, objectsPerTick: 2000 });
  return { bytes, pageCount: pages.length, danglingReferences: layout.dangling, links };
}

function color(c: Rgb) {
  return rgb(c[0], c[1], c[2]);
}

function drawText(page: PDFPage, fonts: FontSet, op: TextOp, x: number, y: number) {
  const font: PDFFont = fonts.font(op.weight);
  page.drawText(op.text, {
    x,
    y,
    size: op.size,
    font,
    color: color(op.color),
    // Synthetic oblique: Noto Sans SC has no italic, so italic runs are skewed (x += tan(12°)·y).
    ...(op.italic ? { ySkew: degrees(OBLIQUE_SKEW_DEGREES) } : {}),
  });
  if (op.underline) {
    const t = Math.max(op.size * 0.05, 0.4);
    page.drawRectangle({ x, y: y - op.size * 0.14 - t, width: op.width, height: t, color: color(op.color) });
  }
}

function collectText(pages: PageLayout[], chrome: TextOp[][], weight: 'regular' | 'bold'): string {
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
