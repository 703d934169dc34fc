import { CHAR_CLASS } from '../raw/parse.ts';
import type { RawPage, RawPdf } from '../raw/reader.ts';
import { PdfDict, PdfName, type PdfObject, PdfStream, type PdfValue } from '../raw/values.ts';

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
export function contentMarks(src: RawPdf, page: RawPage, whole: Rect): Rect[] {
  let bytes: Uint8Array;
  try {
    bytes = contentBytes(src, page.dict.get('Contents'));
  } catch {
    return [whole];
  }
  const res = src.dict(page.dict.get('Resources') ?? page.inherited.Resources);
  const xobjects = src.dict(res?.get('XObject'));
  const fonts = src.dict(res?.get('Font'));

  const marks: Rect[] = [];
  let unknown = false;
  const add = (m: Matrix, x0: number, y0: number, x1: number, y1: number, pad = 0) => {
    // The four corners through m; their bounding box, widened by pad.
    const ax = m[0] * x0;
    const bx = m[0] * x1;
    const cy = m[2] * y0;
    const dy = m[2] * y1;
    const ay = m[1] * x0;
    const by = m[1] * x1;
    const cx = m[3] * y0;
    const dx = m[3] * y1;
    marks.push([
      Math.min(ax, bx) + Math.min(cy, dy) + m[4] - pad,
      Math.min(ay, by) + Math.min(cx, dx) + m[5] - pad,
      Math.max(ax, bx) + Math.max(cy, dy) + m[4] + pad,
      Math.max(ay, by) + Math.max(cx, dx) + m[5] + pad,
    ]);
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
  type Operand = number | string | Ems | Operand[];
  // The operands of the current operator: operands[0 … top-1] (the array is reused, not emptied).
  const operands: Operand[] = [];
  let top = 0;
  const arrays: Operand[][] = [];

  const num = (i: number) => {
    const v = i <= top ? operands[top - i] : undefined;
    return typeof v === 'number' ? v : 0;
  };
  const last = (i = 1) => (i <= top ? operands[top - i] : undefined);
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
    typeof o === 'number' ? -o / 1000 : o instanceof Ems ? o.ems : 0;
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
        const name = last(2);
        if (typeof name === 'string') {
          let widths = fontCache.get(name);
          if (!widths) {
            const font = fonts ? src.resolve(fonts.get(name)) : undefined;
            widths = font instanceof PdfDict ? cachedFontWidths(src, font) : WIDE;
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
        show(emsOf(last()));
        break;
      case "'":
        nextLine(0, -gs.leading);
        show(emsOf(last()));
        break;
      case '"':
        nextLine(0, -gs.leading);
        show(emsOf(last()));
        break;
      case 'TJ': {
        const arr = last();
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
        const name = last();
        const xo = typeof name === 'string' && xobjects ? src.resolve(xobjects.get(name)) : undefined;
        const dict = xo instanceof PdfStream ? xo.dict : undefined;
        if (dict?.name('Subtype') === 'Form') {
          const b = numbers(src, dict.get('BBox'));
          const m = numbers(src, dict.get('Matrix'));
          const n = (a: Array<number | undefined> | undefined, i: number, d: number) => a?.[i] ?? d;
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
  const isSpace = (c: number) => CHAR_CLASS[c] === 1;
  const push = (o: Operand) => {
    if (arrays.length) arrays[arrays.length - 1]!.push(o);
    else operands[top++] = o;
  };
  while (i < n && !unknown) {
    const c = bytes[i]!;
    if (isSpace(c)) i++;
    else if (c === 37) while (i < n && bytes[i] !== 10 && bytes[i] !== 13) i++;
    else if (c === 40) {
      // A string is read as its advance with the current font: no operator sets the font between a string
      // and the operator that shows it, and nothing else here needs its bytes.
      const w = gs.font;
      let ems = 0;
      let high = -1;
      const glyphByte = (v: number) => {
        if (!w.twoByte) ems += w.width(v);
        else if (high < 0) high = v;
        else {
          ems += w.width((high << 8) | v);
          high = -1;
        }
      };
      let depth = 1;
      i++;
      while (i < n && depth > 0) {
        const d = bytes[i]!;
        if (d === 92) {
          const e = bytes[i + 1] ?? 0;
          i += 2;
          if (e >= 48 && e <= 55) {
            let v = e - 48;
            for (let k = 0; k < 2 && bytes[i]! >= 48 && bytes[i]! <= 55; k++) v = v * 8 + bytes[i++]! - 48;
            glyphByte(v & 255);
          } else if (e !== 10 && e !== 13) glyphByte(ESCAPES[e] ?? e);
          continue;
        }
        if (d === 40) depth++;
        else if (d === 41 && --depth === 0) {
          i++;
          break;
        }
        glyphByte(d);
        i++;
      }
      if (high >= 0) ems += w.width(high << 8);
      push(new Ems(ems / 1000));
    } else if (c === 60 && bytes[i + 1] === 60) {
      i += 2; // dictionaries (marked-content properties) carry nothing painted: their contents become operands
    } else if (c === 62 && bytes[i + 1] === 62) i += 2;
    else if (c === 60) {
      // Hex string (what pdf-lib, our writer and most generators write for CID fonts), read as its advance.
      const w = gs.font;
      const step = w.twoByte ? 4 : 2;
      let ems = 0;
      let code = 0;
      let digits = 0;
      i++;
      for (; i < n; i++) {
        const d = bytes[i]!;
        if (d === 62) break;
        const h = hexValue(d);
        if (h < 0) continue;
        code = (code << 4) | h;
        if (++digits === step) {
          ems += w.width(code);
          code = 0;
          digits = 0;
        }
      }
      // An odd final digit is followed by an implied 0 (§7.3.4.3).
      if (digits > 0) ems += w.width(code << (4 * (step - digits)));
      i++;
      push(new Ems(ems / 1000));
    } else if (c === 91) {
      arrays.push([]);
      i++;
    } else if (c === 93) {
      const a = arrays.pop() ?? [];
      push(a);
      i++;
    } else if (c === 47) {
      const s = ++i;
      while (i < n && CHAR_CLASS[bytes[i]!] === 0) i++;
      push(ascii(bytes, s, i));
    } else if (c === 123 || c === 125 || c === 41 || c === 62) i++;
    else {
      const s = i;
      if ((c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46) {
        // A number, parsed in place (most tokens of a content stream are numbers).
        let sign = 1;
        let v = 0;
        let scale = 0;
        for (; i < n && CHAR_CLASS[bytes[i]!] === 0; i++) {
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
      while (i < n && CHAR_CLASS[bytes[i]!] === 0) i++;
      const word = operatorName(bytes, s, i);
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
      top = 0;
      if (arrays.length) arrays.length = 0;
    }
  }
  if (unknown) return [whole];
  return marks;
}

/** The union of `contentMarks`: undefined for a page that paints nothing. */
export function contentBBox(src: RawPdf, page: RawPage, whole: Rect): Rect | undefined {
  const marks = contentMarks(src, page, whole);
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

/** Operator names by their bytes (every operator is 1–3 characters): decoded once per process. */
const OPERATORS = new Map<number, string>();
function operatorName(bytes: Uint8Array, from: number, to: number): string {
  const len = to - from;
  if (len > 3) return ascii(bytes, from, to);
  const code = bytes[from]! | (len > 1 ? bytes[from + 1]! << 8 : 0) | (len > 2 ? bytes[from + 2]! << 16 : 0);
  let op = OPERATORS.get(code);
  if (op === undefined) {
    op = ascii(bytes, from, to);
    if (OPERATORS.size < 4096) OPERATORS.set(code, op);
  }
  return op;
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  let s = '';
  for (let k = from; k < to; k++) s += String.fromCharCode(bytes[k]!);
  return s;
}

const ESCAPES: Record<number, number> = { 110: 10, 114: 13, 116: 9, 98: 8, 102: 12 };

/** A string operand, as its advance in ems with the font current when it was read. */
class Ems {
  constructor(readonly ems: number) {}
}

/** Glyph widths of a font (in 1/1000 em) by character code; `twoByte`: codes are two bytes (Type0 fonts). */
export interface FontWidths {
  twoByte: boolean;
  width(code: number): number;
  /** The font's own widths (not an upper bound): positions measured with them are where the glyphs are. */
  exact?: true;
}
/** One em per byte: wider than any simple font's glyph, the fallback for fonts without usable widths. */
const WIDE: FontWidths = { twoByte: false, width: () => 1000 };

/** The numbers of an array value (each entry resolved; undefined where an entry is not a number). */
function numbers(src: RawPdf, v: PdfValue | undefined): Array<number | undefined> | undefined {
  const arr = src.resolve(v);
  if (!Array.isArray(arr)) return undefined;
  return arr.map((x) => {
    const r = src.resolve(x);
    return typeof r === 'number' && Number.isFinite(r) ? r : undefined;
  });
}

/**
 * Glyph widths from the font dictionary: /Widths for simple fonts, /W and /DW for Identity-encoded CID fonts
 * (what pdf-lib, our own writer, most office suites and pdfTeX write). Anything else gets an upper bound.
 */
function fontWidths(src: RawPdf, font: PdfDict): FontWidths {
  const subtype = font.name('Subtype');
  if (subtype === 'Type0') {
    const enc = src.resolve(font.get('Encoding'));
    const encoding = enc instanceof PdfName ? enc.name : '';
    const descendants = src.resolve(font.get('DescendantFonts'));
    const dict = Array.isArray(descendants) ? src.dict(descendants[0]) : undefined;
    const dw = (dict && dictNumber(src, dict, 'DW')) ?? 1000;
    const w = dict ? src.resolve(dict.get('W')) : undefined;
    const table = new Map<number, number>();
    const ranges: Array<[number, number, number]> = [];
    let widest = dw;
    if (Array.isArray(w)) {
      const at = (k: number) => {
        const v = src.resolve(w[k]);
        return typeof v === 'number' ? v : undefined;
      };
      for (let k = 0; k < w.length; ) {
        const first = at(k);
        const next = src.resolve(w[k + 1]);
        if (first === undefined) break;
        if (Array.isArray(next)) {
          for (let j = 0; j < next.length; j++) {
            const x = src.resolve(next[j]);
            const v = typeof x === 'number' ? x : dw;
            table.set(first + j, v);
            widest = Math.max(widest, v);
          }
          k += 2;
        } else {
          const last = at(k + 1) ?? first;
          const v = at(k + 2) ?? dw;
          ranges.push([first, last, v]);
          widest = Math.max(widest, v);
          k += 3;
        }
      }
    }
    const identity = encoding === 'Identity-H' || encoding === 'Identity-V';
    const unknownCode = Math.max(widest, 1000);
    return {
      twoByte: true,
      width: identity ? (cid) => table.get(cid) ?? rangeWidth(ranges, cid) ?? dw : () => unknownCode,
      ...(identity ? { exact: true } : {}),
    };
  }
  if (subtype === 'Type3') return WIDE;
  const widths = src.resolve(font.get('Widths'));
  if (!Array.isArray(widths)) return WIDE;
  const first = dictNumber(src, font, 'FirstChar') ?? 0;
  const table = widths.map((x) => {
    const v = src.resolve(x);
    return typeof v === 'number' ? v : 1000;
  });
  const fd = src.dict(font.get('FontDescriptor'));
  const missing = (fd && dictNumber(src, fd, 'MissingWidth')) || 1000;
  return { twoByte: false, width: (code) => table[code - first] ?? missing, exact: true };
}

function rangeWidth(ranges: Array<[number, number, number]>, cid: number): number | undefined {
  for (const [first, last, w] of ranges) if (cid >= first && cid <= last) return w;
  return undefined;
}

/** Widths per font dictionary: pages of one document share their fonts, so each is read once. */
const WIDTHS = new WeakMap<PdfDict, FontWidths>();
export function cachedFontWidths(src: RawPdf, font: PdfDict): FontWidths {
  let w = WIDTHS.get(font);
  if (!w) {
    w = fontWidths(src, font);
    WIDTHS.set(font, w);
  }
  return w;
}

function dictNumber(src: RawPdf, dict: PdfDict, key: string): number | undefined {
  const v = src.resolve(dict.get(key));
  return typeof v === 'number' ? v : undefined;
}

/** Decoded content bytes read per page at most (see `contentBytes`). */
const MAX_CONTENT_BYTES = 32 * 1024 * 1024;

/**
 * A page's content streams, decoded and joined. A page's content is a few KB to a few MB; a stream that inflates
 * past the budget (a "zip bomb", see the normaliser's budget tests) or uses a filter not read here throws: the
 * caller then treats the page as covering its whole box.
 */
export function contentBytes(src: RawPdf, contents: PdfObject | undefined): Uint8Array {
  const target = src.resolve(contents);
  const streams: PdfStream[] = [];
  if (Array.isArray(target)) {
    for (const ref of target) {
      const s = src.resolve(ref);
      if (s instanceof PdfStream) streams.push(s);
    }
  } else if (target instanceof PdfStream) streams.push(target);
  let budget = MAX_CONTENT_BYTES;
  const parts = streams.map((s) => {
    const bytes = src.decode(s, budget);
    budget -= bytes.length;
    return bytes;
  });
  if (parts.length === 1) return parts[0]!;
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
