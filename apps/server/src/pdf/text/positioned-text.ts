/**
 * Where a page's characters are (issue 30 item 8, decision 0015's update): each glyph its text layer shows, with
 * the quadrilateral it occupies in the page's user space, so a word found in the text can be marked on the page.
 * Text is placed as PDF 32000-1 § 9.4.4 places it (text matrix, font size, character and word spacing, horizontal
 * scaling, rise, TJ adjustments) with the font's own widths; a font whose widths are only guessed (no /Widths, a
 * Type3 font, a CID font not encoded Identity-H/V) places nothing, so nothing is marked in the wrong place. Form
 * XObjects are not entered; a page whose content cannot be read gives what was read before the fault.
 */
import { cachedFontWidths, contentBytes, type FontWidths } from '../packet/content-bbox.ts';
import { Parser } from '../raw/parse.ts';
import type { RawPage, RawPdf } from '../raw/reader.ts';
import { stringBytes } from '../raw/text.ts';
import { PdfDict, PdfName, PdfString, type PdfValue } from '../raw/values.ts';
import { type FontMap, fontMap, isOperatorStart, SKIP } from './page-text.ts';

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

/** A point in the page's user space. */
export type Point = readonly [number, number];

/** One glyph: its text (one or more characters; '' when the font maps it to nothing) and its corners. */
export interface Glyph {
  text: string;
  /** Lower left, lower right, upper right, upper left, in the glyph's own orientation (descender to ascender). */
  quad: readonly [Point, Point, Point, Point];
  /** The glyph's height on the page (its em, through the text and current matrices). */
  size: number;
}

/** Decoded content bytes read per page at most (a drawing of many megabytes holds little text). */
const MAX_BYTES = 8 * 1024 * 1024;
/** Glyphs kept per page at most. */
const MAX_GLYPHS = 50_000;
/** The share of the em below the baseline and above it that a highlight covers. */
const DESCENT = 0.22;
const ASCENT = 0.8;

interface TextFont {
  map: FontMap;
  widths: FontWidths | undefined;
}

/** The glyphs of one page in the order shown. */
export function pageGlyphs(src: RawPdf, page: RawPage): Glyph[] {
  let whole: Uint8Array;
  try {
    whole = contentBytes(src, page.dict.get('Contents'));
  } catch {
    return [];
  }
  const bytes = whole.length > MAX_BYTES ? whole.subarray(0, MAX_BYTES) : whole;
  const res = src.dict(page.dict.get('Resources') ?? page.inherited.Resources);
  const fonts = src.dict(res?.get('Font'));
  const cache = new Map<string, TextFont>();
  const glyphs: Glyph[] = [];

  type State = {
    ctm: Matrix;
    font: TextFont;
    size: number;
    charSpace: number;
    wordSpace: number;
    hscale: number;
    leading: number;
    rise: number;
  };
  const none: TextFont = { map: SKIP, widths: undefined };
  let gs: State = {
    ctm: IDENTITY,
    font: none,
    size: 12,
    charSpace: 0,
    wordSpace: 0,
    hscale: 1,
    leading: 0,
    rise: 0,
  };
  const stack: State[] = [];
  let tm: Matrix = IDENTITY;
  let tlm: Matrix = IDENTITY;
  const operands: PdfValue[] = [];
  const num = (i: number) => {
    const v = operands[operands.length - i];
    return typeof v === 'number' && Number.isFinite(v) ? v : 0;
  };
  const nextLine = (tx: number, ty: number) => {
    tlm = mul([1, 0, 0, 1, tx, ty], tlm);
    tm = tlm;
  };
  const advance = (tx: number) => {
    tm = mul([1, 0, 0, 1, tx, 0], tm);
  };
  const showString = (s: PdfString) => {
    const { map, widths } = gs.font;
    const data = stringBytes(s);
    const width = widths?.twoByte ? 2 : map.width;
    for (let i = 0; i + width - 1 < data.length; i += width) {
      const code = width === 2 ? (data[i]! << 8) | data[i + 1]! : data[i]!;
      const w0 = (widths?.width(code) ?? 0) / 1000;
      if (widths?.exact && glyphs.length < MAX_GLYPHS) {
        const trm = mul(mul([gs.size * gs.hscale, 0, 0, gs.size, 0, gs.rise], tm), gs.ctm);
        const at = (x: number, y: number): Point => [
          trm[0] * x + trm[2] * y + trm[4],
          trm[1] * x + trm[3] * y + trm[5],
        ];
        glyphs.push({
          text: textOf(map, code),
          quad: [at(0, -DESCENT), at(w0, -DESCENT), at(w0, ASCENT), at(0, ASCENT)],
          size: Math.hypot(trm[2], trm[3]),
        });
      }
      const space = width === 1 && code === 32 ? gs.wordSpace : 0;
      advance((w0 * gs.size + gs.charSpace + space) * gs.hscale);
    }
  };
  const show = (v: PdfValue | undefined) => {
    if (v instanceof PdfString) showString(v);
    else if (Array.isArray(v)) {
      for (const x of v) {
        if (x instanceof PdfString) showString(x);
        else if (typeof x === 'number' && Number.isFinite(x)) advance((-x / 1000) * gs.size * gs.hscale);
      }
    }
  };
  const setFont = (name: PdfValue | undefined) => {
    if (!(name instanceof PdfName)) return;
    let f = cache.get(name.name);
    if (!f) {
      const d = fonts ? src.resolve(fonts.get(name.name)) : undefined;
      f = d instanceof PdfDict ? { map: fontMap(src, d), widths: cachedFontWidths(src, d) } : none;
      cache.set(name.name, f);
    }
    gs.font = f;
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
      case 'BT':
        tm = tlm = IDENTITY;
        break;
      case 'Tf':
        gs.size = num(1);
        setFont(operands[operands.length - 2]);
        break;
      case 'Tc':
        gs.charSpace = num(1);
        break;
      case 'Tw':
        gs.wordSpace = num(1);
        break;
      case 'Tz':
        gs.hscale = num(1) / 100;
        break;
      case 'TL':
        gs.leading = num(1);
        break;
      case 'Ts':
        gs.rise = num(1);
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
      case 'TJ':
        show(operands[operands.length - 1]);
        break;
      case "'":
        nextLine(0, -gs.leading);
        show(operands[operands.length - 1]);
        break;
      case '"':
        gs.wordSpace = num(3);
        gs.charSpace = num(2);
        nextLine(0, -gs.leading);
        show(operands[operands.length - 1]);
        break;
    }
  };

  const p = new Parser(bytes);
  try {
    for (;;) {
      p.skip();
      if (p.pos >= bytes.length) break;
      if (!isOperatorStart(bytes[p.pos]!)) {
        operands.push(p.value());
        continue;
      }
      const op = p.word();
      if (op === 'BI') {
        // Inline image: skip its data to the EI that ends it.
        const end = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).indexOf('EI', p.pos, 'latin1');
        p.pos = end < 0 ? bytes.length : end + 2;
      } else operator(op);
      operands.length = 0;
      if (glyphs.length >= MAX_GLYPHS) break;
    }
  } catch {
    // A syntax error: the glyphs read so far stand.
  }
  return glyphs;
}

/** A code's text: through the ToUnicode map, or the code itself (Latin-1 byte or UCS-2 unit) without one. */
function textOf(map: FontMap, code: number): string {
  return map.map ? (map.map.get(code) ?? '') : String.fromCharCode(code);
}
