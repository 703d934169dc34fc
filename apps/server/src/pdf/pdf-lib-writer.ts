/**
 * pdf-lib's writer, made fast where it is slow for our files (decision 0043). Installed once, on import, for
 * every writer in the process; the bytes written are the same PDF syntax.
 *
 * - **Compression.** pdf-lib compresses every stream it creates (page content, form-field appearances, embedded
 *   fonts) with fflate, a deflate written in JavaScript whose set-up on each call (hash tables of tens of
 *   kilobytes) dominates for the small streams a PDF is made of: a filled I-140 has hundreds of appearance
 *   streams, a packet one stamp stream per page. Node's zlib makes the same zlib-wrapped deflate data (RFC 1950,
 *   level 6 like fflate's default) natively.
 * - **Copying.** `PDFStream.copyBytesInto` copies a stream's contents into the output one byte at a time in a
 *   JavaScript loop: for a packet that is 40 MB of exhibits. A typed-array `set` copies the same bytes.
 */
import { deflateSync } from 'node:zlib';
import { PDFContext, PDFFlateStream, PDFStream } from '@cantoo/pdf-lib';

interface FlateInternals {
  encode: boolean;
  computeContents: () => Uint8Array;
  contentsCache: { populate: () => Uint8Array };
  getUnencodedContents(): Uint8Array;
}

interface StreamInternals {
  dict: { copyBytesInto(buffer: Uint8Array, offset: number): number };
  updateDict(): void;
  getContents(): Uint8Array;
}

const deflate = (bytes: Uint8Array): Uint8Array => {
  const out = deflateSync(bytes);
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
};

const flate = PDFFlateStream.prototype as unknown as {
  getContents(): Uint8Array;
  getContentsSize(): number;
  __fastWriter?: true;
};
if (!flate.__fastWriter) {
  const getContents = flate.getContents;
  const getContentsSize = flate.getContentsSize;
  // The library's cache computes `computeContents` (fflate) on first access. Until then it still holds that
  // very function, so it is swapped for the native one; a cache given fixed bytes (`updateContents`) is kept.
  const native = (s: FlateInternals) => {
    if (s.encode && s.contentsCache.populate === s.computeContents)
      s.contentsCache.populate = () => deflate(s.getUnencodedContents());
  };
  flate.getContents = function (this: FlateInternals) {
    native(this);
    return getContents.call(this);
  };
  flate.getContentsSize = function (this: FlateInternals) {
    native(this);
    return getContentsSize.call(this);
  };

  // `context.flateStream` (embedded fonts and images) calls fflate directly.
  const context = PDFContext.prototype as unknown as {
    flateStream(contents: Uint8Array | string, dict?: Record<string, unknown>): unknown;
    stream(contents: Uint8Array, dict?: Record<string, unknown>): unknown;
  };
  context.flateStream = function (
    this: typeof context,
    contents: Uint8Array | string,
    dict: Record<string, unknown> = {},
  ) {
    // A string is one byte per character, as the library's own `typedArrayFor` reads it.
    const bytes = typeof contents === 'string' ? Buffer.from(contents, 'latin1') : contents;
    return this.stream(deflate(bytes), { ...dict, Filter: 'FlateDecode' });
  };

  // `<dict>\nstream\n<contents>\nendstream`, as the library writes it.
  const OPEN = new TextEncoder().encode('\nstream\n');
  const CLOSE = new TextEncoder().encode('\nendstream');
  (PDFStream.prototype as unknown as { copyBytesInto: unknown }).copyBytesInto = function (
    this: StreamInternals,
    buffer: Uint8Array,
    offset: number,
  ): number {
    this.updateDict();
    const start = offset;
    offset += this.dict.copyBytesInto(buffer, offset);
    buffer.set(OPEN, offset);
    offset += OPEN.length;
    const contents = this.getContents();
    buffer.set(contents, offset);
    offset += contents.length;
    buffer.set(CLOSE, offset);
    offset += CLOSE.length;
    return offset - start;
  };
  flate.__fastWriter = true;
}
