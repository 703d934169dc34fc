import { PDFContext, type PDFDict, PDFName, PDFNumber, PDFObjectParser, PDFRef } from '@cantoo/pdf-lib';
import { decodeStages } from './decode.ts';
import { filterChain } from './filters.ts';

/**
 * The work one evidence PDF may cost us and the readers who open our output (decision 0015). Each
 * figure is a default for the matching `NormaliseLimits` field; going over one is a refusal that
 * says which, never a slow job or a page that needs gigabytes in a viewer.
 */

/**
 * Indirect objects, counted on the raw bytes before parsing (pdf-lib parses every object up front,
 * ~15 µs and ~2 KB each). The largest file of the corpus has 3,200; a 2,000-page born-digital
 * report has ~100,000.
 */
export const MAX_OBJECTS = 200_000;

/**
 * Printable annotations kept (stamps, highlights, filled widgets…). Links and other interactive
 * annotations are dropped whatever their number, so they never count.
 */
export const MAX_KEPT_ANNOTATIONS = 5_000;

/**
 * Decoded size of one image, in bytes of samples (width × height × components × bits / 8), taken
 * from the image dictionary and from the JBIG2 / JPEG 2000 / JPEG headers inside the stream,
 * whichever is larger. Viewers hold at least one such buffer per image they draw. What a printed
 * page can use (decision 0053): a Letter page at 1,200 dpi in four channels is 8.5 × 11 × 1,200² × 4
 * = 538 MB (513.6 MiB). The corpus's largest are a 9,000² RGB scan (243 MB) and a 35,000² bilevel
 * CCITT page (153 MB). The same bound holds for inline images and for an image codec found on a
 * stream that is not an image (a content stream coded as JBIG2: refused either way, too_large above it).
 */
export const MAX_IMAGE_BYTES = 512 * 1024 * 1024;

/** Pixels of one image, whatever its depth: decoders index pixels with 32-bit integers. */
export const MAX_IMAGE_PIXELS = 2 ** 31 - 1;

/**
 * Bytes we are willing to decode, in total, while measuring streams that readers decode in full (page
 * content, forms, fonts, ICC profiles, JBIG2 globals), through every general filter (Flate, LZW,
 * RunLength, ASCIIHex, ASCII85). A Flate, LZW or RunLength bomb stops the count here.
 */
export const MAX_INFLATED_BYTES = 512 * 1024 * 1024;

/** Page sides, in points after /UserUnit: under ½ inch nothing is legible; poster.pdf is 500 in. */
export const MIN_PAGE_SIDE_PT = 36;
export const MAX_PAGE_SIDE_PT = 1000 * 72;

/**
 * Bytes the input's object streams inflate to, in total. pdf-lib inflates each in memory while
 * parsing, so this is checked on the raw bytes first; the corpus's largest file needs 0.3 MB.
 */
export const MAX_OBJECT_STREAM_BYTES = 64 * 1024 * 1024;

export interface Preflight {
  objects: number;
  objectStreamBytes: number;
}

/** The parts of pdf-lib's parser used here (protected in its typings, stable in 2.x). */
interface ParserInternals {
  bytes: { peek(): number; peekAhead(n: number): number; offset(): number };
  skipWhitespaceAndComments(): void;
  parseDict(): PDFDict;
}

/** A dictionary read the way pdf-lib reads it (escaped names decoded), and where it ends. */
function readDict(bytes: Uint8Array, ctx: PDFContext): { dict: PDFDict; end: number } | undefined {
  const p = PDFObjectParser.forBytes(bytes, ctx) as unknown as ParserInternals;
  p.skipWhitespaceAndComments();
  if (p.bytes.peek() !== 0x3c || p.bytes.peekAhead(1) !== 0x3c) return undefined;
  const dict = p.parseDict();
  return { dict, end: p.bytes.offset() };
}

/** Longest stream dictionary looked at (a real one is a few hundred bytes). */
const MAX_DICT = 64 * 1024;

/**
 * Counts, before pdf-lib parses anything, the indirect objects (`N G obj` headers plus what object
 * streams declare in /N) and the bytes the object streams inflate to. Stream dictionaries are read
 * with pdf-lib's own parser, so a name spelled with escapes (/Obj#53tm) is recognised as pdf-lib
 * will recognise it. One pass: what a dictionary or stream covered is not looked at again, so the
 * work is linear in the file's size. Stops once a budget is passed.
 */
export async function preflight(bytes: Uint8Array, maxObjects: number): Promise<Preflight> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headers = objectHeaders(buf);
  const result: Preflight = { objects: headers.length, objectStreamBytes: 0 };
  if (result.objects > maxObjects) return result;
  const ctx = PDFContext.create();
  let covered = 0;
  for (const head of headers) {
    if (head < covered) continue;
    let found: ReturnType<typeof readDict>;
    try {
      found = readDict(bytes.subarray(head, Math.min(bytes.length, head + MAX_DICT)), ctx);
    } catch {
      continue;
    }
    if (!found) continue;
    covered = head + found.end;
    let start = covered;
    while (start < buf.length && (buf[start] === 0x20 || buf[start] === 0x0d || buf[start] === 0x0a)) start++;
    if (buf.toString('latin1', start, start + 6) !== 'stream') continue;
    start += 6;
    if (buf[start] === 0x0d) start++;
    if (buf[start] === 0x0a) start++;
    const { dict } = found;
    const length = dict.get(PDFName.of('Length'));
    const direct = length instanceof PDFNumber && start + length.asNumber() <= buf.length;
    const endstream = buf.indexOf('endstream', start);
    const end = direct ? start + length.asNumber() : endstream < 0 ? buf.length : endstream;
    covered = end;
    const type = dict.get(PDFName.of('Type'));
    if (type !== PDFName.of('ObjStm') && !(type instanceof PDFRef)) continue;
    const n = dict.get(PDFName.of('N'));
    // An indirect /N cannot be read here: count it as over budget rather than guess.
    result.objects += n instanceof PDFNumber ? Math.max(0, n.asNumber()) : maxObjects + 1;
    // pdf-lib decodes object streams through every general filter (Flate, LZW, RunLength, ASCII…).
    const chain = filterChain(ctx, dict);
    const cap = MAX_OBJECT_STREAM_BYTES - result.objectStreamBytes;
    const data = bytes.subarray(start, end);
    const decodable = !chain.unknown && !chain.codec && chain.general.length > 0;
    result.objectStreamBytes += decodable
      ? (await decodeStages(data, chain.general, { cap })).length
      : data.length;
    if (result.objects > maxObjects || result.objectStreamBytes > MAX_OBJECT_STREAM_BYTES) break;
  }
  return result;
}

/** "obj" preceded by whitespace and a digit (a `N G obj` header), not "endobj" or a word. */
function isObjHeader(buf: Buffer, at: number): boolean {
  let p = at - 1;
  while (p >= 0 && (buf[p] === 0x20 || buf[p] === 0x0a || buf[p] === 0x0d || buf[p] === 0x09)) p--;
  return p < at - 1 && p >= 0 && buf[p]! >= 0x30 && buf[p]! <= 0x39;
}

/** Where each `N G obj` header's body starts (just after "obj"), in one pass over the bytes. */
function objectHeaders(buf: Buffer): number[] {
  const at: number[] = [];
  for (let i = buf.indexOf('obj'); i >= 0; i = buf.indexOf('obj', i + 3))
    if (isObjHeader(buf, i)) at.push(i + 3);
  return at;
}
