/**
 * Noto Sans SC embedded by the byte-level writer (decision 0044), as pdf-lib embedded it before (decision 0004):
 * a Type0 font, Identity-H, whose CIDs are the harfbuzz subset's glyph ids (read from the subset's own cmap), a
 * /W array of their advances and a ToUnicode CMap, so text extracts in every reader and nothing depends on the
 * reader's fonts. Text is encoded glyph by glyph from the cmap, with no shaping, exactly as it is measured.
 */

import { deflateSync } from 'node:zlib';
import {
  dict,
  name,
  PdfDict,
  PdfName,
  type PdfRef,
  PdfStream,
  PdfString,
  type PdfValue,
} from '../raw/values.ts';
import type { PdfWriter } from '../raw/writer.ts';
import {
  codePointsOf,
  type FontFace,
  fontMetrics,
  fontSource,
  isSerifFace,
  POSTSCRIPT_NAMES,
  subsetTag,
} from './font-set.ts';
import { subsetFont } from './hb-subset.ts';
import { readSfnt } from './sfnt.ts';

export interface CidFont {
  ref: PdfRef;
  weight: FontFace;
  /** The text as a hex string of glyph ids, ready for `Tj`. */
  encode(text: string): string;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

interface Subset {
  sfnt: Uint8Array;
  /** The subset deflated as the font file's stream data. */
  deflated: Uint8Array;
}

/**
 * Subsets made in this process, by face, code points and glyph numbering: "Generate again" draws the same
 * characters and gets the same subset (harfbuzz and its compression ~15 ms a print file). Bytes are never changed
 * once made; the last six are kept (one print file's faces; a subset is tens of kB to ~1 MB).
 */
const subsets = new Map<string, Promise<Subset>>();
const SUBSETS_KEPT = 6;

function subsetOf(weight: FontFace, cps: number[], retainGids: boolean): Promise<Subset> {
  const key = `${weight}:${retainGids ? 'r' : 'n'}:${cps.join(',')}`;
  let made = subsets.get(key);
  if (made) {
    // Most recently used last.
    subsets.delete(key);
    subsets.set(key, made);
    return made;
  }
  made = subsetFont(fontSource(weight), cps, { retainGids }).then((sfnt) => ({
    sfnt,
    deflated: deflateSync(sfnt, { level: 1 }),
  }));
  made.catch(() => subsets.delete(key));
  subsets.set(key, made);
  if (subsets.size > SUBSETS_KEPT) subsets.delete(subsets.keys().next().value!);
  return made;
}

/** Forgets the subsets made so far (the packet benchmark's build from nothing). */
export function clearFontSubsets(): void {
  subsets.clear();
}

/**
 * Subsets the weight to the code points of `text` (plus the base set) and adds the font's objects to `writer`.
 * By default the subset's glyph ids are renumbered (a fifth of the size, compressed in a third of the time); with
 * `retainGids` they are the full font's, so text can be encoded before the subset is made (`DeferredFonts`), and
 * the font can be written `into` a reference taken earlier.
 */
export async function embedCidFont(
  writer: PdfWriter,
  weight: FontFace,
  text: string,
  opts: { retainGids?: boolean; into?: PdfRef } = {},
): Promise<CidFont> {
  const m = fontMetrics(weight);
  const cps = codePointsOf(text, weight);
  const retainGids = opts.retainGids ?? false;
  const subset = await subsetOf(weight, cps, retainGids);
  const { sfnt } = subset;
  // What maps code points to glyph ids (the CIDs) and gives their advances.
  const sub = retainGids ? m : readSfnt(sfnt);
  const scale = 1000 / m.unitsPerEm;
  const baseFont = `${subsetTag(cps, weight)}+${POSTSCRIPT_NAMES[weight]}`;

  // Each glyph once, with the first code point that maps to it (ToUnicode) and its advance (/W).
  const byGid = new Map<number, number>();
  for (const cp of cps) {
    const gid = sub.glyph(cp);
    if (gid !== 0 && !byGid.has(gid)) byGid.set(gid, cp);
  }
  const gids = [...byGid.keys()].sort((a, b) => a - b);
  const w: PdfValue[] = [];
  let run: number[] = [];
  gids.forEach((gid, i) => {
    if (i === 0 || gid !== gids[i - 1]! + 1) {
      if (run.length) w.push(run);
      w.push(gid);
      run = [];
    }
    run.push(Math.round(sub.advance(gid) * scale * 1000) / 1000);
  });
  if (run.length) w.push(run);

  const fontFile = new PdfStream(
    new PdfDict([
      ['Length1', sfnt.length],
      ['Filter', PdfName.of('FlateDecode')],
    ]),
    subset.deflated,
  );
  const descriptor = dict({
    Type: '/FontDescriptor',
    FontName: name(baseFont),
    // The serif faces say so (Serif, bit 2): their OS/2 family class is not set.
    Flags: isSerifFace(weight) ? m.flags | 2 : m.flags,
    FontBBox: m.bbox.map((v) => Math.round(v * scale)),
    ItalicAngle: m.italicAngle,
    Ascent: Math.round(m.ascent * scale),
    Descent: Math.round(m.descent * scale),
    CapHeight: Math.round((m.capHeight || m.ascent) * scale),
    XHeight: Math.round(m.xHeight * scale),
    StemV: 0,
    FontFile2: writer.add(fontFile),
  });
  const cidFont = dict({
    Type: '/Font',
    Subtype: '/CIDFontType2',
    BaseFont: name(baseFont),
    CIDSystemInfo: new PdfDict([
      ['Registry', PdfString.text('Adobe')],
      ['Ordering', PdfString.text('Identity')],
      ['Supplement', 0],
    ]),
    FontDescriptor: writer.add(descriptor),
    W: w,
    CIDToGIDMap: '/Identity',
  });
  const toUnicode = writer.flate(unicodeCMap(gids.map((g) => [g, byGid.get(g)!])));
  const ref = opts.into ?? writer.alloc();
  writer.set(
    ref,
    dict({
      Type: '/Font',
      Subtype: '/Type0',
      BaseFont: name(baseFont),
      Encoding: '/Identity-H',
      DescendantFonts: [writer.add(cidFont)],
      ToUnicode: writer.add(toUnicode),
    }),
  );
  return {
    ref,
    weight,
    encode(text) {
      let hex = '<';
      for (const ch of text) {
        const gid = sub.glyph(ch.codePointAt(0)!);
        hex += HEX[gid >> 8]! + HEX[gid & 255]!;
      }
      return `${hex}>`;
    },
  };
}

/**
 * The two weights of Noto Sans SC and the four serif faces for a document whose text is not known until its end
 * (the print file: letters, tab pages, exhibit list, cover sheet and stamps share one subset per face): text is
 * encoded with the full font's glyph ids as it is drawn, and `embed` writes the fonts, subset to everything drawn,
 * into the references every page already names. A serif face never drawn is not written (no page names it).
 */
export class DeferredFonts {
  readonly regular: CidFont;
  readonly bold: CidFont;
  readonly serif: CidFont;
  readonly serifBold: CidFont;
  readonly serifItalic: CidFont;
  readonly serifBoldItalic: CidFont;
  private readonly drawn = new Map<FontFace, Set<string>>();

  constructor(private readonly writer: PdfWriter) {
    const font = (weight: FontFace): CidFont => {
      const m = fontMetrics(weight);
      const drawn = new Set<string>();
      let ref: PdfRef | undefined;
      const faces = this.drawn;
      return {
        // Allocated when a page first names the font.
        get ref() {
          if (!ref) {
            ref = writer.alloc();
            faces.set(weight, drawn);
          }
          return ref;
        },
        weight,
        encode(text) {
          let hex = '<';
          for (const ch of text) {
            drawn.add(ch);
            const gid = m.glyph(ch.codePointAt(0)!);
            hex += HEX[gid >> 8]! + HEX[gid & 255]!;
          }
          return `${hex}>`;
        },
      };
    };
    this.regular = font('regular');
    this.bold = font('bold');
    this.serif = font('serif');
    this.serifBold = font('serifBold');
    this.serifItalic = font('serifItalic');
    this.serifBoldItalic = font('serifBoldItalic');
    // Noto Sans SC's two weights are always written, as before (the stamps name the regular one).
    void this.regular.ref;
    void this.bold.ref;
  }

  /** Writes every font a page names, subset to what was encoded (the base set alone for one never drawn). */
  async embed(): Promise<void> {
    await Promise.all(
      [...this.drawn].map(([face, drawn]) =>
        embedCidFont(this.writer, face, [...drawn].join(''), { retainGids: true, into: this[face].ref }),
      ),
    );
  }
}

/** A ToUnicode CMap (PDF 32000-1 §9.10.3) for glyph id → code point pairs, sorted by glyph id. */
export function unicodeCMap(pairs: Array<[number, number]>): string {
  const hex4 = (n: number) => n.toString(16).padStart(4, '0');
  const utf16 = (cp: number) => {
    if (cp < 0x10000) return hex4(cp);
    const v = cp - 0x10000;
    return hex4(0xd800 + (v >> 10)) + hex4(0xdc00 + (v & 0x3ff));
  };
  const lines = [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000><ffff>',
    'endcodespacerange',
  ];
  for (let i = 0; i < pairs.length; i += 100) {
    const block = pairs.slice(i, i + 100);
    lines.push(`${block.length} beginbfchar`);
    for (const [gid, cp] of block) lines.push(`<${hex4(gid)}> <${utf16(cp)}>`);
    lines.push('endbfchar');
  }
  lines.push('endcmap', 'CMapName currentdict /CMap defineresource pop', 'end', 'end');
  return lines.join('\n');
}
