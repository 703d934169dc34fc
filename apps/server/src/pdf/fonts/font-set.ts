/**
 * CJK-capable fonts for generated PDFs (letters, cover sheets, exhibit stamps): Noto Sans SC regular + bold.
 *
 * Why this shape (decision 0002 §3, 0004):
 * - Bytes come from the `@expo-google-fonts/noto-sans-sc` npm package (OFL), read into harfbuzz once per process;
 *   JavaScript keeps only the metric tables (`fontMetrics`).
 * - We subset with harfbuzz ourselves (pdf-lib's `subset: true` crashes on this font) to the code points of the
 *   document plus a fixed base set (ASCII, digits, common CJK punctuation, list bullets), keeping glyph ids
 *   (RETAIN_GIDS) so a glyph id means the same thing in the full font and in every subset.
 * - We embed with `subset: false` (the bytes already are a subset) and a `XXXXXX+` tag in the name so readers
 *   report "sub yes", and with GSUB features off: fontkit would otherwise substitute e.g. Noto's `locl` digits after
 *   Latin text, which pdf-lib's ToUnicode cannot map back — "EB-1A 2024" would lose its digits in extracted text.
 * - The font has no italic. Callers draw italic runs with a skew transform (synthetic oblique); see
 *   `OBLIQUE_SKEW_DEGREES`.
 * - Widths come from the full font's hmtx (sfnt.ts) through a per-process cache, so measuring needs no PDF document
 *   and matches what the writers put in /W (advance widths, no kerning: GPOS positions are not written).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { PDFDocument, PDFFont } from '@cantoo/pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import { type FontSource, subsetFont } from './hb-subset.ts';
import { metricTables, readSfnt, type SfntMetrics } from './sfnt.ts';

export type FontWeight = 'regular' | 'bold';
/** The Latin text face of the letters (decision 0066): Source Serif 4, with a true italic. */
export type SerifFace = 'serif' | 'serifBold' | 'serifItalic' | 'serifBoldItalic';
/** Every embeddable face: the CJK face's two weights (named by weight, as before) and the serif's four. */
export type FontFace = FontWeight | SerifFace;

export const SERIF_FACES: readonly SerifFace[] = ['serif', 'serifBold', 'serifItalic', 'serifBoldItalic'];

const FONT_FILES: Record<FontFace, string> = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  serif: '@expo-google-fonts/source-serif-4/400Regular/SourceSerif4_400Regular.ttf',
  serifBold: '@expo-google-fonts/source-serif-4/700Bold/SourceSerif4_700Bold.ttf',
  serifItalic: '@expo-google-fonts/source-serif-4/400Regular_Italic/SourceSerif4_400Regular_Italic.ttf',
  serifBoldItalic: '@expo-google-fonts/source-serif-4/700Bold_Italic/SourceSerif4_700Bold_Italic.ttf',
};

export const POSTSCRIPT_NAMES: Record<FontFace, string> = {
  regular: 'NotoSansSC-Regular',
  bold: 'NotoSansSC-Bold',
  serif: 'SourceSerif4-Regular',
  serifBold: 'SourceSerif4-Bold',
  serifItalic: 'SourceSerif4-Italic',
  serifBoldItalic: 'SourceSerif4-BoldItalic',
};

export function isSerifFace(face: FontFace): face is SerifFace {
  return face !== 'regular' && face !== 'bold';
}

/** The serif face for a weight and slant. */
export function serifFace(weight: FontWeight, italic: boolean): SerifFace {
  if (weight === 'bold') return italic ? 'serifBoldItalic' : 'serifBold';
  return italic ? 'serifItalic' : 'serif';
}

/** GSUB features fontkit would apply by default and that break ToUnicode / widths (decision 0002 §3). */
export const NO_GSUB_FEATURES = {
  locl: false,
  ccmp: false,
  liga: false,
  clig: false,
  calt: false,
  rlig: false,
} as const;

/** Skew angle for the synthetic oblique used for italic runs (the CJK font ships no italic). */
export const OBLIQUE_SKEW_DEGREES = 12;

/** Always in every subset: numbers, Latin punctuation, page-number and list-marker glyphs, CJK punctuation. */
const LATIN_BASE_CHARS =
  Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).join('') +
  '\u00a0•◦▪–—…‘’“”·§©®™°±×÷';
const BASE_CHARS = `${LATIN_BASE_CHARS}，。、；：？！（）「」『』《》〈〉【】〔〕“”‘’—…·～`;

const metricsCache = new Map<FontFace, SfntMetrics & { width(codePoint: number): number }>();

/**
 * The full TTF bytes for a face (Noto Sans SC: 10.5 MB each weight), read from the file at each call and kept by
 * no one here: the process holds harfbuzz's copy (`fontSource`) and the metric tables (`fontMetrics`), not these —
 * the two CJK weights were 21 MB of the packet worker's peak (issue 28's 450 MB).
 */
export function fontBytes(weight: FontFace): Uint8Array {
  const require = createRequire(import.meta.url);
  return new Uint8Array(readFileSync(require.resolve(FONT_FILES[weight])));
}

/** A face for the subsetter: its bytes read once per process, into harfbuzz's memory. */
export function fontSource(weight: FontFace): FontSource {
  return { key: `font-set:${weight}`, bytes: () => fontBytes(weight) };
}

/** The full font's tables as the writer uses them (sfnt.ts), with advances cached per code point. */
export function fontMetrics(weight: FontFace): SfntMetrics & { width(codePoint: number): number } {
  let m = metricsCache.get(weight);
  if (!m) {
    const sfnt = readSfnt(metricTables(fontBytes(weight)));
    const widths = new Map<number, number>();
    m = {
      ...sfnt,
      width(cp) {
        let w = widths.get(cp);
        if (w === undefined) {
          w = sfnt.advance(sfnt.glyph(cp));
          widths.set(cp, w);
        }
        return w;
      },
    };
    metricsCache.set(weight, m);
  }
  return m;
}

/** Width in points of `text` at `size`, as the embedded font will draw it. Needs no PDF document. */
export function measureText(text: string, size: number, weight: FontWeight = 'regular'): number {
  const m = fontMetrics(weight);
  let units = 0;
  for (const ch of text) units += m.width(ch.codePointAt(0)!);
  return (units * size) / m.unitsPerEm;
}

/** Ascent and (negative) descent in points for a font size (hhea values, same for both weights). */
export function fontExtents(
  size: number,
  weight: FontWeight = 'regular',
): { ascent: number; descent: number } {
  const m = fontMetrics(weight);
  return { ascent: (m.ascent * size) / m.unitsPerEm, descent: (m.descent * size) / m.unitsPerEm };
}

export interface FontSet {
  regular: PDFFont;
  bold: PDFFont;
  font(weight: FontWeight): PDFFont;
  /** Width in points; identical to `measureText`. */
  measure(text: string, size: number, weight?: FontWeight): number;
}

export interface FontSetOptions {
  /** Text drawn in bold, if known to be a small part of `text` (keeps the bold subset small). Default: `text`. */
  boldText?: string;
  /** Keep original glyph ids in the subset (default true; see decision 0004 for the measured cost). */
  retainGids?: boolean;
}

/** Six capital letters from a hash of the subset's content, as PDF subset tags require ("ABCDEF+Name"). */
export function subsetTag(codePoints: number[], weight: FontFace): string {
  const seed = {
    regular: 0,
    bold: 0x55,
    serif: 0x12,
    serifBold: 0x34,
    serifItalic: 0x56,
    serifBoldItalic: 0x78,
  };
  let h = (0x811c9dc5 ^ seed[weight]) >>> 0;
  for (const cp of codePoints) h = Math.imul(h ^ cp, 0x01000193) >>> 0;
  let tag = '';
  for (let i = 0; i < 6; i++) {
    tag += String.fromCharCode(65 + (h % 26));
    h = Math.floor(h / 26) ^ Math.imul(h, 31 + i);
    h >>>= 0;
  }
  return tag;
}

export function codePointsOf(text: string, face: FontFace = 'regular'): number[] {
  const set = new Set<number>();
  for (const ch of isSerifFace(face) ? LATIN_BASE_CHARS : BASE_CHARS) set.add(ch.codePointAt(0)!);
  for (const ch of text.normalize('NFC')) set.add(ch.codePointAt(0)!);
  return [...set].sort((a, b) => a - b);
}

async function embedWeight(
  pdfDoc: PDFDocument,
  weight: FontWeight,
  text: string,
  retainGids: boolean,
): Promise<PDFFont> {
  const cps = codePointsOf(text);
  const bytes = await subsetFont(fontSource(weight), cps, { retainGids });
  const font = await pdfDoc.embedFont(bytes, {
    subset: false,
    customName: `${subsetTag(cps, weight)}+${POSTSCRIPT_NAMES[weight]}`,
    features: NO_GSUB_FEATURES,
  });
  useCmapOnlyLayout(font);
  return font;
}

interface FontkitGlyph {
  id: number;
  advanceWidth: number;
}
interface FontkitFont {
  glyphForCodePoint(cp: number): FontkitGlyph;
  layout(text: string, features?: unknown): { glyphs: FontkitGlyph[] };
}

/**
 * With every substitution feature off (see NO_GSUB_FEATURES) a glyph is simply the cmap's glyph for each
 * code point, yet pdf-lib still runs fontkit's whole shaping engine for every drawText and width call — a
 * third of the time of a 40-page letter (bench:packet). This replaces `layout` on this embedded font only
 * with the plain cmap lookup, which gives the same glyph ids and advance widths (pdf-lib draws without
 * GPOS positions either way). Glyphs are cached per code point.
 */
function useCmapOnlyLayout(font: PDFFont): void {
  const fk = (font as unknown as { embedder: { font: FontkitFont } }).embedder.font;
  const cache = new Map<number, FontkitGlyph>();
  fk.layout = (text: string) => {
    const glyphs: FontkitGlyph[] = [];
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      let g = cache.get(cp);
      if (!g) {
        g = fk.glyphForCodePoint(cp);
        cache.set(cp, g);
      }
      glyphs.push(g);
    }
    return { glyphs };
  };
}

/**
 * Embeds Noto Sans SC regular + bold in `pdfDoc`, each subset to the code points of `text` (+ the base set).
 * Every string later drawn with these fonts must consist of characters of `text` or the base set; others draw
 * as the empty .notdef glyph.
 */
export async function createFontSet(
  pdfDoc: PDFDocument,
  text: string,
  opts: FontSetOptions = {},
): Promise<FontSet> {
  pdfDoc.registerFontkit(fontkit);
  const retainGids = opts.retainGids ?? true;
  const [regular, bold] = await Promise.all([
    embedWeight(pdfDoc, 'regular', text, retainGids),
    embedWeight(pdfDoc, 'bold', opts.boldText ?? text, retainGids),
  ]);
  return {
    regular,
    bold,
    font: (weight) => (weight === 'bold' ? bold : regular),
    measure: measureText,
  };
}
