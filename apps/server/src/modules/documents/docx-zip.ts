import { inflateRawSync } from 'node:zlib';
import { DOCX_IMPORT_LIMITS, DocumentErrorCode as E } from '@dossier/contract';

/**
 * The .docx import's first look (issue 27 item 2, decision 0049): the zip's central directory, read without
 * inflating or parsing anything, says how many parts the file has, what each inflates to and how much each is
 * compressed; a file over DOCX_IMPORT_LIMITS is refused from that alone. Then, in the import's thread, each part is
 * inflated once with its claimed size as a hard cap, so a part that inflates beyond what the directory claims is
 * refused before the reader (JSZip, inside mammoth) inflates it without a bound.
 *
 * The reading follows JSZip's, so both look at the same bytes: the end record (ZIP64 when present), the central
 * records one after another while their signature is there (JSZip does not stop at the end record's count), bytes
 * prepended to the archive allowed for, each part's data after its local header.
 */

export type DocxLimits = { readonly [K in keyof typeof DOCX_IMPORT_LIMITS]: number };

export interface ZipPart {
  name: string;
  /** 0 stored, 8 deflated (the only two JSZip reads). */
  method: number;
  compressedSize: number;
  /** What the central directory claims it inflates to. */
  size: number;
  /** Where its local header starts (after any prepended bytes). */
  localOffset: number;
}

/** Why a file is refused: the HTTP status, the error code and the message's variables (the file's name apart). */
export interface DocxRefusal {
  status: 400 | 413 | 422;
  code: string;
  vars: Record<string, number>;
}

const unreadable: DocxRefusal = { status: 400, code: E.importUnreadable, vars: {} };
const MB = 1024 * 1024;
const expandsTooFar = (max: number): DocxRefusal => ({
  status: 413,
  code: E.importExpandsTooFar,
  vars: { max_mb: Math.round(max / MB) },
});

const SIG_END = 0x06054b50;
const SIG_END64 = 0x06064b50;
const SIG_LOCATOR64 = 0x07064b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_LOCAL = 0x04034b50;
const MAX16 = 0xffff;
const MAX32 = 0xffffffff;

const u64 = (b: Buffer, at: number) => Number(b.readBigUInt64LE(at));

/** The end of central directory record: where the directory starts, its size and the parts it counts. */
function endRecord(b: Buffer): { count: number; dirOffset: number; extra: number } | undefined {
  // The record is 22 bytes followed by a comment of at most 65,535 bytes.
  for (let at = b.length - 22; at >= Math.max(0, b.length - 22 - MAX16); at--) {
    if (b.readUInt32LE(at) !== SIG_END) continue;
    let count = b.readUInt16LE(10 + at);
    let size = b.readUInt32LE(12 + at);
    let offset = b.readUInt32LE(16 + at);
    let end = at;
    if (count === MAX16 || size === MAX32 || offset === MAX32) {
      // ZIP64: the locator right before the end record points at the 64-bit end record.
      const loc = at - 20;
      if (loc < 0 || b.readUInt32LE(loc) !== SIG_LOCATOR64) {
        // Without one, a count of 65,535 still means at least that many parts.
        return count === MAX16 ? { count, dirOffset: -1, extra: 0 } : undefined;
      }
      const rec = u64(b, loc + 8);
      if (rec < 0 || rec + 56 > loc || b.readUInt32LE(rec) !== SIG_END64) return undefined;
      count = u64(b, rec + 32);
      size = u64(b, rec + 40);
      offset = u64(b, rec + 48);
      end = rec;
    }
    // Bytes before the archive (a self-extractor stub, say) shift every offset, as JSZip allows.
    const extra = end - (offset + size);
    if (extra < 0) return undefined;
    return { count, dirOffset: offset + extra, extra };
  }
  return undefined;
}

/** A central record's ZIP64 extra field: the 64-bit values of the 32-bit fields that say 0xffffffff. */
function zip64Values(b: Buffer, extraAt: number, extraLen: number, wanted: number): number[] | undefined {
  for (let at = extraAt; at + 4 <= extraAt + extraLen; ) {
    const id = b.readUInt16LE(at);
    const len = b.readUInt16LE(at + 2);
    if (id === 0x0001) {
      if (len < wanted * 8 || at + 4 + len > extraAt + extraLen) return undefined;
      return Array.from({ length: wanted }, (_, i) => u64(b, at + 4 + i * 8));
    }
    at += 4 + len;
  }
  return undefined;
}

/**
 * The parts of `b` as its central directory lists them, or why the file is refused: not a zip (400), more parts
 * than `limits.maxParts` (413), a part or all of them inflating beyond the limits (413), a large part compressed
 * more than `limits.maxRatio` times (422). Reads at most maxParts + 1 records; inflates nothing.
 */
export function inspectDocx(b: Buffer, limits: DocxLimits = DOCX_IMPORT_LIMITS): ZipPart[] | DocxRefusal {
  const tooMany: DocxRefusal = { status: 413, code: E.importTooManyParts, vars: { max: limits.maxParts } };
  const end = b.length >= 22 ? endRecord(b) : undefined;
  if (!end) return unreadable;
  if (end.count > limits.maxParts) return tooMany;
  const parts: ZipPart[] = [];
  let total = 0;
  for (let at = end.dirOffset; at >= 0 && at + 46 <= b.length && b.readUInt32LE(at) === SIG_CENTRAL; ) {
    if (parts.length === limits.maxParts) return tooMany;
    const flags = b.readUInt16LE(at + 8);
    const method = b.readUInt16LE(at + 10);
    let compressedSize = b.readUInt32LE(at + 20);
    let size = b.readUInt32LE(at + 24);
    const nameLen = b.readUInt16LE(at + 28);
    const extraLen = b.readUInt16LE(at + 30);
    const commentLen = b.readUInt16LE(at + 32);
    let localOffset = b.readUInt32LE(at + 42);
    const nameAt = at + 46;
    if (nameAt + nameLen + extraLen > b.length) return unreadable;
    const wide = [size, compressedSize, localOffset].filter((v) => v === MAX32).length;
    if (wide > 0) {
      const values = zip64Values(b, nameAt + nameLen, extraLen, wide);
      if (!values) return unreadable;
      if (size === MAX32) size = values.shift()!;
      if (compressedSize === MAX32) compressedSize = values.shift()!;
      if (localOffset === MAX32) localOffset = values.shift()!;
    }
    // Encrypted parts and methods other than stored / deflated: JSZip cannot read them either.
    if (flags & 1 || (method !== 0 && method !== 8)) return unreadable;
    if (size > limits.maxPartBytes) return expandsTooFar(limits.maxPartBytes);
    total += size;
    if (total > limits.maxTotalBytes) return expandsTooFar(limits.maxTotalBytes);
    if (size > limits.ratioFromBytes && size > compressedSize * limits.maxRatio) {
      return { status: 422, code: E.importCompression, vars: { max: limits.maxRatio } };
    }
    parts.push({
      name: b.toString('utf8', nameAt, nameAt + nameLen),
      method,
      compressedSize,
      size,
      localOffset: localOffset + end.extra,
    });
    at = nameAt + nameLen + extraLen + commentLen;
  }
  return parts.length > 0 ? parts : unreadable;
}

/** A part's compressed bytes, found after its local header as JSZip finds them (undefined when out of the file). */
function partData(b: Buffer, part: ZipPart): Buffer | undefined {
  const at = part.localOffset;
  if (at < 0 || at + 30 > b.length || b.readUInt32LE(at) !== SIG_LOCAL) return undefined;
  const start = at + 30 + b.readUInt16LE(at + 26) + b.readUInt16LE(at + 28);
  const stop = start + part.compressedSize;
  return stop <= b.length ? b.subarray(start, stop) : undefined;
}

const isTooLarge = (err: unknown) => (err as { code?: string } | null)?.code === 'ERR_BUFFER_TOO_LARGE';

/**
 * Inflates every deflated part once, capped at the size the central directory claims for it (never more than the
 * limits): a part that inflates beyond its claim is refused (413) before anything inflates it without a bound.
 * A part that does not inflate at all is left to the reader, which refuses the file if it needs that part.
 */
export function checkInflatedSizes(
  b: Buffer,
  parts: readonly ZipPart[],
  limits: DocxLimits = DOCX_IMPORT_LIMITS,
): DocxRefusal | undefined {
  for (const part of parts) {
    if (part.method !== 8) continue;
    const data = partData(b, part);
    if (!data) return unreadable;
    try {
      const out = inflateRawSync(data, { maxOutputLength: Math.max(1, part.size) });
      if (out.length > part.size) return expandsTooFar(limits.maxPartBytes);
    } catch (err) {
      if (isTooLarge(err)) return expandsTooFar(limits.maxPartBytes);
    }
  }
  return undefined;
}

export const isRefusal = (v: ZipPart[] | DocxRefusal): v is DocxRefusal => !Array.isArray(v);
