/**
 * What the PDF writer needs to know of a TrueType/OpenType font, read straight from its tables (OpenType spec:
 * head, hhea, hmtx, maxp, OS/2, post, cmap formats 4 and 12): the glyph of a code point, a glyph's advance, and
 * the font-wide metrics a FontDescriptor states. No shaping: the fonts here are drawn glyph by glyph from the cmap
 * (decision 0002 §3), so this gives the same glyphs and widths fontkit's cmap lookup does, without its parse.
 */

export interface SfntMetrics {
  unitsPerEm: number;
  ascent: number;
  descent: number;
  capHeight: number;
  xHeight: number;
  italicAngle: number;
  bbox: [number, number, number, number];
  /** PDF FontDescriptor /Flags (PDF 32000-1 §9.8.2). */
  flags: number;
  numGlyphs: number;
  postscriptName: string;
  /** The glyph id for a code point (0, .notdef, when the font has none). */
  glyph(codePoint: number): number;
  /** Advance width of a glyph, in font units. */
  advance(gid: number): number;
}

/** The tables `readSfnt` reads. */
const METRIC_TABLES = ['head', 'hhea', 'hmtx', 'maxp', 'post', 'OS/2', 'cmap', 'name'];

/**
 * A copy of the font holding only the tables `readSfnt` reads (each copied whole, so offsets inside a table still
 * hold), as an sfnt of its own: Noto Sans SC's metrics are ~0.5 MB of its 10.5 MB (the glyphs stay in
 * harfbuzz's copy), so a process keeps the small copy and lets the full bytes go.
 */
export function metricTables(bytes: Uint8Array): Uint8Array {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const numTables = dv.getUint16(4);
  const kept: Array<{ rec: number; offset: number; length: number }> = [];
  for (let i = 0; i < numTables; i++) {
    const rec = 12 + i * 16;
    const tag = String.fromCharCode(bytes[rec]!, bytes[rec + 1]!, bytes[rec + 2]!, bytes[rec + 3]!);
    if (METRIC_TABLES.includes(tag))
      kept.push({ rec, offset: dv.getUint32(rec + 8), length: dv.getUint32(rec + 12) });
  }
  const align = (n: number) => (n + 3) & ~3;
  let at = 12 + kept.length * 16;
  const out = new Uint8Array(at + kept.reduce((sum, t) => sum + align(t.length), 0));
  const w = new DataView(out.buffer);
  out.set(bytes.subarray(0, 4));
  w.setUint16(4, kept.length);
  kept.forEach((t, i) => {
    const rec = 12 + i * 16;
    out.set(bytes.subarray(t.rec, t.rec + 8), rec);
    w.setUint32(rec + 8, at);
    w.setUint32(rec + 12, t.length);
    out.set(bytes.subarray(t.offset, t.offset + t.length), at);
    at += align(t.length);
  });
  return out;
}

export function readSfnt(bytes: Uint8Array): SfntMetrics {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const numTables = dv.getUint16(4);
  const tables = new Map<string, { offset: number; length: number }>();
  for (let i = 0; i < numTables; i++) {
    const rec = 12 + i * 16;
    const tag = String.fromCharCode(bytes[rec]!, bytes[rec + 1]!, bytes[rec + 2]!, bytes[rec + 3]!);
    tables.set(tag, { offset: dv.getUint32(rec + 8), length: dv.getUint32(rec + 12) });
  }
  const table = (tag: string) => {
    const t = tables.get(tag);
    if (!t) throw new Error(`font has no ${tag} table`);
    return t.offset;
  };
  const head = table('head');
  const hhea = table('hhea');
  const hmtx = table('hmtx');
  const maxp = table('maxp');
  const post = table('post');
  const os2 = tables.get('OS/2')?.offset;
  const unitsPerEm = dv.getUint16(head + 18);
  const numHMetrics = dv.getUint16(hhea + 34);
  const numGlyphs = dv.getUint16(maxp + 4);
  const os2Version = os2 === undefined ? 0 : dv.getUint16(os2);
  const familyClass = os2 === undefined ? 0 : dv.getInt16(os2 + 30) >> 8;
  const italic = (dv.getUint16(head + 44) & 2) !== 0;
  const fixedPitch = dv.getUint32(post + 12) !== 0;
  // FixedPitch 1, Serif 2, Symbolic 4 (the fonts carry non-Latin glyphs), Script 8, Italic 64.
  const flags =
    (fixedPitch ? 1 : 0) |
    (familyClass >= 1 && familyClass <= 7 ? 2 : 0) |
    4 |
    (familyClass === 10 ? 8 : 0) |
    (italic ? 64 : 0);
  const lastAdvance = dv.getUint16(hmtx + (numHMetrics - 1) * 4);
  const advance = (gid: number) =>
    gid < numHMetrics ? dv.getUint16(hmtx + gid * 4) : gid < numGlyphs ? lastAdvance : 0;
  return {
    unitsPerEm,
    ascent: dv.getInt16(hhea + 4),
    descent: dv.getInt16(hhea + 6),
    capHeight: os2 !== undefined && os2Version >= 2 ? dv.getInt16(os2 + 88) : 0,
    xHeight: os2 !== undefined && os2Version >= 2 ? dv.getInt16(os2 + 86) : 0,
    italicAngle: dv.getInt32(post + 4) / 65536,
    bbox: [dv.getInt16(head + 36), dv.getInt16(head + 38), dv.getInt16(head + 40), dv.getInt16(head + 42)],
    flags,
    numGlyphs,
    postscriptName: postscriptName(dv, tables.get('name')?.offset) ?? 'Font',
    glyph: cmapLookup(dv, table('cmap')),
    advance,
  };
}

/** The best Unicode subtable: format 12 (full repertoire) over format 4 (BMP). */
function cmapLookup(dv: DataView, cmap: number): (cp: number) => number {
  const count = dv.getUint16(cmap + 2);
  let f4: number | undefined;
  let f12: number | undefined;
  for (let i = 0; i < count; i++) {
    const rec = cmap + 4 + i * 8;
    const platform = dv.getUint16(rec);
    const encoding = dv.getUint16(rec + 2);
    const sub = cmap + dv.getUint32(rec + 4);
    const format = dv.getUint16(sub);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode) continue;
    if (format === 12) f12 ??= sub;
    else if (format === 4) f4 ??= sub;
  }
  const cache = new Map<number, number>();
  const memo = (f: (cp: number) => number) => (cp: number) => {
    let g = cache.get(cp);
    if (g === undefined) {
      g = f(cp);
      cache.set(cp, g);
    }
    return g;
  };
  if (f12 !== undefined) {
    const groups = dv.getUint32(f12 + 12);
    const base = f12 + 16;
    return memo((cp) => {
      let lo = 0;
      let hi = groups - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const g = base + mid * 12;
        const start = dv.getUint32(g);
        if (cp < start) hi = mid - 1;
        else if (cp > dv.getUint32(g + 4)) lo = mid + 1;
        else return dv.getUint32(g + 8) + (cp - start);
      }
      return 0;
    });
  }
  if (f4 === undefined) return () => 0;
  const segX2 = dv.getUint16(f4 + 6);
  const ends = f4 + 14;
  const starts = ends + segX2 + 2;
  const deltas = starts + segX2;
  const rangeOffsets = deltas + segX2;
  return memo((cp) => {
    if (cp > 0xffff) return 0;
    for (let s = 0; s < segX2; s += 2) {
      if (cp > dv.getUint16(ends + s)) continue;
      const start = dv.getUint16(starts + s);
      if (cp < start) return 0;
      const delta = dv.getUint16(deltas + s);
      const ro = dv.getUint16(rangeOffsets + s);
      if (ro === 0) return (cp + delta) & 0xffff;
      const g = dv.getUint16(rangeOffsets + s + ro + (cp - start) * 2);
      return g === 0 ? 0 : (g + delta) & 0xffff;
    }
    return 0;
  });
}

/** The PostScript name (name id 6), Windows or Mac record. */
function postscriptName(dv: DataView, name: number | undefined): string | undefined {
  if (name === undefined) return undefined;
  const count = dv.getUint16(name + 2);
  const strings = name + dv.getUint16(name + 4);
  for (let i = 0; i < count; i++) {
    const rec = name + 6 + i * 12;
    if (dv.getUint16(rec + 6) !== 6) continue;
    const platform = dv.getUint16(rec);
    const len = dv.getUint16(rec + 8);
    const off = strings + dv.getUint16(rec + 10);
    let s = '';
    if (platform === 3 || platform === 0)
      for (let k = 0; k < len; k += 2) s += String.fromCharCode(dv.getUint16(off + k));
    else for (let k = 0; k < len; k++) s += String.fromCharCode(dv.getUint8(off + k));
    if (s) return s;
  }
  return undefined;
}
