import { inflateSync, constants as zlibConstants } from 'node:zlib';
import {
  PDFArray,
  type PDFContext,
  PDFDict,
  PDFName,
  PDFNumber,
  type PDFPage,
  PDFRawStream,
  PDFStream,
} from '@cantoo/pdf-lib';

/** [x0, y0, x1, y1] in the page's (unrotated) user space. */
export type Rect = [number, number, number, number];
type Matrix = [number, number, number, number, number, number];

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
const mul = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];

/**
 * Conservative boxes around what a page's content stream paints (decision 0025), one per text run, path,
 * image or form XObject: each an upper bound, never smaller than its marks. Text is measured at one em per glyph (wider than any real font),
 * images are their unit square, form XObjects their /BBox, strokes are widened by the line width; clipping
 * is ignored. Anything it does not understand (a shading fill, a stream it cannot decode) makes the answer
 * "the whole page". Empty for a page that paints nothing.
 */
export function contentMarks(page: PDFPage, whole: Rect): Rect[] {
  const ctx = page.doc.context;
  let bytes: Uint8Array;
  try {
    bytes = contentBytes(ctx, page.node.Contents());
  } catch {
    return [whole];
  }
  const res = page.node.Resources();
  const xobjects = res?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  const fonts = res?.lookupMaybe(PDFName.of('Font'), PDFDict);

  const marks: Rect[] = [];
  let unknown = false;
  const add = (m: Matrix, x0: number, y0: number, x1: number, y1: number, pad = 0) => {
    let box: Rect | undefined;
    for (const [x, y] of [
      [x0, y0],
      [x1, y0],
      [x0, y1],
      [x1, y1],
    ] as const) {
      const px = m[0] * x + m[2] * y + m[4];
      const py = m[1] * x + m[3] * y + m[5];
      if (!box) box = [px, py, px, py];
      else box = [Math.min(box[0], px), Math.min(box[1], py), Math.max(box[2], px), Math.max(box[3], py)];
    }
    marks.push([box![0] - pad, box![1] - pad, box![2] + pad, box![3] + pad]);
  };

  type State = {
    ctm: Matrix;
    size: number;
    hscale: number;
    leading: number;
    font: FontWidths;
    lineWidth: number;
  };
  let gs: State = { ctm: IDENTITY, size: 12, hscale: 1, leading: 0, font: WIDE, lineWidth: 1 };
  const fontCache = new Map<string, FontWidths>();
  const stack: State[] = [];
  let tm: Matrix = IDENTITY;
  let tlm: Matrix = IDENTITY;
  let path: number[] = []; // user-space points of the current path
  type Operand = number | string | { str: Uint8Array } | Operand[];
  const operands: Operand[] = [];
  const arrays: Operand[][] = [];

  const num = (i: number) => {
    const v = operands[operands.length - i];
    return typeof v === 'number' ? v : 0;
  };
  const point = (x: number, y: number) => {
    const m = gs.ctm;
    path.push(m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]);
  };
  const show = (ems: number) => {
    const w = ems * gs.size * gs.hscale;
    // Glyphs overhang their advance a little (italics, side bearings): 0.1 em either side.
    add(mul(tm, gs.ctm), -0.1 * gs.size, -0.3 * gs.size, w + 0.1 * gs.size, gs.size);
    tm = mul([1, 0, 0, 1, w, 0], tm);
  };
  const nextLine = (tx: number, ty: number) => {
    tlm = mul([1, 0, 0, 1, tx, ty], tlm);
    tm = tlm;
  };
  /** Advance of a string operand in ems (a TJ number moves the next glyph by -n/1000 em). */
  const emsOf = (o: Operand | undefined): number =>
    typeof o === 'number' ? -o / 1000 : o && typeof o === 'object' && 'str' in o ? gs.font(o.str) : 0;
  const paint = (stroke: boolean) => {
    const m = gs.ctm;
    const pad = stroke ? (gs.lineWidth * Math.hypot(m[0], m[1]) || 1) / 2 : 0;
    if (path.length) {
      let [x0, y0, x1, y1] = [path[0]!, path[1]!, path[0]!, path[1]!];
      for (let i = 2; i < path.length; i += 2) {
        x0 = Math.min(x0, path[i]!);
        x1 = Math.max(x1, path[i]!);
        y0 = Math.min(y0, path[i + 1]!);
        y1 = Math.max(y1, path[i + 1]!);
      }
      add(IDENTITY, x0, y0, x1, y1, pad);
    }
    path = [];
  };

  const operator = (op: string) => {
    switch (op) {
      case 'q':
        stack.push({ ...gs });
        break;
      case 'Q':
        gs = stack.pop() ?? gs;
        break;
      case 'cm':
        gs.ctm = mul([num(6), num(5), num(4), num(3), num(2), num(1)], gs.ctm);
        break;
      case 'w':
        gs.lineWidth = num(1);
        break;
      case 'BT':
        tm = tlm = IDENTITY;
        break;
      case 'Tf': {
        gs.size = Math.abs(num(1));
        const name = operands[operands.length - 2];
        if (typeof name === 'string') {
          let widths = fontCache.get(name);
          if (!widths) {
            const font = fonts?.lookupMaybe(PDFName.of(name), PDFDict);
            widths = font ? cachedFontWidths(font) : WIDE;
            fontCache.set(name, widths);
          }
          gs.font = widths;
        }
        break;
      }
      case 'Tz':
        gs.hscale = Math.max(1, num(1) / 100);
        break;
      case 'TL':
        gs.leading = num(1);
        break;
      case 'Td':
        nextLine(num(2), num(1));
        break;
      case 'TD':
        gs.leading = -num(1);
        nextLine(num(2), num(1));
        break;
      case 'Tm':
        tlm = tm = [num(6), num(5), num(4), num(3), num(2), num(1)];
        break;
      case 'T*':
        nextLine(0, -gs.leading);
        break;
      case 'Tj':
        show(emsOf(operands.at(-1)));
        break;
      case "'":
        nextLine(0, -gs.leading);
        show(emsOf(operands.at(-1)));
        break;
      case '"':
        nextLine(0, -gs.leading);
        show(emsOf(operands.at(-1)));
        break;
      case 'TJ': {
        const arr = operands.at(-1);
        const items = Array.isArray(arr) ? arr : [];
        // The box spans the whole run: negative kerning never makes it narrower than its widest point.
        let at = 0;
        let far = 0;
        for (const o of items) {
          at += emsOf(o);
          far = Math.max(far, at);
        }
        show(far);
        break;
      }
      case 'm':
      case 'l':
        point(num(2), num(1));
        break;
      case 'c':
        point(num(6), num(5));
        point(num(4), num(3));
        point(num(2), num(1));
        break;
      case 'v':
      case 'y':
        point(num(4), num(3));
        point(num(2), num(1));
        break;
      case 're': {
        const [x, y, w, h] = [num(4), num(3), num(2), num(1)];
        point(x, y);
        point(x + w, y);
        point(x, y + h);
        point(x + w, y + h);
        break;
      }
      case 'S':
      case 's':
      case 'B':
      case 'B*':
      case 'b':
      case 'b*':
        paint(true);
        break;
      case 'f':
      case 'F':
      case 'f*':
        paint(false);
        break;
      case 'n':
        path = [];
        break;
      case 'Do': {
        const name = operands.at(-1);
        const xo = typeof name === 'string' ? xobjects?.lookup(PDFName.of(name)) : undefined;
        const dict = xo instanceof PDFStream ? xo.dict : undefined;
        if (dict?.get(PDFName.of('Subtype'))?.toString() === '/Form') {
          const b = dict.lookupMaybe(PDFName.of('BBox'), PDFArray)?.asArray();
          const m = dict.lookupMaybe(PDFName.of('Matrix'), PDFArray)?.asArray();
          const n = (a: unknown[] | undefined, i: number, d: number) =>
            a?.[i] instanceof PDFNumber ? (a[i] as PDFNumber).asNumber() : d;
          const fm: Matrix = m
            ? [n(m, 0, 1), n(m, 1, 0), n(m, 2, 0), n(m, 3, 1), n(m, 4, 0), n(m, 5, 0)]
            : IDENTITY;
          if (b) add(mul(fm, gs.ctm), n(b, 0, 0), n(b, 1, 0), n(b, 2, 0), n(b, 3, 0));
          else unknown = true;
        } else if (dict) add(gs.ctm, 0, 0, 1, 1);
        break;
      }
      case 'BI':
        add(gs.ctm, 0, 0, 1, 1);
        break;
      case 'sh':
        unknown = true;
        break;
    }
  };

  // Tokeniser (PDF 32000-1 §7.2, §8.9.7 for inline images).
  const n = bytes.length;
  let i = 0;
  const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9 || c === 12 || c === 0;
  const isDelim = (c: number) =>
    c === 40 ||
    c === 41 ||
    c === 60 ||
    c === 62 ||
    c === 91 ||
    c === 93 ||
    c === 47 ||
    c === 37 ||
    c === 123 ||
    c === 125;
  const push = (o: Operand) => (arrays.length ? arrays[arrays.length - 1]!.push(o) : operands.push(o));
  while (i < n && !unknown) {
    const c = bytes[i]!;
    if (isSpace(c)) i++;
    else if (c === 37) while (i < n && bytes[i] !== 10 && bytes[i] !== 13) i++;
    else if (c === 40) {
      let depth = 1;
      const str: number[] = [];
      const start = ++i;
      let escaped = false;
      while (i < n && depth > 0) {
        const d = bytes[i]!;
        if (d === 92) {
          escaped = true;
          const e = bytes[i + 1] ?? 0;
          i += 2;
          if (e >= 48 && e <= 55) {
            let v = e - 48;
            for (let k = 0; k < 2 && bytes[i]! >= 48 && bytes[i]! <= 55; k++) v = v * 8 + bytes[i++]! - 48;
            str.push(v & 255);
          } else if (e !== 10 && e !== 13) str.push(ESCAPES[e] ?? e);
          continue;
        }
        if (d === 40) depth++;
        else if (d === 41 && --depth === 0) {
          i++;
          break;
        }
        str.push(d);
        i++;
      }
      // Without escapes the string is its bytes: a view, no copy.
      push({ str: escaped ? Uint8Array.from(str) : bytes.subarray(start, i - 1) });
    } else if (c === 60 && bytes[i + 1] === 60) {
      i += 2; // dictionaries (marked-content properties) carry nothing painted: their contents become operands
    } else if (c === 62 && bytes[i + 1] === 62) i += 2;
    else if (c === 60) {
      // Hex string (what pdf-lib and most generators write for CID fonts), decoded in place.
      const start = ++i;
      while (i < n && bytes[i] !== 62) i++;
      const str = new Uint8Array((i - start + 1) >> 1);
      let len = 0;
      let half = -1;
      for (let k = start; k < i; k++) {
        const h = hexValue(bytes[k]!);
        if (h < 0) continue;
        if (half < 0) half = h;
        else {
          str[len++] = (half << 4) | h;
          half = -1;
        }
      }
      if (half >= 0) str[len++] = half << 4;
      i++;
      push({ str: str.subarray(0, len) });
    } else if (c === 91) {
      arrays.push([]);
      i++;
    } else if (c === 93) {
      const a = arrays.pop() ?? [];
      push(a);
      i++;
    } else if (c === 47) {
      const s = ++i;
      while (i < n && !isSpace(bytes[i]!) && !isDelim(bytes[i]!)) i++;
      push(ascii(bytes, s, i));
    } else if (c === 123 || c === 125 || c === 41 || c === 62) i++;
    else {
      const s = i;
      if ((c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46) {
        // A number, parsed in place (most tokens of a content stream are numbers).
        let sign = 1;
        let v = 0;
        let scale = 0;
        for (; i < n && !isSpace(bytes[i]!) && !isDelim(bytes[i]!); i++) {
          const d = bytes[i]!;
          if (d === 45) sign = -sign;
          else if (d === 46) scale = 1;
          else if (d >= 48 && d <= 57) {
            v = v * 10 + d - 48;
            if (scale) scale *= 10;
          }
        }
        push((sign * v) / (scale || 1));
        continue;
      }
      while (i < n && !isSpace(bytes[i]!) && !isDelim(bytes[i]!)) i++;
      const word = ascii(bytes, s, i);
      if (word === 'BI') {
        operator('BI');
        // Skip the parameters and the binary data up to "EI" standing alone.
        while (
          i < n &&
          !(
            bytes[i - 1] !== undefined &&
            isSpace(bytes[i - 1]!) &&
            bytes[i] === 73 &&
            bytes[i + 1] === 68 &&
            isSpace(bytes[i + 2] ?? 32)
          )
        )
          i++;
        i += 3;
        while (
          i < n &&
          !(isSpace(bytes[i - 1]!) && bytes[i] === 69 && bytes[i + 1] === 73 && isSpace(bytes[i + 2] ?? 32))
        )
          i++;
        i += 2;
      } else operator(word);
      operands.length = 0;
      arrays.length = 0;
    }
  }
  if (unknown) return [whole];
  return marks;
}

/** The union of `contentMarks`: undefined for a page that paints nothing. */
export function contentBBox(page: PDFPage, whole: Rect): Rect | undefined {
  const marks = contentMarks(page, whole);
  if (!marks.length) return undefined;
  return marks.reduce<Rect>(
    (u, r) => [Math.min(u[0], r[0]), Math.min(u[1], r[1]), Math.max(u[2], r[2]), Math.max(u[3], r[3])],
    [...marks[0]!],
  );
}

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  let s = '';
  for (let k = from; k < to; k++) s += String.fromCharCode(bytes[k]!);
  return s;
}

const ESCAPES: Record<number, number> = { 110: 10, 114: 13, 116: 9, 98: 8, 102: 12 };

/** A string's advance in ems. */
type FontWidths = (bytes: Uint8Array) => number;
/** One em per byte: wider than any simple font's glyph, the fallback for fonts without usable widths. */
const WIDE: FontWidths = (b) => b.length;

const numberAt = (arr: PDFArray | undefined, i: number): number | undefined => {
  const v = arr?.lookup(i);
  return v instanceof PDFNumber ? v.asNumber() : undefined;
};

/**
 * Glyph widths from the font dictionary: /Widths for simple fonts, /W and /DW for Identity-encoded CID fonts
 * (what pdf-lib, most office suites and pdfTeX write). Anything else gets an upper bound.
 */
function fontWidths(font: PDFDict): FontWidths {
  const subtype = font.get(PDFName.of('Subtype'))?.toString();
  if (subtype === '/Type0') {
    const enc = font.get(PDFName.of('Encoding'))?.toString();
    const desc = font.lookupMaybe(PDFName.of('DescendantFonts'), PDFArray)?.lookup(0);
    const dict = desc instanceof PDFDict ? desc : undefined;
    const dw = (dict && dictNumber(dict, 'DW')) ?? 1000;
    const w = dict?.lookupMaybe(PDFName.of('W'), PDFArray);
    const table = new Map<number, number>();
    const ranges: Array<[number, number, number]> = [];
    let widest = dw;
    if (w) {
      for (let k = 0; k < w.size(); ) {
        const first = numberAt(w, k);
        const next = w.lookup(k + 1);
        if (first === undefined) break;
        if (next instanceof PDFArray) {
          for (let j = 0; j < next.size(); j++) {
            const v = numberAt(next, j) ?? dw;
            table.set(first + j, v);
            widest = Math.max(widest, v);
          }
          k += 2;
        } else {
          const last = numberAt(w, k + 1) ?? first;
          const v = numberAt(w, k + 2) ?? dw;
          ranges.push([first, last, v]);
          widest = Math.max(widest, v);
          k += 3;
        }
      }
    }
    const identity = enc === '/Identity-H' || enc === '/Identity-V';
    return (b) => {
      let ems = 0;
      for (let k = 0; k < b.length; k += 2) {
        const cid = (b[k]! << 8) | (b[k + 1] ?? 0);
        ems += (identity ? (table.get(cid) ?? rangeWidth(ranges, cid) ?? dw) : Math.max(widest, 1000)) / 1000;
      }
      return ems;
    };
  }
  if (subtype === '/Type3') return WIDE;
  const widths = font.lookupMaybe(PDFName.of('Widths'), PDFArray);
  if (!widths) return WIDE;
  const first = dictNumber(font, 'FirstChar') ?? 0;
  const table = widths.asArray().map((_, k) => numberAt(widths, k) ?? 1000);
  const fd = font.lookupMaybe(PDFName.of('FontDescriptor'), PDFDict);
  const missing = (fd && dictNumber(fd, 'MissingWidth')) || 1000;
  return (b) => {
    let ems = 0;
    for (const code of b) ems += (table[code - first] ?? missing) / 1000;
    return ems;
  };
}

function rangeWidth(ranges: Array<[number, number, number]>, cid: number): number | undefined {
  for (const [first, last, w] of ranges) if (cid >= first && cid <= last) return w;
  return undefined;
}

/** Widths per font dictionary: pages of one document share their fonts, so each is read once. */
const WIDTHS = new WeakMap<PDFDict, FontWidths>();
function cachedFontWidths(font: PDFDict): FontWidths {
  let w = WIDTHS.get(font);
  if (!w) {
    w = fontWidths(font);
    WIDTHS.set(font, w);
  }
  return w;
}

function dictNumber(dict: PDFDict, key: string): number | undefined {
  const v = dict.lookup(PDFName.of(key));
  return v instanceof PDFNumber ? v.asNumber() : undefined;
}

/** Decoded content bytes read per page at most (see `contentBytes`). */
const MAX_CONTENT_BYTES = 32 * 1024 * 1024;

function contentBytes(ctx: PDFContext, contents: unknown): Uint8Array {
  const streams: PDFStream[] = [];
  if (contents instanceof PDFArray) {
    for (const ref of contents.asArray()) {
      const s = ctx.lookup(ref);
      if (s instanceof PDFStream) streams.push(s);
    }
  } else if (contents instanceof PDFStream) streams.push(contents);
  // A page's content is a few KB to a few MB; a stream that inflates past this budget (a "zip bomb", see the
  // normaliser's budget tests) is not read: the caller then treats the page as covering its whole box.
  let budget = MAX_CONTENT_BYTES;
  const parts = streams.map((s) => {
    let bytes: Uint8Array;
    if (s instanceof PDFRawStream) {
      const filter = s.dict.lookup(PDFName.of('Filter'));
      const name = filter instanceof PDFArray && filter.size() === 1 ? filter.lookup(0) : filter;
      if (!filter) bytes = s.contents;
      else if (
        name instanceof PDFName &&
        name.asString() === '/FlateDecode' &&
        !s.dict.has(PDFName.of('DecodeParms'))
      ) {
        // zlib, bounded, tolerant of a truncated end (Z_SYNC_FLUSH); pdf-lib's inflater is ~10× slower.
        bytes = new Uint8Array(
          inflateSync(s.contents, { maxOutputLength: budget + 1, finishFlush: zlibConstants.Z_SYNC_FLUSH }),
        );
      } else throw new Error('content stream filter not read');
    } else {
      const own = s as PDFStream & { getUnencodedContents?: () => Uint8Array };
      bytes = own.getUnencodedContents ? own.getUnencodedContents() : s.getContents();
    }
    budget -= bytes.length;
    if (budget < 0) throw new Error('content stream over budget');
    return bytes;
  });
  const total = parts.reduce((t, p) => t + p.length + 1, 0);
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    out[at + p.length] = 10;
    at += p.length + 1;
  }
  return out;
}
