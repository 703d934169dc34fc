/**
 * Small pieces every document the byte-level writer makes needs (decision 0044): a content-stream builder for
 * what we draw ourselves, and the page tree + catalog + metadata that turn written pages into a file.
 */
import { randomBytes } from 'node:crypto';
import { RawPdf } from './reader.ts';
import { PdfDict, PdfName, type PdfRef, PdfString, type PdfValue } from './values.ts';
import { fmt, joinChunks, PdfWriter } from './writer.ts';

type Rgb = readonly [number, number, number];

/** A coordinate or size to a thousandth of a point (what any reader or printer resolves). */
export const num = (n: number): string => fmt(Math.round(n * 1000) / 1000);
const color = (c: Rgb) => `${num(c[0])} ${num(c[1])} ${num(c[2])} rg`;

/** A content stream (PDF 32000-1 §8, §9.4) written as text. */
export class ContentBuilder {
  private readonly parts: string[] = [];

  /** A filled rectangle. */
  rect(x: number, y: number, w: number, h: number, fill: Rgb): this {
    this.parts.push(`${color(fill)} ${num(x)} ${num(y)} ${num(w)} ${num(h)} re f`);
    return this;
  }

  /**
   * A run of text: `hex` is the glyph string (`<…>`) in font resource `font`, or a TJ array (`[<…> -120 <…>]`,
   * justified text); `skew` is tan of the oblique angle (0 for upright), `rotate` a quarter-turn count for a
   * rotated page's stamps.
   */
  text(
    font: string,
    size: number,
    hex: string,
    x: number,
    y: number,
    fill: Rgb,
    skew = 0,
    rotate: 0 | 90 | 180 | 270 = 0,
  ): this {
    const [a, b, c, d] =
      rotate === 90
        ? [0, 1, -1, 0]
        : rotate === 180
          ? [-1, 0, 0, -1]
          : rotate === 270
            ? [0, -1, 1, 0]
            : [1, 0, 0, 1];
    // Skew applies in text space before the rotation: [1 0 skew 1] × [a b c d].
    const m = [a, b, skew * a + c, skew * b + d].map(num).join(' ');
    this.parts.push(
      `BT /${font} ${num(size)} Tf ${color(fill)} ${m} ${num(x)} ${num(y)} Tm ${hex} ${hex.startsWith('[') ? 'TJ' : 'Tj'} ET`,
    );
    return this;
  }

  /** Operators written as they are. */
  raw(ops: string): this {
    this.parts.push(ops);
    return this;
  }

  toString(): string {
    return this.parts.join('\n');
  }
}

export interface DocumentInfo {
  title?: string;
  producer?: string;
  creator?: string;
  /** Viewers show the title, not the file name, in their title bar. */
  displayTitle?: boolean;
  /** Extra catalog entries (an outline, a page mode). */
  catalog?: Record<string, PdfValue | undefined>;
  /** The Pages node when the caller allocated it already (outline destinations need the pages only). */
  pagesRef?: PdfRef;
}

/** `D:YYYYMMDDHHmmSSZ` (PDF 32000-1 §7.9.4). */
export function pdfDate(d: Date): PdfString {
  const iso = d.toISOString();
  return PdfString.text(
    `D:${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`,
  );
}

/** Puts `pages` under one page-tree node, adds the catalog and metadata, and returns the file's chunks. */
export function documentChunks(
  writer: PdfWriter,
  pages: Array<{ ref: PdfRef; dict: PdfDict }>,
  info: DocumentInfo = {},
): { chunks: Uint8Array[]; length: number } {
  const pagesRef = info.pagesRef ?? writer.alloc();
  for (const p of pages) p.dict.set('Parent', pagesRef);
  writer.set(
    pagesRef,
    new PdfDict([
      ['Type', PdfName.of('Pages')],
      ['Kids', pages.map((p) => p.ref)],
      ['Count', pages.length],
    ]),
  );
  const catalog = new PdfDict([
    ['Type', PdfName.of('Catalog')],
    ['Pages', pagesRef],
  ]);
  if (info.displayTitle) catalog.set('ViewerPreferences', new PdfDict([['DisplayDocTitle', true]]));
  for (const [k, v] of Object.entries(info.catalog ?? {})) if (v !== undefined) catalog.set(k, v);
  const meta = new PdfDict();
  if (info.title) meta.set('Title', PdfString.text(info.title));
  if (info.producer) meta.set('Producer', PdfString.text(info.producer));
  if (info.creator) meta.set('Creator', PdfString.text(info.creator));
  meta.set('CreationDate', pdfDate(new Date()));
  return writer.serialize({ root: writer.add(catalog), info: writer.add(meta), id: randomBytes(16) });
}

export function writeDocument(
  writer: PdfWriter,
  pages: Array<{ ref: PdfRef; dict: PdfDict }>,
  info: DocumentInfo = {},
): Uint8Array {
  const { chunks, length } = documentChunks(writer, pages, info);
  return joinChunks(chunks, length);
}

/** One PDF of every page of `pdfs`, in order (an exhibit made of several files). */
export function concatenatePdfs(pdfs: Uint8Array[]): Uint8Array {
  const w = new PdfWriter();
  const pages = pdfs.flatMap((bytes) => {
    const src = RawPdf.open(bytes);
    const imp = w.importer(src);
    const out = imp.pages(src.pages());
    imp.flush();
    return out;
  });
  return writeDocument(w, pages);
}
