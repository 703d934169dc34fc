/**
 * Images become PDF pages: one page per frame (multi-page TIFF), page size Letter or A4 turned to the
 * image's orientation, the image fitted inside 0.5 in margins keeping its aspect (never enlarged past
 * 72 dpi, so a small crop does not become a blurry page-sized blob).
 *
 * Pixel counts are read from the header before anything is decoded (sharp metadata; our own BMP
 * header parse) and sharp's `limitInputPixels` is set to the same limit as a second guard.
 * JPEGs without an EXIF rotation go in as they are (DCT passthrough keeps CMYK right); everything
 * else goes through sharp: EXIF orientation applied, alpha flattened on white, very large images
 * scaled down to `maxEmbedPixels`, then either JPEG (photographic sources) or lossless Flate pixels.
 */
import { deflateSync } from 'node:zlib';
import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
} from '@cantoo/pdf-lib';
import bmp from 'bmp-js';
import sharp, { type Sharp } from 'sharp';
import type { ImageKind } from './sniff.ts';
// pdf-lib's writer: node:zlib and block copies (decision 0043).
import '../pdf-lib-writer.ts';

export interface ImageLimits {
  maxPixels: number;
  maxPages: number;
  maxEmbedPixels: number;
  pageSize: 'letter' | 'a4';
}

export type ImageOutcome =
  | { ok: true; pdf: Uint8Array; pageCount: number }
  | { ok: false; code: 'too_many_pixels' | 'too_many_pages' | 'damaged'; actual?: number };

const PAGE = { letter: [612, 792], a4: [595.28, 841.89] } as const;
const MARGIN = 36;

interface Frame {
  width: number;
  height: number;
  /** EXIF orientation 1..8 (1 or undefined = upright). */
  orientation?: number;
  make: () => Sharp;
  /** Original JPEG bytes that can be embedded untouched. */
  passthroughJpeg?: Uint8Array;
  lossy: boolean;
}

class TooManyPixels extends Error {
  constructor(readonly actual: number) {
    super('too many pixels');
  }
}

class TooManyFrames extends Error {
  constructor(readonly actual: number) {
    super('too many frames');
  }
}

export async function normaliseImage(
  bytes: Uint8Array,
  kind: ImageKind,
  limits: ImageLimits,
  notes: string[],
): Promise<ImageOutcome> {
  let frames: Frame[];
  try {
    frames = await readFrames(bytes, kind, limits, notes);
  } catch (err) {
    if (err instanceof TooManyPixels) return { ok: false, code: 'too_many_pixels', actual: err.actual };
    if (err instanceof TooManyFrames) return { ok: false, code: 'too_many_pages', actual: err.actual };
    return { ok: false, code: 'damaged' };
  }
  if (frames.length === 0) return { ok: false, code: 'damaged' };

  const doc = await PDFDocument.create({ updateMetadata: false });
  try {
    for (const frame of frames) await addFramePage(doc, frame, limits, notes);
  } catch (err) {
    if (err instanceof TooManyPixels) return { ok: false, code: 'too_many_pixels', actual: err.actual };
    return { ok: false, code: 'damaged' };
  }
  const pdf = await doc.save({ useObjectStreams: true });
  return { ok: true, pdf, pageCount: frames.length };
}

function checkPixels(width: number, height: number, limits: ImageLimits) {
  if (!(width > 0 && height > 0)) throw new Error('no dimensions');
  if (width * height > limits.maxPixels) throw new TooManyPixels(width * height);
}

/** Header-only reads: sharp would refuse to even describe an image over the limit. */
const META = { limitInputPixels: false as const };

const sharpOpts = (limits: ImageLimits) => ({
  limitInputPixels: limits.maxPixels,
  sequentialRead: true,
  failOn: 'error' as const,
});

async function readFrames(
  bytes: Uint8Array,
  kind: ImageKind,
  limits: ImageLimits,
  notes: string[],
): Promise<Frame[]> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (kind === 'bmp') {
    // BITMAPINFOHEADER: width int32 @18, height int32 @22 (negative = top-down).
    const width = Math.abs(buf.readInt32LE(18));
    const height = Math.abs(buf.readInt32LE(22));
    checkPixels(width, height, limits);
    const img = bmp.decode(buf);
    if (img.data.length < img.width * img.height * 4) throw new Error('truncated BMP');
    const rgb = Buffer.alloc(img.width * img.height * 3);
    for (let i = 0, o = 0; o < rgb.length; i += 4, o += 3) {
      // bmp-js gives A, B, G, R.
      rgb[o] = img.data[i + 3] ?? 0;
      rgb[o + 1] = img.data[i + 2] ?? 0;
      rgb[o + 2] = img.data[i + 1] ?? 0;
    }
    const raw = { width: img.width, height: img.height, channels: 3 as const };
    return [
      {
        width: img.width,
        height: img.height,
        lossy: false,
        make: () => sharp(rgb, { raw, ...sharpOpts(limits) }),
      },
    ];
  }
  if (kind === 'heic') {
    // sharp reads the HEIF header (dimensions) but its prebuilt libheif has no HEVC decoder.
    const meta = await sharp(buf, META).metadata();
    checkPixels(meta.width ?? 0, meta.height ?? 0, limits);
    // Loaded on the first HEIC only: libheif's WebAssembly takes 16 MB of memory once instantiated, and most
    // processes (the server, the packet worker) never decode one.
    const { default: heicDecode } = await import('heic-decode');
    const images = await heicDecode.all({ buffer: bytes });
    const first = images[0];
    if (!first) throw new Error('no image in HEIC');
    checkPixels(first.width, first.height, limits);
    if (images.length > 1) notes.push(`HEIC holds ${images.length} images; the primary one is used`);
    const img = await first.decode();
    const rgba = Buffer.from(img.data.buffer, img.data.byteOffset, img.data.byteLength);
    const raw = { width: img.width, height: img.height, channels: 4 as const };
    return [
      {
        width: img.width,
        height: img.height,
        lossy: true,
        make: () => sharp(rgba, { raw, ...sharpOpts(limits) }),
      },
    ];
  }

  const meta = await sharp(buf, META).metadata();
  const pages = kind === 'tiff' ? (meta.pages ?? 1) : 1;
  if (pages > limits.maxPages) throw new TooManyFrames(pages);
  if (kind !== 'tiff' && (meta.pages ?? 1) > 1)
    notes.push(`animated ${kind.toUpperCase()}: the first frame is used`);
  const frames: Frame[] = [];
  for (let page = 0; page < pages; page++) {
    const m = page === 0 ? meta : await sharp(buf, { ...META, page }).metadata();
    const width = m.width ?? 0;
    const height = m.height ?? 0;
    checkPixels(width, height, limits);
    const upright = m.orientation === undefined || m.orientation === 1;
    frames.push({
      width,
      height,
      orientation: m.orientation,
      lossy: kind === 'jpeg' || kind === 'webp' || kind === 'avif',
      passthroughJpeg: kind === 'jpeg' && upright ? bytes : undefined,
      make: () => sharp(buf, { ...sharpOpts(limits), page }),
    });
  }
  if (kind === 'jpeg' && meta.space === 'cmyk') notes.push('CMYK JPEG');
  if (frames.some((f) => f.orientation && f.orientation !== 1)) notes.push('EXIF orientation applied');
  if (pages > 1) notes.push(`${pages} frames → ${pages} pages`);
  return frames;
}

async function addFramePage(doc: PDFDocument, frame: Frame, limits: ImageLimits, notes: string[]) {
  let xobject:
    | { ref: ReturnType<PDFDocument['context']['register']>; width: number; height: number }
    | undefined;

  if (frame.passthroughJpeg) {
    try {
      const img = await doc.embedJpg(frame.passthroughJpeg);
      xobject = { ref: img.ref, width: img.width, height: img.height };
    } catch {
      // e.g. arithmetic-coded or 12-bit JPEG pdf-lib cannot parse: re-encode below.
    }
  }
  if (!xobject) {
    let pipeline = frame.make().rotate(); // EXIF orientation
    const oriented =
      frame.orientation && frame.orientation >= 5
        ? { w: frame.height, h: frame.width }
        : { w: frame.width, h: frame.height };
    if (oriented.w * oriented.h > limits.maxEmbedPixels) {
      const k = Math.sqrt(limits.maxEmbedPixels / (oriented.w * oriented.h));
      pipeline = pipeline.resize(
        Math.max(1, Math.floor(oriented.w * k)),
        Math.max(1, Math.floor(oriented.h * k)),
        { fit: 'fill' },
      );
      notes.push(`scaled down from ${oriented.w}×${oriented.h} px`);
    }
    pipeline = pipeline.flatten({ background: '#ffffff' });
    if (frame.lossy) {
      const jpeg = await pipeline.toColourspace('srgb').jpeg({ quality: 90 }).toBuffer();
      const img = await doc.embedJpg(jpeg);
      xobject = { ref: img.ref, width: img.width, height: img.height };
    } else {
      const { data, info } = await pipeline.raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
      let pixels = data;
      let channels = info.channels;
      if (channels === 2 || channels === 4) {
        // Should not happen after flatten(); drop any leftover alpha channel.
        const out = Buffer.alloc(info.width * info.height * (channels - 1));
        for (let i = 0, o = 0; i < data.length; i += channels)
          for (let c = 0; c < channels - 1; c++) out[o++] = data[i + c] ?? 0;
        pixels = out;
        channels -= 1;
      }
      const stream = doc.context.stream(deflateSync(pixels), {
        Type: 'XObject',
        Subtype: 'Image',
        Width: info.width,
        Height: info.height,
        ColorSpace: channels === 1 ? 'DeviceGray' : 'DeviceRGB',
        BitsPerComponent: 8,
        Filter: 'FlateDecode',
      });
      xobject = { ref: doc.context.register(stream), width: info.width, height: info.height };
    }
  }

  const [short, long] = PAGE[limits.pageSize];
  const landscape = xobject.width > xobject.height;
  const pageW = landscape ? long : short;
  const pageH = landscape ? short : long;
  const scale = Math.min((pageW - 2 * MARGIN) / xobject.width, (pageH - 2 * MARGIN) / xobject.height, 1);
  const w = xobject.width * scale;
  const h = xobject.height * scale;
  const page = doc.addPage([pageW, pageH]);
  const name = page.node.newXObject('Im', xobject.ref);
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(w, 0, 0, h, (pageW - w) / 2, (pageH - h) / 2),
    drawObject(name),
    popGraphicsState(),
  );
}
