import { PDFDocument } from '@cantoo/pdf-lib';
import type { CidFont } from '../fonts/cid-font.ts';
import { RawPdf } from '../raw/reader.ts';
import { dict, name, PdfDict, type PdfObject, PdfRef, PdfStream, type PdfValue } from '../raw/values.ts';
import type { PdfWriter } from '../raw/writer.ts';
import type { Rect } from './content-bbox.ts';
import type { PageFrame } from './page-frame.ts';
import { planStamps, type Stamp } from './stamp.ts';

/**
 * The page-level work of a print file (decision 0044): opening inputs, and on each written page the stamps (with
 * the content under them scaled), its font resource, its links. assemble-packet.ts decides what goes where.
 */

/** A page of the packet: where it was written, and what the stamps' fitting needs to know of it. */
export interface OutPage {
  ref: PdfRef;
  dict: PdfDict;
  frame: PageFrame;
  /** What the page paints, read from its input when first asked (the marks cache may answer first). */
  marks: () => Rect[];
  /** The input's sha-256 and the page's index there (the marks cache's key). */
  source?: { key: string; index: number };
}

/**
 * Inputs read, by their bytes object: the caller that keeps an input's bytes for the next build (packet.build.ts)
 * also keeps what was parsed of it (the reader never changes what it parsed; copies are made from it).
 */
const opened = new WeakMap<Uint8Array, RawPdf>();

/**
 * Opens an input for copying. A PDF the byte-level reader cannot take (a filter it does not decode in an object
 * stream, say) is rewritten plainly by pdf-lib first; every input went through the normaliser, so this is rare.
 */
export async function openInput(bytes: Uint8Array, title: string): Promise<RawPdf> {
  const known = opened.get(bytes);
  if (known) return known;
  try {
    const src = RawPdf.open(bytes);
    opened.set(bytes, src);
    return src;
  } catch (err) {
    try {
      const doc = await PDFDocument.load(bytes, { updateMetadata: false });
      return RawPdf.open(await doc.save({ useObjectStreams: false, addDefaultPage: false }));
    } catch {
      throw new Error(`${title}: the PDF cannot be read (${(err as Error).message})`);
    }
  }
}

/**
 * Stamps every page (`stamps[i]` on `pages[i]`), fitting its content around them with what it paints: from
 * `known` (by input sha-256 and page) when there, else read. Returns the pages scaled (indexes), the marks used
 * per input and how many pages were read.
 */
export function stampPages(
  w: PdfWriter,
  pages: OutPage[],
  stamps: Stamp[][],
  font: CidFont,
  known: Map<string, Rect[][]>,
): { scaledPages: number[]; kept: Map<string, Rect[][]>; read: number } {
  const scaledPages: number[] = [];
  const kept = new Map<string, Rect[][]>();
  let read = 0;
  // Pages that are not scaled share one stream that opens their graphics state.
  const open = w.add(plainStream('q'));
  pages.forEach((page, idx) => {
    // A page without stamps (an official form's) is left as it came: not wrapped, fitted or given the font.
    if (stamps[idx]!.length === 0) return;
    const source = page.source;
    const cached = source ? known.get(source.key)?.[source.index] : undefined;
    const resource = addPageResource(w, page.dict, 'Font', 'DsStamp', font.ref);
    const stamped = planStamps(
      page.frame,
      stamps[idx]!,
      { resource, encode: font.encode },
      {
        fit: true,
        marks: () => cached ?? page.marks(),
      },
    );
    const before = stamped.scale < 1 ? w.add(plainStream(stamped.before)) : open;
    // A stamp is a few hundred bytes: written as it is (compressing 500 of them cost more than it saved).
    page.dict.set('Contents', [before, ...contentRefs(w, page.dict), w.add(plainStream(stamped.after))]);
    if (stamped.scale < 1) {
      scaledPages.push(idx);
      scaleAnnotations(w, page.dict, stamped);
    }
    if (!source) return;
    if (!cached) read++;
    const marks = kept.get(source.key) ?? [];
    marks[source.index] = stamped.marks;
    kept.set(source.key, marks);
  });
  return { scaledPages, kept, read };
}

export const plainStream = (content: string) => new PdfStream(new PdfDict(), Buffer.from(content, 'latin1'));

/** An object of the packet, references followed. */
export const resolved = (w: PdfWriter, v: PdfObject | undefined): PdfObject | undefined =>
  v instanceof PdfRef ? w.get(v) : v;

/** A clickable rectangle on `page` that jumps to `target`. */
export function addLink(
  w: PdfWriter,
  page: PdfDict,
  rect: [number, number, number, number],
  target: PdfRef,
): void {
  const annot = w.add(
    dict({
      Type: '/Annot',
      Subtype: '/Link',
      Rect: rect,
      Border: [0, 0, 0],
      Dest: [target, name('XYZ'), null, null, null],
    }),
  );
  const existing = resolved(w, page.get('Annots'));
  page.set('Annots', [...(Array.isArray(existing) ? existing : []), annot]);
}

/** The page's content streams: /Contents is a stream, an array of them, or a reference to either. */
export function contentRefs(w: PdfWriter, page: PdfDict): PdfValue[] {
  const raw = page.get('Contents');
  const target = resolved(w, raw);
  if (Array.isArray(target)) return target.filter((r) => r instanceof PdfRef);
  return raw instanceof PdfRef ? [raw] : [];
}

/**
 * Gives the page its own resource dictionary with `ref` added to its `kind` (Font, ExtGState, …) under a name the
 * page does not use yet, `base` or `base2`, `base3`… (the original resources may be shared with other pages, so
 * they are copied, one level deep, not changed). Answers the name.
 */
export function addPageResource(
  w: PdfWriter,
  page: PdfDict,
  kind: string,
  base: string,
  ref: PdfRef,
): string {
  const res = resolved(w, page.get('Resources'));
  const resources = new PdfDict(res instanceof PdfDict ? res.map : []);
  const k = resolved(w, resources.get(kind));
  const entries = new PdfDict(k instanceof PdfDict ? k.map : []);
  let resource = base;
  for (let n = 2; entries.has(resource); n++) resource = `${base}${n}`;
  entries.set(resource, ref);
  resources.set(kind, entries);
  page.set('Resources', resources);
  return resource;
}

/** Annotation rectangles follow content scaled by `s` about the centre (translation `tx`, `ty`). */
function scaleAnnotations(w: PdfWriter, page: PdfDict, t: { scale: number; tx: number; ty: number }): void {
  const annots = resolved(w, page.get('Annots'));
  if (!Array.isArray(annots)) return;
  const { scale: s, tx, ty } = t;
  for (const a of annots) {
    const d = resolved(w, a);
    if (!(d instanceof PdfDict)) continue;
    const r = resolved(w, d.get('Rect'));
    if (!Array.isArray(r) || r.length !== 4 || !r.every((v) => typeof v === 'number')) continue;
    const [x0, y0, x1, y1] = r as number[];
    d.set('Rect', [x0! * s + tx, y0! * s + ty, x1! * s + tx, y1! * s + ty]);
  }
}
