/**
 * Builds PDFs byte by byte for tests that need a structure no PDF library would write (a page-tree loop,
 * object number 2^31, a lying /Count, a 3 × 3 pt page…): the test writes each object's text and this
 * helper lays them out with a classic xref table whose offsets are exact, so every reader takes the
 * file as written instead of reconstructing it.
 */
import { deflateSync } from 'node:zlib';

export interface RawObject {
  num: number;
  gen?: number;
  /** The object's text: a dictionary, array, number… (for a stream: its dictionary, without /Length). */
  body: string;
  /** Stream data, written after the dictionary with an exact /Length. */
  stream?: Uint8Array | string;
}

export interface RawPdfOptions {
  /** Trailer entries besides /Size, e.g. `/Root 1 0 R /Info 9 0 R`. */
  trailer: string;
  version?: string;
  /**
   * Pack every non-stream object into compressed object streams (100 per stream) with a
   * cross-reference stream, as Acrobat and most producers write PDF 1.5+: a 65,000-object file is
   * then a megabyte or two, as in the wild.
   */
  objectStreams?: boolean;
}

const latin1 = (s: string) => Buffer.from(s, 'latin1');

/** Stream bytes from text (latin1: one char = one byte). */
export const bytesOf = (s: string | Uint8Array): Uint8Array => (typeof s === 'string' ? latin1(s) : s);

export function rawPdf(objects: readonly RawObject[], opts: RawPdfOptions): Uint8Array {
  if (opts.objectStreams) return compressedPdf(objects, opts);
  const parts: Buffer[] = [latin1(`%PDF-${opts.version ?? '1.7'}\n%\xe2\xe3\xcf\xd3\n`)];
  let offset = parts[0]!.length;
  const offsets = new Map<number, { offset: number; gen: number }>();
  const push = (b: Buffer) => {
    parts.push(b);
    offset += b.length;
  };
  for (const o of objects) {
    const gen = o.gen ?? 0;
    offsets.set(o.num, { offset, gen });
    if (o.stream === undefined) {
      push(latin1(`${o.num} ${gen} obj\n${o.body}\nendobj\n`));
      continue;
    }
    const data = Buffer.from(bytesOf(o.stream));
    const dict = o.body.trim().replace(/>>$/, ` /Length ${data.length} >>`);
    push(latin1(`${o.num} ${gen} obj\n${dict}\nstream\n`));
    push(data);
    push(latin1('\nendstream\nendobj\n'));
  }
  const xrefAt = offset;
  const nums = [...offsets.keys()].sort((a, b) => a - b);
  // Subsections of consecutive numbers, so an object numbered 2^31 needs one line, not 2^31.
  let xref = 'xref\n0 1\n0000000000 65535 f \n';
  for (let i = 0; i < nums.length; ) {
    let j = i;
    while (j + 1 < nums.length && nums[j + 1] === nums[j]! + 1) j++;
    xref += `${nums[i]} ${j - i + 1}\n`;
    for (let k = i; k <= j; k++) {
      const e = offsets.get(nums[k]!)!;
      xref += `${String(e.offset).padStart(10, '0')} ${String(e.gen).padStart(5, '0')} n \n`;
    }
    i = j + 1;
  }
  const size = (nums.at(-1) ?? 0) + 1;
  push(latin1(`${xref}trailer\n<< /Size ${size} ${opts.trailer} >>\nstartxref\n${xrefAt}\n%%EOF\n`));
  return new Uint8Array(Buffer.concat(parts));
}

function compressedPdf(objects: readonly RawObject[], opts: RawPdfOptions): Uint8Array {
  const packable = objects.filter((o) => o.stream === undefined && (o.gen ?? 0) === 0);
  const packed = new Set(packable);
  const direct = objects.filter((o) => !packed.has(o));
  let next = objects.reduce((max, o) => Math.max(max, o.num), 0) + 1;
  const where = new Map<number, { stream: number; index: number }>();
  const streams: RawObject[] = [];
  for (let i = 0; i < packable.length; i += 100) {
    const chunk = packable.slice(i, i + 100);
    const num = next++;
    let header = '';
    let body = '';
    for (const [index, o] of chunk.entries()) {
      header += `${o.num} ${body.length} `;
      body += `${o.body}\n`;
      where.set(o.num, { stream: num, index });
    }
    const data = flate(header + body);
    streams.push({
      num,
      body: `<< /Type /ObjStm /N ${chunk.length} /First ${header.length} /Filter /FlateDecode >>`,
      stream: data,
    });
  }
  // Lay out the uncompressed objects with the classic writer, then read their offsets back.
  const xrefNum = next++;
  const head = Buffer.from(rawPdf([...direct, ...streams], { ...opts, objectStreams: false }));
  const cut = head.lastIndexOf('xref\n');
  const offsets = new Map<number, number>();
  for (const m of head
    .subarray(0, cut)
    .toString('latin1')
    .matchAll(/(?:^|\n)(\d+) (\d+) obj\n/g)) {
    offsets.set(Number(m[1]), m.index + (m[0].startsWith('\n') ? 1 : 0));
  }
  const rows: Buffer[] = [];
  for (let n = 0; n < xrefNum + 1; n++) {
    const row = Buffer.alloc(7);
    const packed = where.get(n);
    const at = n === xrefNum ? cut : offsets.get(n);
    if (packed) {
      row.writeUInt8(2, 0);
      row.writeUInt32BE(packed.stream, 1);
      row.writeUInt16BE(packed.index, 5);
    } else if (at !== undefined) {
      row.writeUInt8(1, 0);
      row.writeUInt32BE(at, 1);
    }
    rows.push(row);
  }
  const xref = Buffer.from(flate(Buffer.concat(rows)));
  const dict = `<< /Type /XRef /Size ${xrefNum + 1} /W [1 4 2] ${opts.trailer} /Filter /FlateDecode /Length ${xref.length} >>`;
  const tail = [
    latin1(`${xrefNum} 0 obj\n${dict}\nstream\n`),
    xref,
    latin1(`\nendstream\nendobj\nstartxref\n${cut}\n%%EOF\n`),
  ];
  return new Uint8Array(Buffer.concat([head.subarray(0, cut), ...tail]));
}

/** A content stream that paints something visible (a filled box and a line of text in Helvetica). */
export function visibleContent(label = 'Evidence page'): string {
  return `0.2 0.3 0.8 rg 72 600 200 100 re f BT /F1 24 Tf 0 g 72 500 Td (${label}) Tj ET`;
}

/** Objects for a font resource shared by the pages of these tests (standard 14, not embedded). */
export const HELVETICA = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';

/** zlib-compressed bytes (what /FlateDecode expects). */
export const flate = (data: Uint8Array | string, level = 9): Uint8Array =>
  new Uint8Array(deflateSync(bytesOf(data), { level }));
