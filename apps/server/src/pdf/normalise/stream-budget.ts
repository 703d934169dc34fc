/**
 * Measures every stream a reader decodes in full, through each of its filters (decisions 0015, 0053), by
 * decoding it into a counter that keeps nothing and stops at a cap: page content, form XObjects, patterns,
 * Type 3 glyphs, fonts, ICC profiles, JBIG2 globals. A content stream is read token by token on the way, so
 * its inline images are measured like any image. What readers cannot decode is refused or repaired:
 * - an image codec (DCT, JPX, JBIG2, CCITT) on a stream that is not an image: refused, `too_large` when its
 *   header declares more than an image may, `damaged` otherwise (a page description is text operators);
 * - a filter no reader knows on a content stream: `damaged`;
 * - a stream whose data breaks off: cut to what decodes (a content stream to its last whole operator) and
 *   written again under one FlateDecode.
 * Images are measured from their declared size instead (image-budget.ts): readers read width × height of them.
 */
import { deflateSync } from 'node:zlib';
import {
  PDFArray,
  type PDFContext,
  PDFDict,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRawStream,
  PDFStream,
} from '@cantoo/pdf-lib';
import { ContentLexer } from './content-lexer.ts';
import { decodeStages } from './decode.ts';
import { type FilterChain, filterChain } from './filters.ts';
import { type ImageSize, imageSize, isImage, overBudget } from './image-budget.ts';
import { inlineImageSize } from './inline-images.ts';

/**
 * Largest stream held in memory to be cut and written again; a corrupt stream that decodes to more is
 * refused as damaged.
 */
const MAX_REPAIR_BYTES = 64 * 1024 * 1024;

export interface StreamLimits {
  /** Bytes all non-image streams may decode to, in total. */
  inflated: number;
  /** One image's decoded bytes and pixels (inline images, image codecs on other streams). */
  imageBytes: number;
  imagePixels: number;
}

export type StreamRefusal =
  | { code: 'damaged' }
  | { code: 'too_large'; reason: 'inflated' }
  | { code: 'too_large'; reason: 'image'; size: ImageSize };

export interface StreamReport {
  /** Total decoded bytes counted (over the cap: the file is refused). */
  inflated: number;
  /** Streams cut to the part that decodes. */
  repaired: number;
  refusal?: StreamRefusal;
}

/**
 * The streams readers interpret as content: the pages' /Contents, form XObjects, tiling patterns, and the
 * glyph procedures of Type 3 fonts.
 */
export function contentStreams(ctx: PDFContext, leaves: readonly PDFDict[]): Set<PDFStream> {
  const found = new Set<PDFStream>();
  const add = (v: PDFObject | undefined) => {
    const o = v === undefined ? undefined : ctx.lookup(v);
    if (o instanceof PDFStream) found.add(o);
  };
  for (const leaf of leaves) {
    const contents = ctx.lookup(leaf.get(PDFName.of('Contents')));
    if (contents instanceof PDFArray) for (const part of contents.asArray()) add(part);
    else add(contents);
  }
  for (const [, obj] of ctx.enumerateIndirectObjects()) {
    const dict = obj instanceof PDFStream ? obj.dict : obj instanceof PDFDict ? obj : undefined;
    if (!dict) continue;
    const subtype = ctx.lookup(dict.get(PDFName.of('Subtype')));
    const pattern = ctx.lookup(dict.get(PDFName.of('PatternType')));
    if (
      obj instanceof PDFStream &&
      (subtype === PDFName.of('Form') || (pattern instanceof PDFNumber && pattern.asNumber() === 1))
    ) {
      found.add(obj);
    }
    const procs = subtype === PDFName.of('Type3') ? ctx.lookup(dict.get(PDFName.of('CharProcs'))) : undefined;
    if (procs instanceof PDFDict) for (const [, proc] of procs.entries()) add(proc);
  }
  return found;
}

/** Decodes, counts and if need be repairs every stream that is not an image; stops at the first refusal. */
export async function checkStreams(
  ctx: PDFContext,
  leaves: readonly PDFDict[],
  lim: StreamLimits,
): Promise<StreamReport> {
  const content = contentStreams(ctx, leaves);
  const report: StreamReport = { inflated: 0, repaired: 0 };
  const refuse = (refusal: StreamRefusal) => ({ ...report, refusal });
  for (const [, obj] of ctx.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFRawStream)) continue;
    const isContent = content.has(obj);
    if (!isContent && isImage(ctx, obj)) continue;
    const chain = filterChain(ctx, obj.dict);
    if (chain.unknown) {
      if (isContent) return refuse({ code: 'damaged' });
      continue;
    }
    if (chain.codec) {
      const size = await imageSize(ctx, obj);
      const over = !size.unreadable && overBudget(size, lim.imageBytes, lim.imagePixels);
      return refuse(over ? { code: 'too_large', reason: 'image', size } : { code: 'damaged' });
    }
    if (!isContent && chain.general.length === 0) continue;

    let inline: ImageSize | undefined;
    const lexer = isContent
      ? new ContentLexer((image) => {
          const size = inlineImageSize(image);
          if (overBudget(size, lim.imageBytes, lim.imagePixels) && (!inline || size.bytes > inline.bytes)) {
            inline = size;
          }
        })
      : undefined;
    const left = lim.inflated - report.inflated;
    const r = await decodeStages(obj.getContents(), chain.general, {
      cap: left,
      onData: lexer && ((chunk) => lexer.write(chunk)),
    });
    lexer?.end(r.corrupt || r.over);
    // An unfiltered stream costs what it weighs in the file.
    if (chain.general.length > 0) report.inflated += r.length;
    if (r.over || report.inflated > lim.inflated) return refuse({ code: 'too_large', reason: 'inflated' });
    if (inline) return refuse({ code: 'too_large', reason: 'image', size: inline });
    if (!r.corrupt) continue;
    if (!(await repair(obj, chain, isContent))) return refuse({ code: 'damaged' });
    report.repaired++;
  }
  return report;
}

/**
 * Cuts a stream whose data breaks off to what decodes (predictors undone), a content stream to its last whole
 * operator (a reader drops the rest too), and writes it again under one FlateDecode. False when the decoded
 * part is over MAX_REPAIR_BYTES, or when not one whole operator of a content stream with data decodes: a blank
 * page is worse than a clear refusal.
 */
const isBlank = (data: Uint8Array) =>
  data.every((b) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09 || b === 0x0c || b === 0);

async function repair(stream: PDFRawStream, chain: FilterChain, isContent: boolean) {
  const kept = await decodeStages(stream.getContents(), chain.general, { cap: MAX_REPAIR_BYTES, keep: true });
  if (kept.over) return false;
  let data = kept.data ?? Buffer.alloc(0);
  if (isContent) {
    const lexer = new ContentLexer(() => {});
    lexer.write(data);
    lexer.end(true);
    // An empty stream under a filter (pikepdf writes `<< /Length 0 /Filter /FlateDecode >>` for a blank page)
    // is a blank page as the file has it, not damage.
    if (lexer.safeEnd === 0 && !isBlank(stream.getContents())) return false;
    data = data.subarray(0, lexer.safeEnd);
  }
  stream.dict.delete(PDFName.of('DecodeParms'));
  stream.dict.set(PDFName.of('Filter'), PDFName.of('FlateDecode'));
  stream.updateContents(new Uint8Array(deflateSync(data)));
  return true;
}
