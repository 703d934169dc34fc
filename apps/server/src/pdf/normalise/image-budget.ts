/**
 * Measures what every image in the output will cost a reader to decode, without decoding it
 * (decision 0015): the larger of what the image dictionary declares and what the codec header
 * inside the stream declares (JBIG2 page and regions, JPEG frame, JPEG 2000 size, CCITT columns
 * and rows). A JBIG2 or Flate "bomb" is a few KB that declares gigabytes; it is refused.
 */
import { constants, inflateSync } from 'node:zlib';
import {
  PDFArray,
  PDFBool,
  type PDFContext,
  PDFDict,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRawStream,
  PDFStream,
} from '@cantoo/pdf-lib';
import { type Extent, jbig2Extent, jpegExtent, jpxExtent } from './image-headers.ts';

export interface ImageSize {
  width: number;
  height: number;
  /** Decoded sample bytes: ceil(width × components × bits / 8) × height. */
  bytes: number;
}

const name = (ctx: PDFContext, v: PDFObject | undefined) => {
  const o = v === undefined ? undefined : ctx.lookup(v);
  return o instanceof PDFName ? o.asString().slice(1) : undefined;
};
const num = (ctx: PDFContext, v: PDFObject | undefined) => {
  const o = v === undefined ? undefined : ctx.lookup(v);
  return o instanceof PDFNumber && Number.isFinite(o.asNumber()) ? Math.max(0, Math.floor(o.asNumber())) : 0;
};

const COMPONENTS: Record<string, number> = {
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
 * The first bytes of the codec data: the raw stream, or for a codec wrapped in Flate (rare) what a
 * few KB of input inflate to. Never inflates more than the header needs.
 */
function codecHead(stream: PDFRawStream, wrapped: boolean): Uint8Array | undefined {
  const raw = stream.getContents();
  if (!wrapped) return raw;
  for (const take of [256, 4096]) {
    try {
      const out = inflateSync(raw.subarray(0, take), { finishFlush: constants.Z_SYNC_FLUSH });
      if (out.length >= 64 || take >= raw.length) return new Uint8Array(out);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export function imageSize(ctx: PDFContext, stream: PDFStream): ImageSize {
  const dict = stream.dict;
  const filters = ctx.lookup(dict.get(PDFName.of('Filter')));
  const chain =
    filters instanceof PDFArray ? filters.asArray().map((f) => name(ctx, f)) : [name(ctx, filters)];
  const codec = chain.at(-1);
  const wrapped = chain.length > 1 && chain.slice(0, -1).every((f) => f === 'FlateDecode' || f === 'Fl');
  let width = num(ctx, dict.get(PDFName.of('Width')));
  let height = num(ctx, dict.get(PDFName.of('Height')));
  const mask = ctx.lookup(dict.get(PDFName.of('ImageMask')));
  const isMask = mask instanceof PDFBool && mask.asBoolean();
  let comps = isMask ? 1 : components(ctx, dict.get(PDFName.of('ColorSpace')));
  let bits = isMask ? 1 : num(ctx, dict.get(PDFName.of('BitsPerComponent'))) || 8;

  let inner: Extent | undefined;
  if (stream instanceof PDFRawStream && (chain.length === 1 || wrapped)) {
    const head =
      codec && ['JBIG2Decode', 'DCTDecode', 'DCT', 'JPXDecode'].includes(codec) && codecHead(stream, wrapped);
    if (head && codec === 'JBIG2Decode') inner = jbig2Extent(head);
    else if (head && (codec === 'DCTDecode' || codec === 'DCT')) inner = jpegExtent(head);
    else if (head && codec === 'JPXDecode') inner = jpxExtent(head);
  }
  if (codec === 'CCITTFaxDecode' || codec === 'CCF') {
    const parms = ctx.lookup(dict.get(PDFName.of('DecodeParms')));
    const p = parms instanceof PDFArray ? ctx.lookup(parms.get(parms.size() - 1)) : parms;
    if (p instanceof PDFDict) {
      inner = {
        width: num(ctx, p.get(PDFName.of('Columns'))) || 1728,
        height: num(ctx, p.get(PDFName.of('Rows'))),
      };
    }
  }
  if (codec === 'JBIG2Decode' || codec === 'CCITTFaxDecode' || codec === 'CCF') {
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
  const bytes = Math.ceil((width * comps * Math.min(bits, 16)) / 8) * height;
  return { width, height, bytes };
}

/**
 * The image that goes furthest over either budget (decoded bytes, pixels), or undefined when all
 * fit. Every object is looked at: after compaction they are all reachable from the pages.
 */
export function imageOverBudget(ctx: PDFContext, maxBytes: number, maxPixels: number): ImageSize | undefined {
  let worst: ImageSize | undefined;
  for (const [, obj] of ctx.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFStream)) continue;
    if (ctx.lookup(obj.dict.get(PDFName.of('Subtype'))) !== PDFName.of('Image')) continue;
    const size = imageSize(ctx, obj);
    const over = size.bytes > maxBytes || size.width * size.height > maxPixels;
    if (over && (!worst || size.bytes > worst.bytes)) worst = size;
  }
  return worst;
}
