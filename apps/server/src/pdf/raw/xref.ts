/**
 * A PDF's cross-reference data (PDF 32000-1 §7.5.4–7.5.8): the classic tables, cross-reference streams, hybrid
 * files and the /Prev chain of updates, read from the last `startxref` back (the newest entry of an object wins).
 * reader.ts falls back to scanning the file when this throws or its offsets do not start their objects.
 */
import { decodeStream, type Resolve } from './filters.ts';
import { Parser, streamExtent } from './parse.ts';
import { PdfDict, PdfRef, PdfStream, PdfSyntaxError } from './values.ts';

/** Where an object is: at a byte offset, or the index-th object of an object stream. */
export type Location =
  | { kind: 'offset'; offset: number; gen: number }
  | { kind: 'packed'; stream: number; index: number };

/** Decoded object and cross-reference streams are small; this bounds a hostile one. */
export const MAX_INDEX_STREAM = 64 * 1024 * 1024;

/** The cross-reference sections from the last `startxref` back through /Prev (newest entry wins). */
export function readXref(bytes: Uint8Array): { trailer: PdfDict; locations: Map<number, Location> } {
  const tail = Math.max(0, bytes.length - 4096);
  const at = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).lastIndexOf(
    'startxref',
    undefined,
    'latin1',
  );
  if (at < tail) throw new PdfSyntaxError('no startxref', bytes.length);
  const p = new Parser(bytes, at + 'startxref'.length);
  let offset = p.uint();
  const locations = new Map<number, Location>();
  let trailer: PdfDict | undefined;
  const seen = new Set<number>();
  while (offset !== undefined && !seen.has(offset)) {
    seen.add(offset);
    if (offset >= bytes.length) throw new PdfSyntaxError('startxref beyond the end', offset);
    const section = new Parser(bytes, offset);
    let dict: PdfDict;
    if (section.keyword('xref')) {
      dict = readTable(section, locations);
      const stm = dict.get('XRefStm');
      // A hybrid file: the objects the table leaves out (packed in object streams) are in this stream.
      if (typeof stm === 'number' && !seen.has(stm)) {
        seen.add(stm);
        readXrefStream(bytes, stm, locations);
      }
    } else dict = readXrefStream(bytes, offset, locations);
    trailer ??= dict;
    const prev = dict.get('Prev');
    offset = typeof prev === 'number' ? prev : undefined;
  }
  if (!trailer) throw new PdfSyntaxError('no trailer', at);
  return { trailer, locations };
}

function readTable(p: Parser, locations: Map<number, Location>): PdfDict {
  for (;;) {
    if (p.keyword('trailer')) {
      const t = p.value();
      if (!(t instanceof PdfDict)) throw new PdfSyntaxError('trailer is not a dictionary', p.pos);
      return t;
    }
    const start = p.uint();
    const count = p.uint();
    if (start === undefined || count === undefined) throw new PdfSyntaxError('bad xref subsection', p.pos);
    for (let k = 0; k < count; k++) {
      const off = p.uint();
      const gen = p.uint();
      p.skip();
      const type = p.word();
      if (off === undefined || gen === undefined || (type !== 'n' && type !== 'f')) {
        throw new PdfSyntaxError('bad xref entry', p.pos);
      }
      const num = start + k;
      // Free entries do not hide an object an older section (or the hybrid stream) defines.
      if (type === 'n' && !locations.has(num) && off > 0)
        locations.set(num, { kind: 'offset', offset: off, gen });
    }
  }
}

function readXrefStream(bytes: Uint8Array, offset: number, locations: Map<number, Location>): PdfDict {
  const p = new Parser(bytes, offset);
  const o = p.indirect();
  if (o.streamStart === undefined || !(o.value instanceof PdfDict) || o.value.name('Type') !== 'XRef') {
    throw new PdfSyntaxError('no cross-reference stream', offset);
  }
  const d = o.value;
  const len = d.get('Length');
  const end = streamExtent(bytes, o.streamStart, typeof len === 'number' ? len : undefined);
  if (end === undefined) throw new PdfSyntaxError('cross-reference stream without end', offset);
  const direct: Resolve = (v) => (v instanceof PdfRef ? undefined : v);
  const data = decodeStream(new PdfStream(d, bytes.subarray(o.streamStart, end)), direct, MAX_INDEX_STREAM);
  const w = d.get('W');
  if (!Array.isArray(w) || w.length < 3 || !w.every((x) => typeof x === 'number' && x >= 0 && x <= 8)) {
    throw new PdfSyntaxError('bad /W', offset);
  }
  const [w0, w1, w2] = w as number[];
  const size = d.get('Size');
  const index = d.get('Index');
  const ranges = Array.isArray(index) ? (index as number[]) : [0, typeof size === 'number' ? size : 0];
  const field = (at: number, width: number, dflt: number) => {
    if (width === 0) return dflt;
    let v = 0;
    for (let k = 0; k < width; k++) v = v * 256 + data[at + k]!;
    return v;
  };
  const rowBytes = w0! + w1! + w2!;
  let at = 0;
  for (let r = 0; r + 1 < ranges.length; r += 2) {
    const start = ranges[r]!;
    const count = ranges[r + 1]!;
    if (typeof start !== 'number' || typeof count !== 'number') break;
    for (let k = 0; k < count && at + rowBytes <= data.length; k++, at += rowBytes) {
      const type = field(at, w0!, 1);
      const a = field(at + w0!, w1!, 0);
      const b = field(at + w0! + w1!, w2!, 0);
      const num = start + k;
      if (locations.has(num)) continue;
      if (type === 1 && a > 0) locations.set(num, { kind: 'offset', offset: a, gen: b });
      else if (type === 2) locations.set(num, { kind: 'packed', stream: a, index: b });
    }
  }
  return d;
}
