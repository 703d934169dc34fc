/**
 * Which face draws each character of a letter (decision 0066): Latin text in the serif (Source Serif 4, four
 * faces), CJK in Noto Sans SC, character by character, so a run mixing both is measured and drawn in two fonts.
 * - A CJK character, or one the serif has no glyph for, is drawn in Noto Sans SC of the run's weight.
 * - Punctuation both scripts use (’ ‘ “ ” – — … ·) takes the script of the text around it (`cjkPunctuation`):
 *   inside Latin text the serif's proportional glyph ("Smith’s", "“the Act”"), inside Chinese text the CJK
 *   font's full-width one. The layout marks the CJK-context ones; everything else is Latin.
 * Measuring and drawing use the same function, so a width measured is the width drawn. Advances per face and
 * code point are cached for the process (the font files are parsed once, font-set.ts).
 */

import { type FontFace, type FontWeight, fontMetrics, serifFace } from '../fonts/font-set.ts';
import { isCjk } from './line-break.ts';

/** Punctuation shared by Latin and CJK text: drawn in the face of the script around it. */
export const SHARED_PUNCTUATION = new Set('’‘“”–—…·'.split(''));
/** Opening marks look at the character after them; every other shared mark at the one before. */
const OPENING = new Set('‘“'.split(''));

export interface FaceStyle {
  weight: FontWeight;
  italic: boolean;
  /** Shared punctuation of this text is set in the CJK face (it sits inside Chinese text). */
  cjkPunctuation?: boolean;
}

interface Glyph {
  face: FontFace;
  /** Advance at size 1 (points per point of font size). */
  advance: number;
}

const glyphCache = new Map<string, Map<number, Glyph>>();

function glyphs(style: FaceStyle): Map<number, Glyph> {
  const key = `${style.weight}${style.italic ? 'i' : ''}${style.cjkPunctuation ? 'c' : ''}`;
  let map = glyphCache.get(key);
  if (!map) {
    map = new Map();
    glyphCache.set(key, map);
  }
  return map;
}

function glyphOf(cp: number, ch: string, style: FaceStyle, cache: Map<number, Glyph>): Glyph {
  let g = cache.get(cp);
  if (g) return g;
  const serif = serifFace(style.weight, style.italic);
  const cjk =
    isCjk(ch) ||
    (style.cjkPunctuation === true && SHARED_PUNCTUATION.has(ch)) ||
    fontMetrics(serif).glyph(cp) === 0;
  const face: FontFace = cjk ? style.weight : serif;
  const m = fontMetrics(face);
  g = { face, advance: m.width(cp) / m.unitsPerEm };
  cache.set(cp, g);
  return g;
}

/** The face that draws `ch` in `style`. */
export function faceOf(ch: string, style: FaceStyle): FontFace {
  return glyphOf(ch.codePointAt(0)!, ch, style, glyphs(style)).face;
}

/** Width in points of `text` at `size` as the letter draws it (serif for Latin, Noto Sans SC for CJK). */
export function measureMixed(text: string, size: number, style: FaceStyle): number {
  const cache = glyphs(style);
  let w = 0;
  for (const ch of text) w += glyphOf(ch.codePointAt(0)!, ch, style, cache).advance;
  return w * size;
}

export interface FaceSegment {
  face: FontFace;
  text: string;
  /** Advance in points at `size`. */
  width: number;
}

/** `text` cut where the face changes, each piece with its face and width. */
export function faceSegments(text: string, size: number, style: FaceStyle): FaceSegment[] {
  const cache = glyphs(style);
  const out: FaceSegment[] = [];
  let cur: FaceSegment | undefined;
  for (const ch of text) {
    const g = glyphOf(ch.codePointAt(0)!, ch, style, cache);
    if (!cur || cur.face !== g.face) {
      cur = { face: g.face, text: '', width: 0 };
      out.push(cur);
    }
    cur.text += ch;
    cur.width += g.advance * size;
  }
  return out;
}

/**
 * For each character of `text` (by UTF-16 index), whether it is shared punctuation sitting in Chinese text: an
 * opening mark takes the script of the next letter (else the previous), any other the previous (else the next);
 * spaces and other shared marks are skipped over. Returns the indexes of the CJK-context marks.
 */
export function cjkContextPunctuation(text: string): Set<number> {
  const chars = Array.from(text);
  const offsets: number[] = [];
  let o = 0;
  for (const ch of chars) {
    offsets.push(o);
    o += ch.length;
  }
  const decisive = (i: number) => {
    const ch = chars[i]!;
    return !SHARED_PUNCTUATION.has(ch) && ch.trim() !== '';
  };
  const look = (i: number, step: 1 | -1): boolean | undefined => {
    for (let k = i + step; k >= 0 && k < chars.length; k += step) if (decisive(k)) return isCjk(chars[k]!);
    return undefined;
  };
  const out = new Set<number>();
  chars.forEach((ch, i) => {
    if (!SHARED_PUNCTUATION.has(ch)) return;
    const [first, second]: [1 | -1, 1 | -1] = OPENING.has(ch) ? [1, -1] : [-1, 1];
    if ((look(i, first) ?? look(i, second)) === true) out.add(offsets[i]!);
  });
  return out;
}

/** Whether a justified line's stretch goes between `prev` and `ch`: after a space, or beside a CJK character. */
export function stretchesBefore(prev: string, ch: string): boolean {
  if (ch === ' ') return false;
  return prev === ' ' || isCjk(prev) || isCjk(ch);
}

/** After these (or at the start of the text) a quote opens; elsewhere it closes, or is an apostrophe. */
const OPENS_AFTER = /[\s([{\u2014\u2013\u201c\u2018/-]/;

/**
 * Typewriter quotes as a typesetter sets them: ' → ’ (apostrophe, closing) or ‘ (opening), " → ” or “, by the
 * character before each (`before` is the one preceding `text`, '' at a paragraph's start). "Smith's" → "Smith’s",
 * "the 'Act'" → "the ‘Act’", "'90s" stays an opening mark (as most typesetters' automatic rule does).
 */
export function typographicQuotes(text: string, before: string): string {
  if (!text.includes("'") && !text.includes('"')) return text;
  let prev = before;
  let out = '';
  for (const ch of text) {
    const opens = prev === '' || OPENS_AFTER.test(prev);
    out += ch === "'" ? (opens ? '‘' : '’') : ch === '"' ? (opens ? '“' : '”') : ch;
    prev = ch;
  }
  return out;
}
