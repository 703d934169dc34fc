/**
 * Reads the size an image decoder will allocate from the codec's own header, without decoding
 * (decision 0015). A PDF image dictionary may say 100 × 100 while the JBIG2 data inside declares a
 * 200,000 × 200,000 page: decoders trust the data, so a budget must too.
 */

export interface Extent {
  width: number;
  height: number;
  /** Components and bits per component, when the header says (JPEG, JPEG 2000). */
  components?: number;
  bits?: number;
}

const u16 = (d: Uint8Array, p: number) => ((d[p]! << 8) | d[p + 1]!) >>> 0;
const u32 = (d: Uint8Array, p: number) =>
  ((d[p]! << 24) | (d[p + 1]! << 16) | (d[p + 2]! << 8) | d[p + 3]!) >>> 0;

/** Region segments (text, halftone, generic, refinement): their data starts with width, height, x, y. */
const JBIG2_REGIONS = new Set([4, 6, 7, 20, 22, 23, 36, 38, 39, 40, 42, 43]);
const JBIG2_PAGE_INFO = 48;
const JBIG2_END_OF_FILE = 51;
/** Segments read before giving up (a real page has a handful; a crafted one, millions). */
const JBIG2_MAX_SEGMENTS = 10_000;

/**
 * The largest bitmap a JBIG2 stream (PDF embedding: segments without a file header) asks for: its
 * page information and every region segment. Stops at a segment of unknown length, which cannot be
 * skipped without decoding.
 */
export function jbig2Extent(d: Uint8Array): Extent | undefined {
  let width = 0;
  let height = 0;
  let p = 0;
  for (let seg = 0; seg < JBIG2_MAX_SEGMENTS && p + 11 <= d.length; seg++) {
    const number = u32(d, p);
    const flags = d[p + 4]!;
    p += 5;
    const type = flags & 0x3f;
    let referred = d[p]! >> 5;
    if (referred === 7) {
      referred = u32(d, p) & 0x1fffffff;
      p += 4 + Math.ceil((referred + 1) / 8);
    } else p += 1;
    p += referred * (number <= 256 ? 1 : number <= 65536 ? 2 : 4);
    p += flags & 0x40 ? 4 : 1;
    if (p + 4 > d.length) break;
    const length = u32(d, p);
    p += 4;
    if ((type === JBIG2_PAGE_INFO || JBIG2_REGIONS.has(type)) && p + 8 <= d.length) {
      const w = u32(d, p);
      const h = u32(d, p + 4);
      width = Math.max(width, w);
      // 0xffffffff: a striped page whose height is only known at its end; its regions still count.
      if (h !== 0xffffffff) height = Math.max(height, h);
    }
    if (type === JBIG2_END_OF_FILE || length === 0xffffffff) break;
    p += length;
  }
  return width || height ? { width, height } : undefined;
}

/** JPEG: the first start-of-frame marker gives lines, samples per line and components. */
export function jpegExtent(d: Uint8Array): Extent | undefined {
  if (d[0] !== 0xff || d[1] !== 0xd8) return undefined;
  let p = 2;
  while (p + 9 < d.length) {
    if (d[p] !== 0xff) return undefined;
    const marker = d[p + 1]!;
    if (marker === 0xff) {
      p++;
      continue;
    }
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof) {
      return { bits: d[p + 4]!, height: u16(d, p + 5), width: u16(d, p + 7), components: d[p + 9]! };
    }
    if (marker === 0xd9 || marker === 0xda) return undefined;
    p += 2 + u16(d, p + 2);
  }
  return undefined;
}

/** JPEG 2000: the JP2 image header box, or the codestream's SIZ marker. */
export function jpxExtent(d: Uint8Array): Extent | undefined {
  const head = Buffer.from(d.buffer, d.byteOffset, Math.min(d.byteLength, 4096));
  const ihdr = head.indexOf('ihdr');
  if (ihdr >= 0 && ihdr + 15 <= head.length) {
    return {
      height: u32(d, ihdr + 4),
      width: u32(d, ihdr + 8),
      components: u16(d, ihdr + 12),
      bits: (d[ihdr + 14]! & 0x7f) + 1,
    };
  }
  const siz = head.indexOf(Buffer.from([0xff, 0x4f, 0xff, 0x51]));
  if (siz < 0 || siz + 44 > head.length) return undefined;
  const s = siz + 4;
  return {
    width: u32(d, s + 4) - u32(d, s + 12),
    height: u32(d, s + 8) - u32(d, s + 16),
    components: u16(d, s + 36),
    bits: (d[s + 38]! & 0x7f) + 1,
  };
}
