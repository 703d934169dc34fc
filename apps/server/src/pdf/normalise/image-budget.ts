/**
 * Measures what every image in the output will cost a reader to decode, without decoding it
 * (decision 0015): the larger of what the image dictionary declares and what the codec header
 * inside the stream declares (JBIG2 page and regions, JPEG frame, JPEG 2000 size, CCITT columns
 * and rows; the JBIG2 globals too), read through any general filter that wraps the codec (decision 0053).
 * A JBIG2 or Flate "bomb" is a few KB that declares gigabytes; it is refused.
 */
import {
  PDFArray,
  PDFBool,
  type PDFContext,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRawStream,
  PDFStream,
} from '@cantoo/pdf-lib';
import { decodeStages } from './decode.ts';
import { type FilterChain, filterChain } from './filters.ts';
import { type Extent, jbig2Extent, jpegExtent, jpxExtent } from './image-headers.ts';

/** Most bytes of a wrapped codec's data decoded to read its header (a JBIG2 page is KBs; other headers come first). */
const CODEC_HEAD_BYTES = 16 * 1024 * 1024;
/** What is decoded first to find a JPEG or JPEG 2000 header (more only when it is not in there). */
const FIRST_HEAD_BYTES = 64 * 1024;

export interface ImageSize {
  width: number;
  height: number;
  /** Decoded sample bytes: ceil(width × components × bits / 8) × height. */
  bytes: number;
  /** The codec's data decodes, through its wrapper, to more than can be read for its sizes. */
  unreadable?: boolean;
}

const name = (ctx: PDFContext, v: PDFObject | undefined) => {
  const o = v === undefined ? undefined : ctx.lookup(v);
  return o instanceof PDFName ? o.asString().slice(1) : undefined;
};
const num = (ctx: PDFContext, v: PDFObject | undefined) => {
  const o = v === undefined ? undefined : ctx.lookup(v);
  return o instanceof PDFNumber && Number.isFinite(o.asNumber()) ? Math.max(0, Math.floor(o.asNumber())) : 0;
};

export const COMPONENTS: Record<string, number> = {
  DeviceGray: 1,
  G: 1,
  CalGray: 1,
  Indexed: 1,
  I: 1,
  Separation: 1,
  Pattern: 1,
  DeviceRGB: 3,
  RGB: 3,
  CalRGB: 3,
  Lab: 3,
  DeviceCMYK: 4,
  CMYK: 4,
};

/** Colour components of an image's colour space (unknown: 4, the most a device space has). */
function components(ctx: PDFContext, cs: PDFObject | undefined): number {
  const resolved = cs === undefined ? undefined : ctx.lookup(cs);
  if (resolved instanceof PDFName) return COMPONENTS[resolved.asString().slice(1)] ?? 4;
  if (!(resolved instanceof PDFArray) || resolved.size() === 0) return 4;
  const family = name(ctx, resolved.get(0));
  if (family === 'ICCBased') {
    const profile = ctx.lookup(resolved.get(1));
    const n = profile instanceof PDFStream ? num(ctx, profile.dict.get(PDFName.of('N'))) : 0;
    return n > 0 ? Math.min(n, 32) : 4;
  }
  if (family === 'DeviceN') {
    const names = ctx.lookup(resolved.get(1));
    return names instanceof PDFArray ? Math.max(1, Math.min(names.size(), 32)) : 4;
  }
  return family ? (COMPONENTS[family] ?? 4) : 4;
}

/**
 * The codec's data as its decoder sees it: the raw stream, or what its general filters (Flate, ASCII85…)
 * decode to, up to CODEC_HEAD_BYTES. `cut`: the wrapper decodes to more than that, so a header further in was
 * not seen.
 */
async function codecData(
  stream: PDFStream,
  chain: FilterChain,
  cap = CODEC_HEAD_BYTES,
): Promise<{ data?: Uint8Array; cut: boolean }> {
  if (!(stream instanceof PDFRawStream)) return { cut: false };
  const raw = stream.getContents();
  if (chain.general.length === 0) return { data: raw, cut: false };
  const r = await decodeStages(raw, chain.general, { cap, keep: true });
  return { data: r.data, cut: r.over };
}

/** A JPEG or JPEG 2000 header, from the first 64 KB its wrapper decodes to, or failing that the first 16 MiB. */
async function frameOf(stream: PDFStream, chain: FilterChain, read: (d: Uint8Array) => Extent | undefined) {
  const first = await codecData(stream, chain, FIRST_HEAD_BYTES);
  const inner = first.data && read(first.data);
  if (inner || !first.cut) return { inner, cut: false };
  const all = await codecData(stream, chain);
  return { inner: all.data && read(all.data), cut: all.cut };
}

const larger = (a: Extent | undefined, b: Extent | undefined): Extent | undefined =>
  !a || !b ? (a ?? b) : { ...a, width: Math.max(a.width, b.width), height: Math.max(a.height, b.height) };

/** Decoded sample bytes of an image: ceil(width × components × bits / 8) × height. */
export const sampleBytes = (width: number, height: number, comps: number, bits: number) =>
  Math.ceil((width * comps * Math.min(bits, 16)) / 8) * height;

/**
 * What an image (or any stream ending in an image codec) will cost its decoder: the larger of what the
 * dictionary declares and what the codec's header declares (with a JBIG2 stream's /JBIG2Globals).
 */
export async function imageSize(ctx: PDFContext, stream: PDFStream): Promise<ImageSize> {
  const dict = stream.dict;
  const chain = filterChain(ctx, dict);
  const codec = chain.unknown ? undefined : chain.codec;
  let width = num(ctx, dict.get(PDFName.of('Width')));
  let height = num(ctx, dict.get(PDFName.of('Height')));
  const mask = ctx.lookup(dict.get(PDFName.of('ImageMask')));
  const isMask = mask instanceof PDFBool && mask.asBoolean();
  let comps = isMask ? 1 : components(ctx, dict.get(PDFName.of('ColorSpace')));
  let bits = isMask ? 1 : num(ctx, dict.get(PDFName.of('BitsPerComponent'))) || 8;

  let inner: Extent | undefined;
  let unreadable = false;
  if (codec === 'DCTDecode' || codec === 'JPXDecode') {
    const frame = await frameOf(stream, chain, codec === 'DCTDecode' ? jpegExtent : jpxExtent);
    inner = frame.inner;
    unreadable = frame.cut && !inner;
  }
  if (codec === 'JBIG2Decode') {
    // A region may come anywhere in the stream, and in its globals: all of both is read.
    const { data, cut } = await codecData(stream, chain);
    inner = data && jbig2Extent(data);
    unreadable = cut;
    const globals = ctx.lookup(chain.codecParms?.get(PDFName.of('JBIG2Globals')));
    if (globals instanceof PDFStream) {
      const g = await codecData(globals, filterChain(ctx, globals.dict));
      if (g.data) inner = larger(inner, jbig2Extent(g.data));
      unreadable ||= g.cut;
    }
  }
  if (codec === 'CCITTFaxDecode' && chain.codecParms) {
    const p = chain.codecParms;
    inner = {
      width: num(ctx, p.get(PDFName.of('Columns'))) || 1728,
      height: num(ctx, p.get(PDFName.of('Rows'))),
    };
  }
  if (codec === 'JBIG2Decode' || codec === 'CCITTFaxDecode') {
    comps = 1;
    bits = 1;
  }
  if (inner) {
    width = Math.max(width, inner.width);
    height = Math.max(height, inner.height);
    if (inner.components) {
      comps = dict.has(PDFName.of('ColorSpace')) ? Math.max(comps, inner.components) : inner.components;
    }
    if (inner.bits) bits = Math.max(bits, inner.bits);
  }
  return { width, height, bytes: sampleBytes(width, height, comps, bits), unreadable };
}

/** Streams measured as images: /Subtype /Image, or a dictionary with /Width and /Height (a mask without its /Subtype). */
export function isImage(ctx: PDFContext, stream: PDFStream): boolean {
  const d = stream.dict;
  if (ctx.lookup(d.get(PDFName.of('Subtype'))) === PDFName.of('Image')) return true;
  return !d.has(PDFName.of('Subtype')) && d.has(PDFName.of('Width')) && d.has(PDFName.of('Height'));
}

export type ImageVerdict = { over: ImageSize } | { unreadable: true } | undefined;

/** Whether `size` goes over either budget (decoded bytes, pixels). */
export const overBudget = (size: ImageSize, maxBytes: number, maxPixels: number) =>
  size.bytes > maxBytes || size.width * size.height > maxPixels;

/**
 * The image that goes furthest over either budget (decoded bytes, pixels), an image whose codec data is too
 * long to read its sizes from, or undefined when all fit. Every object is looked at: after compaction they
 * are all reachable from the pages.
 */
export async function imageOverBudget(
  ctx: PDFContext,
  maxBytes: number,
  maxPixels: number,
): Promise<ImageVerdict> {
  let worst: ImageSize | undefined;
  for (const [, obj] of ctx.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFStream) || !isImage(ctx, obj)) continue;
    const size = await imageSize(ctx, obj);
    if (size.unreadable) return { unreadable: true };
    if (overBudget(size, maxBytes, maxPixels) && (!worst || size.bytes > worst.bytes)) worst = size;
  }
  return worst ? { over: worst } : undefined;
}
